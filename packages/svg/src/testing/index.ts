/**
 * Network-free helpers for tests and stories of components that use `<InlineSvg>`.
 *
 * @example
 * import { primeSvg, resetSvg } from '@plinth/svg/testing';
 * beforeEach(() => primeSvg('/icons/cart.svg', '<svg viewBox="0 0 24 24"><path d="M0 0h24v24H0z"/></svg>'));
 * afterEach(() => resetSvg());
 */
import { sanitize } from '../adapter/dompurify';
import { renderSvg } from '../adapter/react-from-dom';
import { clearSvgCache, configureSvg, resolveSvgUrl, seedSvg, svgConfig } from '../svgCache';
import { provideVendors } from '../vendors';

/**
 * Put `markup`, sanitised, in the cache for `src`: InlineSvg then renders it at once, with no request.
 * The testing entry loads the sanitiser and the renderer eagerly (in production they are lazy chunks).
 */
export function primeSvg(src: string, markup: string): void {
  provideVendors(sanitize, renderSvg);
  const href = resolveSvgUrl(src);
  const clean = sanitize(markup, svgConfig().allowExternalUse);
  if (!href || !clean) throw new TypeError(`primeSvg: ${src} is not an allowed URL, or the markup has no <svg>`);
  seedSvg(href, clean);
}

/** Empty the cache and restore the default configuration (page origin only, no external `<use>`). */
export function resetSvg(): void {
  configureSvg({ allowedOrigins: [], allowExternalUse: false, credentials: 'same-origin' });
  clearSvgCache();
}
