/**
 * An anonymous visitor's LaunchDarkly context key, shared by the server's `createBootstrap` and the
 * browser SDK, so a percentage rollout buckets the visitor identically in both (LaunchDarkly buckets by
 * the context key). A first-party cookie, because the server must read it; random (no personal data);
 * kept as long as a browser keeps a cookie (400 days, renewed at each visit; the SDK would keep its own
 * generated key in localStorage for ever); written and kept only with `functional` consent, the
 * category that gates the SDK and its cache.
 */
export const VISITOR_KEY_COOKIE = 'plinth_flags_visitor';

const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
const VALID = /^[A-Za-z0-9_-]{8,64}$/;

/** A new random key (no personal data). */
export const newVisitorKey = (): string => crypto.randomUUID();

/** The visitor's key from a `Cookie` header (or `document.cookie`); `undefined` when absent or malformed. */
export function visitorKeyFrom(cookieHeader: string | null | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === VISITOR_KEY_COOKIE) {
      const key = value.join('=');
      return VALID.test(key) ? key : undefined;
    }
  }
  return undefined;
}

/** The `Set-Cookie` value (or `document.cookie` assignment) that keeps `key`; `maxAge: 0` deletes it. */
export function visitorKeyCookie(key: string, { secure = false, maxAge = MAX_AGE_SECONDS } = {}): string {
  return `${VISITOR_KEY_COOKIE}=${key}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** In the browser: the key the server used (or a new one), written back so its lifetime is renewed. */
export function browserVisitorKey(): string {
  const key = visitorKeyFrom(document.cookie) ?? newVisitorKey();
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari; the value is built by visitorKeyCookie
  document.cookie = visitorKeyCookie(key, { secure: location.protocol === 'https:' });
  return key;
}

/** In the browser: forget the key (functional consent revoked). */
export function forgetVisitorKey(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari; the value is built by visitorKeyCookie
  document.cookie = visitorKeyCookie('', { maxAge: 0 });
}
