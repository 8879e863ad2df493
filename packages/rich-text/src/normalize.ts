import type { TypedObject } from '@portabletext/types';

const INVISIBLE = /[\p{Cc}\p{Cf}\s]/gu;
const HAS_INVISIBLE = /[\p{Cc}\p{Cf}\s]/u;
const FIELDS = ['_type', 'style', 'listItem'] as const;

type Node = TypedObject & Record<string, unknown>;

const dirty = (node: Node) => FIELDS.some((f) => typeof node[f] === 'string' && HAS_INVISIBLE.test(node[f] as string));

function clean(node: Node): Node {
  const copy: Node = { ...node };
  for (const f of FIELDS) if (typeof copy[f] === 'string') copy[f] = (copy[f] as string).replace(INVISIBLE, '');
  return copy;
}

/**
 * A document as an array: `null`/`undefined` → `[]`, one block → `[block]`, entries that are not
 * typed objects dropped, zero-width/stega characters stripped from `_type`, `style` and `listItem`,
 * a repeated top-level `_key` made unique.
 * Returns the input array itself when nothing needed changing (no per-block allocation).
 */
export function normalize<T extends TypedObject>(value: T | readonly T[] | null | undefined): T[] {
  if (value == null) return [];
  const input = (Array.isArray(value) ? value : [value]) as Node[];
  let out: Node[] | undefined;
  const keys = new Set<unknown>();
  for (let i = 0; i < input.length; i++) {
    const node = input[i];
    const ok = node !== null && typeof node === 'object' && typeof node._type === 'string';
    let next = ok ? (dirty(node) ? clean(node) : node) : undefined;
    // A duplicated `_key` (copy-paste in the editor) would make React warn on every render.
    if (next?._key !== undefined) {
      if (keys.has(next._key)) next = { ...next, _key: `${next._key}-${i}` };
      keys.add(next._key);
    }
    if (next !== node && !out) out = input.slice(0, i);
    if (out && next) out.push(next);
  }
  return (out ?? input) as T[];
}
