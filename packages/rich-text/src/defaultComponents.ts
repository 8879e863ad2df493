import { mergeComponents, rendererDefaults } from './adapter/portabletext';
import { CodeBlock } from './CodeBlock';
import { heading } from './Heading';
import { Image } from './Image';
import { Link } from './Link';
import type { RichTextDefaultComponents } from './types';

/**
 * Plinth's defaults over @portabletext/react's: headings with ids, the safe `link` mark, `image`
 * and `code` types, and nothing visible for an unknown type. Wrap or reuse these in your overrides.
 */
export const defaultComponents: RichTextDefaultComponents = /* @__PURE__ */ mergeComponents(rendererDefaults, {
  block: {
    h1: heading('h1'),
    h2: heading('h2'),
    h3: heading('h3'),
    h4: heading('h4'),
    h5: heading('h5'),
    h6: heading('h6'),
  },
  marks: { link: Link },
  types: { image: Image, code: CodeBlock },
  unknownType: () => null,
});
