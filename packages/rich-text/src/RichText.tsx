import type { TypedObject } from '@portabletext/types';
import { useMemo } from 'react';
import { mergeComponents, renderPortableText } from './adapter/portabletext';
import { type RichTextSettings, SettingsContext } from './context';
import { defaultComponents } from './defaultComponents';
import { headingIds as makeHeadingIds } from './headingIds';
import { normalize } from './normalize';
import { reportMissing } from './report';
import type { RichTextBlock, RichTextComponents, RichTextImageOptions, RichTextNode, RichTextValue } from './types';

export interface RichTextProps {
  /** The document: an array of blocks, one block, or `null`/`undefined` (renders nothing). */
  value: RichTextValue<RichTextNode> | null | undefined;
  /** Overrides, merged over the defaults (pass a stable object: it is merged once per change). */
  components?: RichTextComponents;
  /**
   * Heading ids for anchor links, derived from the heading text and unique within the document.
   * `false` turns them off; a function makes the base id from the text (keep it stable). Default `true`.
   */
  headingIds?: boolean | ((text: string, block: RichTextBlock) => string);
  /** Your site's origin (`https://example.com`): absolute links to it are not treated as external. */
  origin?: string;
  /** Open links to other origins in a new tab (`target="_blank"`). Default `false`. */
  externalLinksInNewTab?: boolean;
  /** Image URL builder, `srcset` widths and `sizes`. */
  image?: RichTextImageOptions;
}

/**
 * Renders Portable Text safely: unsafe link schemes render as text, unknown types render nothing
 * and are reported once, headings get stable ids, images are lazy and responsive.
 */
export function RichText({
  value,
  components,
  headingIds = true,
  origin,
  externalLinksInNewTab,
  image,
}: RichTextProps) {
  const blocks = useMemo(() => normalize<TypedObject>(value), [value]);
  const ids = useMemo(
    () => (headingIds ? makeHeadingIds(blocks, headingIds === true ? undefined : headingIds) : undefined),
    [blocks, headingIds],
  );
  const settings = useMemo<RichTextSettings>(
    () => ({ ids, origin, newTab: externalLinksInNewTab, image }),
    [ids, origin, externalLinksInNewTab, image],
  );
  const merged = useMemo(
    () => (components ? mergeComponents(defaultComponents, components) : defaultComponents),
    [components],
  );
  return (
    <SettingsContext.Provider value={settings}>
      {renderPortableText(blocks, merged, reportMissing)}
    </SettingsContext.Provider>
  );
}
