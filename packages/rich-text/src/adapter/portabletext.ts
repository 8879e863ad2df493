/**
 * The one door to @portabletext/react: every other file of the package goes through this module,
 * and it speaks Plinth's own types (`RichTextComponents`, `RichTextBlock`…) to the rest of the package.
 *
 * It is a static import, not `import()`: rich text renders synchronously on the server and on the first
 * client render (no flash of unrendered content, no hydration mismatch), and the renderer is 3.5 kB gz.
 */
import {
  mergeComponents as merge,
  PortableText as Renderer,
  defaultComponents as upstreamDefaults,
  toPlainText as upstreamPlainText,
} from '@portabletext/react';
import type { TypedObject } from '@portabletext/types';
import { createElement, type ReactElement } from 'react';
import type { RichTextBlock, RichTextComponents, RichTextDefaultComponents } from '../types';

// The signatures below convert between Plinth's component types and the renderer's without a cast, so
// the compiler checks that they agree: if @portabletext/react changes its props, this file stops type-checking.

/** What the renderer reports a missing component for. */
export type MissingKind = 'block' | 'mark' | 'blockStyle' | 'listStyle' | 'listItemStyle';

/** @portabletext/react's own default components (every style, mark and list, hard breaks). */
export const rendererDefaults: RichTextDefaultComponents = upstreamDefaults;

/** Overrides merged over a complete set (one level deep, as the renderer merges). */
export function mergeComponents(
  base: RichTextDefaultComponents,
  overrides: RichTextComponents,
): RichTextDefaultComponents {
  return merge(base, overrides);
}

/** Renders normalised blocks with a complete component set. */
export function renderPortableText(
  value: TypedObject[],
  components: RichTextDefaultComponents,
  onMissing: (message: string, options: { type: string; nodeType: MissingKind }) => void,
): ReactElement {
  return createElement(Renderer, { value, components, onMissingComponent: onMissing });
}

/** The text of blocks (non-text blocks skipped), blocks joined by a blank line. */
export function blocksToPlainText(blocks: readonly TypedObject[] | RichTextBlock): string {
  return upstreamPlainText(blocks as RichTextBlock[]);
}
