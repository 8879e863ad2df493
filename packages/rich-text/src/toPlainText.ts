import { blocksToPlainText } from './adapter/portabletext';
import { normalize } from './normalize';
import type { RichTextValue } from './types';

/**
 * The text of a document for excerpts, meta descriptions and search: blocks joined by a blank
 * line, non-text types skipped. Accepts what `RichText` accepts (`null`, one block, an array).
 */
export function toPlainText(value: RichTextValue | null | undefined): string {
  return blocksToPlainText(normalize(value));
}
