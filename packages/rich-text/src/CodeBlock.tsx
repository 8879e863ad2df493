import type { RichTextCode, RichTextTypeProps } from './types';

/**
 * The default `code` type: `<pre data-language><code class="language-…">`, ready for Prism/highlight.js/Shiki.
 * Focusable (`tabIndex={0}`), so a keyboard can scroll a long line on a phone (WCAG 2.1.1; axe's
 * scrollable-region-focusable).
 */
export function CodeBlock({ value }: RichTextTypeProps<RichTextCode>) {
  const language = value.language;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so a keyboard can scroll it (WCAG 2.1.1; axe scrollable-region-focusable)
    <pre data-language={language} data-filename={value.filename} tabIndex={0}>
      <code className={language ? `language-${language}` : undefined}>{value.code}</code>
    </pre>
  );
}
