import type { RichTextCode, RichTextTypeProps } from './types';

/** The default `code` type: `<pre data-language><code class="language-…">`, ready for Prism/highlight.js/Shiki. */
export function CodeBlock({ value }: RichTextTypeProps<RichTextCode>) {
  const language = value.language;
  return (
    <pre data-language={language} data-filename={value.filename}>
      <code className={language ? `language-${language}` : undefined}>{value.code}</code>
    </pre>
  );
}
