const INVISIBLE = /[\p{Cc}\p{Cf}\s]/gu;
const ALLOWED = /^(https?|mailto|tel)$/;
// Everything before the first ':' that comes before any '/' or '?': a scheme, or (RFC 3986 forbids a ':' in a
// relative path's first segment) an obfuscated one such as `jav&#x09;ascript:`. Fragments are exempt.
const SCHEME = /^([^/?]*):/;
const OTHER_ORIGIN = /^(https?:|[\\/]{2})/;
const PROTOCOL_RELATIVE = /^[\\/]{2}/;

/**
 * Judges an href once: `[trimmed href, leads to another origin?]` when safe, `undefined` otherwise.
 * The judged form is what the browser's URL parser sees, minus anything it might ignore: no
 * whitespace, control or format characters anywhere, lower case.
 */
export function judgeHref(href: unknown, origin?: string): [string, boolean] | undefined {
  if (typeof href !== 'string') return undefined;
  const clean = href.replace(INVISIBLE, '').toLowerCase();
  if (!clean) return undefined;
  const scheme = clean[0] === '#' ? null : SCHEME.exec(clean);
  if (scheme && !ALLOWED.test(scheme[1] as string)) return undefined;
  const trimmed = href.trim();
  if (!OTHER_ORIGIN.test(clean)) return [trimmed, false];
  try {
    // `//javascript:alert(1)` does not parse: it would be a dead link, so it renders as text.
    const url = PROTOCOL_RELATIVE.test(clean) || origin ? new URL(trimmed, origin ?? 'http://a') : undefined;
    return [trimmed, !origin || url?.origin !== new URL(origin).origin];
  } catch {
    return PROTOCOL_RELATIVE.test(clean) ? undefined : [trimmed, true];
  }
}

/**
 * Returns the (trimmed) href when it is safe to render as a link — `http:`, `https:`, `mailto:`,
 * `tel:`, a relative path, `#fragment` or `?query` — and `undefined` otherwise: `javascript:`,
 * `data:`, `vbscript:`, `file:`, any other scheme, a first path segment with a `:` such as the
 * literal `jav&#x09;ascript:`, a protocol-relative URL that does not parse, an empty or non-string
 * value. Obfuscations with whitespace, control or zero-width characters and mixed case are judged
 * after removing them.
 */
export function safeHref(href: unknown): string | undefined {
  return judgeHref(href)?.[0];
}

/**
 * True when a (safe) href leads to another origin: any absolute `http(s):` or protocol-relative
 * (`//host`, `\\host`) URL, unless it resolves to `origin`.
 */
export function isOtherOrigin(href: string, origin?: string): boolean {
  return judgeHref(href, origin)?.[1] ?? false;
}
