import type { TypedObject } from '@portabletext/types';

const INVISIBLE = /[\p{Cc}\p{Cf}\s]/gu;
const HAS_INVISIBLE = /[\p{Cc}\p{Cf}\s]/u;
const FIELDS = ['_type', 'style', 'listItem'] as const;

type Node = TypedObject & Record<string, unknown>;

/** Printable ASCII with no space: every type and mark name in practice, tested far faster than `HAS_INVISIBLE`. */
const PLAIN = /^[\x21-\x7e]*$/;
const tainted = (text: unknown) => typeof text === 'string' && !PLAIN.test(text) && HAS_INVISIBLE.test(text);
/** A span or inline object (`children[]`) or a mark definition (`markDefs[]`) with a tainted type or mark name. */
const dirtyChild = (child: unknown): boolean => {
  if (!child || typeof child !== 'object') return false;
  const { _type, marks } = child as { _type?: unknown; marks?: unknown };
  return tainted(_type) || (Array.isArray(marks) && marks.some(tainted));
};
const dirtyList = (list: unknown) => Array.isArray(list) && list.some(dirtyChild);
const dirty = (node: Node) =>
  FIELDS.some((f) => tainted(node[f])) || dirtyList(node.children) || dirtyList(node.markDefs);

const strip = (text: string) => text.replace(INVISIBLE, '');
function cleanChild(child: Node): Node {
  const copy: Node = { ...child, _type: strip(child._type) };
  if (Array.isArray(child.marks)) copy.marks = child.marks.map((m: unknown) => (typeof m === 'string' ? strip(m) : m));
  return copy;
}

function clean(node: Node): Node {
  const copy: Node = { ...node };
  for (const f of FIELDS) if (typeof copy[f] === 'string') copy[f] = strip(copy[f] as string);
  for (const f of ['children', 'markDefs'] as const) {
    const list = copy[f];
    if (Array.isArray(list)) copy[f] = list.map((c: Node) => (dirtyChild(c) ? cleanChild(c) : c));
  }
  return copy;
}

/**
 * A document as an array: `null`/`undefined` → `[]`, one block → `[block]`, entries that are not
 * typed objects dropped, zero-width/stega characters stripped from `_type`, `style` and `listItem`
 * (and from the `_type` and mark names of spans, inline objects and mark definitions),
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
