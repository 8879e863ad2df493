import { channel, createVendorLoader, isBrowser } from '@plinth/core';
import { AuthError, toAuthError } from './AuthError';
import { forgetRequest, forgetStaleRequests, isExpired, storedRequest } from './adapter/oidc-requests';
import { resolveConfig } from './config';
import { here, pathOf, replaceUrl } from './routing';
import { createSession } from './session';
import {
  claimAutoSignIn,
  hasSessionMarker,
  isSignInPending,
  releaseAutoSignIn,
  setSessionMarker,
  setSignInPending,
  withTabLock,
} from './storage';
import { openTabs } from './tabs';
import type { AuthConfig, AuthorizationParams, AuthSession, AuthState, AuthUser, OidcAdapter } from './types';
import { validateReturnTo } from './validateReturnTo';

export interface SignInOptions extends AuthorizationParams {
  /** Where to land after sign-in; validated with `validateReturnTo()`. Default: the current page. */
  returnTo?: string;
  /** Started by the app rather than a click (`RequireAuth`): at most one per 30 s per tab, never after an error. */
  automatic?: boolean;
  /**
   * Cancels the sign-in when aborted before the browser is sent to the provider (it may be slow to
   * answer discovery): `RequireAuth` aborts when it unmounts, so a user who went elsewhere stays there.
   */
  signal?: AbortSignal;
}

export interface SignOutOptions {
  /**
   * Where to land once signed out; validated with `validateReturnTo()` now and again on the way back. Through
   * the provider's end-session page it travels in the sign-out request's stored `state` (the provider returns
   * to `postLogoutPath`, the one registered URI); default: `postLogoutPath`, or the current page without one.
   */
  returnTo?: string;
  /**
   * Signs out of this app only (react-oidc-context's `removeUser`): every tab of the origin is signed out and
   * its tokens revoked and forgotten, but the provider's page is not visited, so its session lives on (the next
   * sign-in needs no password, and `RequireAuth` on the current page would sign in again at once).
   */
  local?: boolean;
}

/** A session, framework-free: give it to `<AuthProvider instance={auth}>` or use it outside React (e.g. a fetch wrapper). */
export interface Auth {
  getState(): AuthState;
  subscribe(listener: () => void): () => void;
  /**
   * Handles a callback URL, restores a session or settles on `signedOut`, then renews before expiry.
   * Idempotent, a no-op on the server, never rejects.
   */
  start(): void;
  /** Stops renewing on a timer; the session stays (a later `start()` resumes: StrictMode). */
  stop(): void;
  /** Why the last step failed (`getState().error`), `undefined` otherwise. */
  failure(): AuthError | undefined;
  signIn(options?: SignInOptions): Promise<void>;
  /**
   * Revokes the refresh and access tokens, signs every tab out, forgets the user and goes through the
   * provider's end-session page when it has one. A provider that asks first and keeps its session ("No, stay
   * signed in") gets the user back signed in, silently and on new tokens, when the browser returns. `local`
   * skips the provider's page; `returnTo` is where to land (see `SignOutOptions`).
   */
  signOut(options?: SignOutOptions): Promise<void>;
  /**
   * Renews now (react-oidc-context's `signinSilent`), e.g. to pull changed roles or claims: the renewal of
   * `getAccessToken()` (refresh token first, else the hidden iframe; one per tab at a time, serialised across
   * tabs), resolving with the user as the new ID token describes them. `status` stays `signedIn` meanwhile.
   * Rejects with an `AuthError`: `signed_out` without a session, else the renewal's (also set as `error`, with
   * the same outcome as a scheduled renewal). The promise is marked handled, so `void refresh()` is safe.
   */
  refresh(): Promise<AuthUser>;
  /** A valid access token, renewed first when it expires soon (one renewal for all callers and tabs). Rejects with an `AuthError` when there is no session. */
  getAccessToken(): Promise<string>;
}

/** What the tests swap: the adapter and the tabs (internal). */
export interface AuthInternals {
  load?: () => Promise<OidcAdapter>;
  tabs?: typeof openTabs;
}

/**
 * The visitor came back from the provider's page without answering it: Back (with or without the back/forward
 * cache), or a provider page with no Cancel button left some other way. Status `error`, so nothing signs in again
 * on its own (no loop); an explicit `signIn()` starts a new one.
 */
const cancelled = () =>
  new AuthError('signIn: the sign-in did not complete (the visitor came back without answering the provider)', {
    source: 'signIn',
    code: 'cancelled',
  });

