/**
 * The consent cookie: the store's state mirrored in a first-party cookie so that a server render can draw the banner
 * in the right state (no flash at hydration) and server code can honour consent. It holds the policy revision and
 * one letter per category, never an identifier: `plinth_consent=r:2026-11|analytics:g|monitoring:d|functional:p`.
 */
import type { ConsentCategory, ConsentStatus } from './consent';

export const CONSENT_COOKIE = 'plinth_consent';

const LETTER: Record<ConsentStatus, string> = { granted: 'g', denied: 'd', pending: 'p' };
const STATUS: Record<string, ConsentStatus> = { g: 'granted', d: 'denied', p: 'pending' };

/** The cookie's value for a state under a revision. */
export function formatConsentCookie(state: Readonly<Record<string, ConsentStatus>>, revision: string): string {
  return [
    `r:${encodeURIComponent(revision)}`,
    ...Object.entries(state).map(([category, status]) => `${encodeURIComponent(category)}:${LETTER[status]}`),
  ].join('|');
}

export interface ReadConsentCookieOptions {
  /** The categories to return (each `pending` unless the cookie decides it). */
  categories: readonly ConsentCategory[];
  /** Your policy's revision: a cookie written under another one decides nothing. */
  revision?: string;
  /** The cookie's name. Default `plinth_consent`. */
  name?: string;
}

/**
 * The decisions in a `Cookie` request header (or the cookie's value alone): every category `pending` unless the
 * cookie, written under the same revision, says otherwise. A malformed cookie decides nothing (fails closed).
 */
export function readConsentCookie(
  cookieHeader: string | null | undefined,
  options: ReadConsentCookieOptions,
): Record<string, ConsentStatus> {
  const state: Record<string, ConsentStatus> = {};
  for (const category of options.categories) state[category] = 'pending';
  const name = options.name ?? CONSENT_COOKIE;
  const raw = (cookieHeader ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`) || (!part.includes('=') && part.startsWith('r:')));
  let value = raw?.startsWith(`${name}=`) ? raw.slice(name.length + 1) : raw;
  if (!value) return state;
  try {
    // A framework that re-serialises cookies may percent-encode the whole value (Next.js's `cookies().toString()`
    // sends `encodeURIComponent(value)`): `r%3A…` is `r:…` once decoded.
    if (/^r%3a/i.test(value)) value = decodeURIComponent(value);
    const [head, ...entries] = value.split('|');
    if (!head?.startsWith('r:')) return state;
    if (options.revision !== undefined && decodeURIComponent(head.slice(2)) !== options.revision) return state;
    for (const entry of entries) {
      const at = entry.lastIndexOf(':');
      const category = decodeURIComponent(entry.slice(0, at));
      const status = STATUS[entry.slice(at + 1)];
      if (status && options.categories.includes(category)) state[category] = status;
    }
  } catch {
    // a malformed escape: nothing decided
  }
  return state;
}
