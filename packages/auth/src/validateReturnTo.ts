/**
 * `returnTo` if it is a same-origin relative path (`/…`, but not `//…` or `/\…`, also after
 * percent-decoding and once resolved against the page), else `'/'`. Use it on anything that comes
 * from a URL before navigating to it: it closes open redirects through `returnTo`.
 */
export function validateReturnTo(returnTo: unknown): string {
  if (typeof returnTo !== 'string' || !returnTo.startsWith('/')) return '/';
  let decoded = returnTo;
  // Decode until stable (bounded): `%252F%252F` must not survive as `//` one step later.
  for (let i = 0; i < 5; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return '/';
    }
    if (next === decoded) break;
    decoded = next;
  }
  // Tabs and newlines are stripped by URL parsers (`/\t/evil.example` → `//evil.example`).
  // biome-ignore lint/suspicious/noControlCharactersInRegex: exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(decoded) || decoded.startsWith('//')) return '/';
  const base = 'http://plinth.invalid';
  const url = new URL(returnTo, base);
  // Judge the resolved path too: dot segments can turn `/.//evil.example` into `//evil.example`.
  if (url.origin !== base || url.pathname.startsWith('//')) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
