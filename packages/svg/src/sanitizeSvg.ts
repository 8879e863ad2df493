import { isBrowser } from '@plinth/core';
import { loadSanitizer } from './vendors';

export interface SanitizeSvgOptions {
  /**
   * Keep `<use href="https://…">` references to other files (same-origin, relative or absolute
   * http(s)). Off by default: only `#fragment` references survive.
   */
  allowExternalUse?: boolean;
}

/**
 * Sanitises SVG markup with DOMPurify's SVG profile (shapes, text, gradients, filters):
 * no `<script>`, `<foreignObject>` or `on*` handlers; `href`/`xlink:href` kept only for `#fragment`
 * references, image data URIs on `<image>`, and (when allowed) external `<use>` references.
 *
 * Asynchronous because DOMPurify is a lazy chunk, downloaded on first use. Resolves to the first
 * `<svg>` element's markup, or `''` when there is none or no DOM to parse with (on the server).
 * Rejects only when the sanitiser cannot be downloaded.
 */
export async function sanitizeSvg(markup: string, options: SanitizeSvgOptions = {}): Promise<string> {
  if (!isBrowser || typeof markup !== 'string') return '';
  const sanitize = await loadSanitizer();
  return sanitize(markup, !!options.allowExternalUse)?.outerHTML ?? '';
}
