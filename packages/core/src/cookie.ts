/**
 * `@plinth/core/cookie`: mirrors the store's state in a first-party cookie (no identifier in it) for server
 * renders and server code; read it there with `readConsentCookie` from `@plinth/core/server`.
 */
import type { ConsentStore } from './consent';
import { CONSENT_COOKIE, formatConsentCookie } from './consent-cookie';
import { isBrowser } from './is-browser';

export { CONSENT_COOKIE } from './consent-cookie';

export interface ConsentCookieOptions {
  /** Default `plinth_consent`. */
  name?: string;
  /** Default 400 days (the longest browsers keep a cookie). */
  maxAgeSeconds?: number;
  /** Default `/`. */
  path?: string;
}

/** Writes the cookie now and at every change; returns the function that stops (the cookie stays). */
export function mirrorConsentCookie(store: ConsentStore, options: ConsentCookieOptions = {}): () => void {
  if (!isBrowser) return () => {};
  const write = () => {
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    // biome-ignore lint/suspicious/noDocumentCookie: one first-party cookie, written whole; the Cookie Store API is not in every browser
    document.cookie = `${options.name ?? CONSENT_COOKIE}=${formatConsentCookie(store.getState(), store.revision.current)}; Path=${options.path ?? '/'}; Max-Age=${options.maxAgeSeconds ?? 400 * 24 * 3600}; SameSite=Lax${secure}`;
  };
  write();
  return store.subscribe(write);
}
