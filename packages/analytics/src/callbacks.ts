/**
 * The sign-in's own routes, which are not pages: @plinth/auth's defaults, its `callbackPath` (the provider's answer,
 * with `code` or `error`) and `silentCallbackPath` (the hidden iframe of a silent sign-in).
 */
export const DEFAULT_CALLBACK_PATHS: readonly string[] = ['/auth/callback', '/silent-callback'];

/** `href` is on one of `paths` (whatever its query: `?code=…`, `?error=…`). */
export function onCallback(href: unknown, paths: readonly string[]): boolean {
  if (typeof href !== 'string' || paths.length === 0) return false;
  try {
    return paths.includes(new URL(href, 'http://localhost').pathname);
  } catch {
    return false;
  }
}
