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
 * typed objects dropped, zero-width/stega characters stripped from `_type`, `style` and `listItem`.
 * Returns the input array itself when nothing needed changing (no per-block allocation).
 */
export function normalize<T extends TypedObject>(value: T | readonly T[] | null | undefined): T[] {
  if (value == null) return [];
  const input = (Array.isArray(value) ? value : [value]) as Node[];
  let out: Node[] | undefined;
  for (let i = 0; i < input.length; i++) {
    const node = input[i];
    const ok = node !== null && typeof node === 'object' && typeof node._type === 'string';
    const next = ok ? (dirty(node) ? clean(node) : node) : undefined;
    if (next !== node && !out) out = input.slice(0, i);
    if (out && next) out.push(next);
  }
  return (out ?? input) as T[];
}
