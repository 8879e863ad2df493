const INVISIBLE = /[\p{Cc}\p{Cf}\s]/gu;
const ALLOWED = /^(https?|mailto|tel)$/;
// Everything before the first ':' that comes before any '/' or '?': a scheme, or (RFC 3986 forbids a ':' in a
// relative path's first segment) an obfuscated one such as `jav&#x09;ascript:`. Fragments are exempt.
const SCHEME = /^([^/?]*):/;
const OTHER_ORIGIN = /^(https?:|[\\/]{2})/;

/** `href` as the browser's URL parser will see it, for judging only: no whitespace, control or format characters, lower case. */
const judged = (href: string) => href.replace(INVISIBLE, '').toLowerCase();

/**
 * Returns the (trimmed) href when it is safe to render as a link — `http:`, `https:`, `mailto:`,
 * `tel:`, a relative path, `#fragment` or `?query` — and `undefined` otherwise (`javascript:`,
 * `data:`, `vbscript:`, `file:`, any other scheme, a first path segment with a `:` such as the
 * literal `jav&#x09;ascript:`, an absolute URL that does not parse, an empty or non-string value). Obfuscations with whitespace, control
 * or zero-width characters and mixed case are judged after removing them.
 */
export function safeHref(href: unknown): string | undefined {
  if (typeof href !== 'string') return undefined;
  const clean = judged(href);
  if (!clean) return undefined;
  const scheme = clean[0] === '#' ? null : SCHEME.exec(clean);
  if (scheme && !ALLOWED.test(scheme[1] as string)) return undefined;
  const trimmed = href.trim();
  // An absolute or protocol-relative URL the browser cannot parse (`//javascript:alert(1)`) would be a dead link.
  if (OTHER_ORIGIN.test(clean)) {
    try {
      new URL(trimmed, 'http://a');
    } catch {
      return undefined;
    }
  }
  return trimmed;
}

/**
 * True when a (safe) href leads to another origin: any absolute `http(s):` or protocol-relative
 * (`//host`, `\\host`) URL, unless it resolves to `origin`.
 */
export function isOtherOrigin(href: string, origin?: string): boolean {
  if (!OTHER_ORIGIN.test(judged(href))) return false;
  if (!origin) return true;
  try {
    return new URL(href, origin).origin !== new URL(origin).origin;
  } catch {
    return true;
  }
}
