import { useHeadingId } from './context';
import type { RichTextBlockProps } from './types';

type Level = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

/** The default component for a heading style: the heading element with its stable id. */
export function heading(Tag: Level) {
  return function Heading({ value, children }: RichTextBlockProps) {
    return <Tag id={useHeadingId(value)}>{children}</Tag>;
  };
}