/** One code exchange per callback on the page, keyed by `state`: StrictMode, re-renders and a second provider share it. */
const callbacks = new Map<string, Promise<AuthSession>>();
/** Forgets callbacks in flight or done (tests: `resetAuth()`). */
export const resetCallbacks = () => callbacks.clear();

/** A session from `config` (validated: a `PlinthError` with `source: 'config'` for a missing or malformed option). */
export function createAuth(config: AuthConfig): Auth {
  return composeAuth(config);
}

/** `createAuth`, with the adapter and the tabs open to tests. */
export function composeAuth(config: AuthConfig, internals: AuthInternals = {}): Auth {
  const s = resolveConfig(config);
  const navigate = s.navigate ?? replaceUrl;
  const loader = createVendorLoader<OidcAdapter>({
    name: 'oidc-client-ts',
    consent: false,
    load:
      internals.load ??
      (async () => {
        const { createOidcAdapter } = await import('./adapter/oidc-client-ts');
        return createOidcAdapter(s);
      }),
  });
  const initial = isBrowser ? here(s).kind : 'server';
  const session = createSession(
    {
      renewBeforeSeconds: s.renewBeforeSeconds,
      load: () => loader.start(),
      loaded: () => loader.ready(),
      loadFailure: () => loader.failure(),
      lock: (fn) => withTabLock(`plinth.auth.renew:${s.clientId}`, fn),
      mark: setSessionMarker,
    },
    initial === 'page' && !hasSessionMarker() ? 'signedOut' : 'loading',
  );
  const { getState } = session;
  // This tab's sign-in, if one was under way, has come back: through the callback, or another way (Back from the
  // provider's page, without the back/forward cache). Read as the session is made, before anything on this page
  // (a `RequireAuth`) can start a new one; forgotten at `start()`, by the instance the page keeps (React may make
  // and drop several before one mounts).
  const pendingAtLoad = initial !== 'server' && initial !== 'silentCallback' && isSignInPending();
  const cameBack = pendingAtLoad && initial === 'page';
  if (cameBack && !hasSessionMarker()) session.set({ status: 'error', error: cancelled() });

  /** Sign-out in one tab signs every tab of the origin out (each tab keeps its own tokens in memory). */
  const tabs = (internals.tabs ?? openTabs)(s.clientId, (message) => {
    // The provider kept its session ("No, stay signed in"): a tab that was signed out with the others
    // follows, silently (its own tokens, as after a reload), if it ever used the adapter.
    if (message === 'signedIn' && loader.status() !== 'idle') session.otherTabSignedIn();
    if (message === 'signedOut') session.otherTabSignedOut();
  });

  const handleCallback = async (key: string, url: string) => {
    const at = session.epoch();
    // Read before the SDK consumes it: where to land even when the exchange fails.
    const stored = storedRequest(key);
    let flight = callbacks.get(key);
    if (!flight) {
      flight = (async () => {
        if (isExpired(stored?.created, s.requestMaxAgeSeconds)) {
          forgetRequest(key);
          throw new AuthError('callback: the sign-in request expired', { source: 'callback', code: 'expired' });
        }
        return (await session.adapter('callback')).callback(url);
      })();
      callbacks.set(key, flight);
    }
    try {
      const next = await session.keep(at, await flight);
      if (next) {
        session.signedIn(next);
        return navigate(validateReturnTo(next.returnTo));
      }
    } catch (thrown) {
      if (!session.signedOutSince(at)) {
        session.set({ status: 'error', user: null, error: toAuthError(thrown, 'callback') });
        channel.signedOut(); // nobody is signed in: the page's visitor is anonymous
        return navigate(validateReturnTo(stored?.returnTo));
      }
    }
    // Signed out while the code was exchanged (here or in another tab): the sign-out wins, and the callback URL
    // still goes (its code is spent), to where a sign-out lands, unless that sign-out has gone to its returnTo.
    if (location.href === url) navigate(s.postLogoutPath);
  };

  let initialized: Promise<void> | undefined;
  const init = () =>
    (initialized ??= (async () => {
      const url = location.href;
      const where = here(s);
      if (where.kind === 'silentCallback') {
        // Inside the hidden iframe: hand the answer to the parent page, nothing else.
        await session
          .adapter('renew')
          .then((adapter) => adapter.silentCallback(url))
          .catch(() => {});
        return;
      }
      // Stale stored sign-in requests (abandoned sign-ins) go at start-up.
      forgetStaleRequests(s.requestMaxAgeSeconds, where.kind === 'callback' ? where.state : null);
      if (where.kind === 'callback') return handleCallback(where.state, url);
      if (where.kind === 'signOutReturn') {
        // Back from the end-session page: `?state=` of our sign-out request, consumed here; to its `returnTo`.
        forgetRequest(where.state);
        navigate(where.to);
        await session.restore(true);
        // The other tabs follow this one's outcome: back in ("No, stay signed in"), or signed out for good.
        const { status } = getState();
        if (status === 'signedIn' || status === 'signedOut') tabs?.post(status);
      } else if (hasSessionMarker()) {
        await session.restore();
        if (cameBack && getState().status === 'signedOut') session.set({ status: 'error', error: cancelled() });
      } else {
        if (getState().status === 'loading') session.set({ status: 'signedOut' });
        // Start-up without a session (signed out, or back from an abandoned sign-in): auth knows nobody is signed in,
        // and says so to the page's visitor.
        if (getState().status !== 'signedIn') channel.signedOut();
      }
    })());

  /** The session once start-up is done; rejects `signed_out` without one. */
  const active = async () => {
    if (isBrowser) await init();
    return session.current();
  };

  let started = false;
  let redirecting = false;
  const onPageShow = (event: PageTransitionEvent) => {
    if (!event.persisted) return;
    // Back from the provider's page through the back/forward cache: the page is as it was when it left.
    redirecting = false;
    if (!isSignInPending()) return;
    setSignInPending(false);
    if (getState().status !== 'signedIn') session.set({ status: 'error', error: cancelled() });
  };

  return {
    getState,
    subscribe: session.subscribe,
    failure: () => getState().error ?? undefined,
    start() {
      if (!isBrowser || started) return;
      started = true;
      if (pendingAtLoad) setSignInPending(false);
      addEventListener('pageshow', onPageShow);
      void init();
      session.start();
    },
    stop() {
      if (!started) return;
      started = false;
      session.stop();
      removeEventListener('pageshow', onPageShow);
    },
    async signIn({ returnTo, automatic = false, signal, ...params } = {}) {
      if (!isBrowser || redirecting) return;
      const to = validateReturnTo(returnTo ?? pathOf());
      if (automatic && (getState().status === 'error' || !claimAutoSignIn())) {
        channel.reportOnce('plinth.auth.loop', 'warn', 'auth: automatic sign-in skipped (one per 30 s per tab)');
        return;
      }
      redirecting = true;
      setSignInPending(true);
      try {
        await (await session.adapter('signIn')).signIn(to, signal, params);
      } catch (thrown) {
        redirecting = false;
        setSignInPending(false);
        if (!signal?.aborted) session.set({ status: 'error', error: toAuthError(thrown, 'signIn') });
      }
      if (signal?.aborted) {
        // Cancelled before the browser left: no redirect is under way, and an automatic one may come again.
        redirecting = false;
        setSignInPending(false);
        if (automatic) releaseAutoSignIn();
      }
    },
    async signOut({ returnTo, local } = {}) {
      if (!isBrowser) return;
      const to = returnTo && validateReturnTo(returnTo);
      const hadAdapter = loader.status() !== 'idle';
      session.signedOut('signedOut', null);
      tabs?.post('signedOut');
      try {
        if (hadAdapter) {
          const adapter = await session.adapter('signOut');
          let failure: unknown;
          const revoked = await adapter.revoke().catch((thrown) => {
            failure = thrown;
            return true;
          });
          if (!revoked) {
            channel.reportOnce(
              'plinth.auth.no-revocation',
              'info',
              'auth: the provider has no revocation endpoint; the tokens stay valid until they expire',
            );
          }
          if (local) await adapter.forget();
          else if (await adapter.endSession(to)) return; // the browser is on its way to the provider
          if (failure) throw failure;
        }
      } catch (thrown) {
        session.set({ error: toAuthError(thrown, 'signOut') });
      }
      if (to) navigate(to);
    },
    refresh() {
      const result = active()
        .then(session.renew)
        .then(() => getState().user as AuthUser);
      // The renewal's error is also in `state.error`: a caller that ignores the promise leaves no unhandled rejection.
      result.catch(() => {});
      return result;
    },
    async getAccessToken() {
      return session.accessToken(await active());
    },
  };
}
