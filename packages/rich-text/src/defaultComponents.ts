import { mergeComponents, type PortableTextReactComponents, defaultComponents as upstream } from '@portabletext/react';
import { CodeBlock } from './CodeBlock';
import { heading } from './Heading';
import { Image } from './Image';
import { Link } from './Link';

/**
 * Plinth's defaults over @portabletext/react's: headings with ids, the safe `link` mark, `image`
 * and `code` types, and nothing visible for an unknown type. Wrap or reuse these in your overrides.
 */
export const defaultComponents: PortableTextReactComponents = /* @__PURE__ */ mergeComponents(upstream, {
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
