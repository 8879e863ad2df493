import { storedRequest } from './adapter/oidc-requests';
import { validateReturnTo } from './validateReturnTo';

/** The app's three auth paths (from the config). */
export interface AuthPaths {
  callbackPath: string;
  silentCallbackPath: string;
  postLogoutPath: string;
}

/**
 * What the page's URL is to auth: the provider's answer to a sign-in (`callback`, with its `state`), the hidden
 * iframe of a silent sign-in (`silentCallback`), the return from the provider's end-session page after our own
 * sign-out (`signOutReturn`, with the `state` of that request, its `returnTo` and the URL to land on), or any
 * other page.
 */
export type Landing =
  | { kind: 'callback'; state: string }
  | { kind: 'silentCallback' }
  | { kind: 'signOutReturn'; state: string; to: string }
  | { kind: 'page' };

/**
 * Reads `url` (a `?code=` or `?state=` anywhere else is the app's own). `inFrame`: the page is inside an
 * iframe (the silent sign-in's). The callback is `callbackPath` with `state` and `code` or `error`; the
 * return from the end-session page is `postLogoutPath` with the `state` of a sign-out request this browser
 * stored, and it lands on its validated `returnTo`, else on the same URL without that `state`.
 */
export function landing(url: URL, paths: AuthPaths, inFrame: boolean): Landing {
  const state = url.searchParams.get('state');
  if (state === null) return { kind: 'page' };
  if (inFrame && url.pathname === paths.silentCallbackPath) return { kind: 'silentCallback' };
  if (url.pathname === paths.callbackPath && (url.searchParams.has('code') || url.searchParams.has('error')))
    return { kind: 'callback', state };
  const request = url.pathname === paths.postLogoutPath ? storedRequest(state) : null;
  if (!request?.signOut) return { kind: 'page' };
  const rest = new URL(url);
  rest.searchParams.delete('state');
  const to = request.returnTo === undefined ? pathOf(rest) : validateReturnTo(request.returnTo);
  return { kind: 'signOutReturn', state, to };
}

/** The path, query and hash of `url` (the current page by default): a `returnTo`. */
export const pathOf = (url: URL | Location = location) => `${url.pathname}${url.search}${url.hash}`;

/** Where this page is, to auth (`landing` of `location`). */
export const here = (paths: AuthPaths) => landing(new URL(location.href), paths, window.parent !== window);

/** The default `navigate`: replaces the URL (no history entry) and fires `popstate`, which routers follow. */
export function replaceUrl(path: string): void {
  history.replaceState(history.state, '', path);
  dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
}
