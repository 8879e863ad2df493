import type { TypedObject } from '@portabletext/types';
import { blocksToPlainText } from './adapter/portabletext';
import type { RichTextBlock } from './types';

const HEADING = /^h[1-6]$/;

/** `"Hello, World!"` → `"hello-world"`: lower case, accents dropped, runs of anything but letters/digits → `-`. */
export function slugify(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '') || 'section'
  );
}

/**
 * Ids for every top-level heading block, derived from its text and de-duplicated within the
 * document (`intro`, `intro-1`, `intro-2`): the same value always gives the same ids, on the server
 * and in the browser.
 */
export function headingIds(
  blocks: readonly TypedObject[],
  make: (text: string, block: RichTextBlock) => string = slugify,
): Map<unknown, string> {
  const ids = new Map<unknown, string>();
  const counters = new Map<string, number>();
  const taken = new Set<string>();
  for (const node of blocks) {
    const block = node as RichTextBlock;
    if (block._type !== 'block' || !HEADING.test(block.style ?? '') || block.listItem) continue;
    const base = make(blocksToPlainText(block), block);
    let n = counters.get(base) ?? 0;
    let id = base;
    while (taken.has(id)) id = `${base}-${++n}`;
    counters.set(base, n);
    taken.add(id);
    ids.set(block, id);
    if (block._key && !ids.has(block._key)) ids.set(block._key, id);
  }
  return ids;
}
