export { CodeBlock } from './CodeBlock';
export { useHeadingId } from './context';
export { defaultComponents } from './defaultComponents';
export { heading } from './Heading';
export { slugify } from './headingIds';
export { Image, imageSize } from './Image';
export { Link } from './Link';
export { RichText, type RichTextProps } from './RichText';
export { isOtherOrigin, safeHref } from './safeHref';
export { sanityImageUrl } from './sanityImageUrl';
export { toPlainText } from './toPlainText';
export type {
  ImageUrlBuilder,
  RichTextBlock,
  RichTextBlockProps,
  RichTextBlockStyle,
  RichTextCode,
  RichTextComponents,
  RichTextDecorator,
  RichTextDefaultComponents,
  RichTextImage,
  RichTextImageOptions,
  RichTextLink,
  RichTextList,
  RichTextListItemBlock,
  RichTextListItemType,
  RichTextMarkDefinition,
  RichTextMarkProps,
  RichTextNode,
  RichTextNodeRenderer,
  RichTextSpan,
  RichTextTypedObject,
  RichTextTypeProps,
  RichTextUnknownNode,
  RichTextValue,
} from './types';
