/**
 * Network-free helpers for tests and stories of components that use `<InlineSvg>`.
 *
 * @example
 * import { primeSvg, resetSvg } from '@plinth/svg/testing';
 * beforeEach(() => primeSvg('/icons/cart.svg', '<svg viewBox="0 0 24 24"><path d="M0 0h24v24H0z"/></svg>'));
 * afterEach(() => resetSvg());
 */
import { clearSvgCache, configureSvg, primeSvg } from '../svgCache';

export { primeSvg };

/** Empty the cache and restore the default configuration (page origin only, no external `<use>`). */
export function resetSvg(): void {
  configureSvg({ allowedOrigins: [], allowExternalUse: false, credentials: 'same-origin' });
  clearSvgCache();
}
