/** True in a browser (or a DOM test environment), false on the server. */
export const isBrowser: boolean = typeof window !== 'undefined' && typeof document !== 'undefined';

/**
 * True in the hidden frame of a silent sign-in or renewal (`prompt=none`): a framed page of no size (oidc-client-ts's
 * frame is 0 × 0, and so reports `innerWidth`/`innerHeight`, checked in Chromium) whose URL carries the provider's
 * answer (`code` or `error`, with `state`). The whole app often loads there (a dev server serves it at every path):
 * Plinth's vendor providers then start nothing — no SDK, no page view, no `$pageleave`, no flag exposure — and only
 * the auth callback runs. A visible frame at a callback URL (an app embedded in a portal, a test runner) is not one.
 */
export function isSilentCallbackFrame(): boolean {
  if (!isBrowser) return false;
  let framed: boolean;
  try {
    framed = window.parent !== window;
  } catch {
    framed = true; // a cross-origin parent that cannot even be compared is a parent
  }
  if (!framed || window.innerWidth > 0 || window.innerHeight > 0) return false;
  const answer = `${location.search}&${location.hash.slice(1)}`;
  return /[?&](code|error)=/.test(answer) && /[?&]state=/.test(answer);
}
