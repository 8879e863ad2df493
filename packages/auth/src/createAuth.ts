import { channel, createVendorLoader, isBrowser } from '@plinth/core';
import { AuthError, type AuthErrorSource, toAuthError } from './AuthError';
import { claimAutoSignIn, hasSessionMarker, releaseAutoSignIn, setSessionMarker, withTabLock } from './storage';
import type {
  AuthClient,
  AuthorizationParams,
  AuthSession,
  AuthSettings,
  AuthState,
  AuthUser,
  ResolvedAuthSettings,
} from './types';
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

/** A session, framework-free: give it to `<AuthProvider client={auth}>` or use it outside React (e.g. a fetch wrapper). */
export interface Auth {
  readonly settings: ResolvedAuthSettings;
  getState(): AuthState;
  subscribe(listener: () => void): () => void;
  /** Handles a callback URL, restores a session or settles on `signedOut`; returns the stop function. Idempotent. */
  start(): () => void;
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

export interface CreateAuthOptions {
  /** Replaces the URL after a callback (default: `history.replaceState` plus a `popstate` event, which routers follow). */
  navigate?: (path: string) => void;
  /** Supplies the client instead of the oidc-client-ts adapter (tests, another SDK). */
  load?: () => Promise<AuthClient>;
}

/** One code exchange per callback on the page, keyed by `state`: StrictMode, re-renders and a second provider share it. */
const callbacks = new Map<string, Promise<AuthSession>>();
/** Forgets callbacks in flight or done (tests: `resetAuth()`). */
export const resetCallbacks = () => callbacks.clear();
/** The stored sign-in requests of oidc-client-ts (our adapter sets this prefix). */
const STATE_PREFIX = 'oidc.';

const replaceUrl = (path: string) => {
  history.replaceState(history.state, '', path);
  dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
};

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

function toUser(claims: Record<string, unknown>): AuthUser {
  const user: AuthUser = { id: String(claims.sub ?? ''), claims };
  const name = text(claims.name) ?? text(claims.preferred_username);
  const email = text(claims.email);
  if (name) user.name = name;
  if (email) user.email = email;
  return user;
}

const readState = (key: string) => {
  try {
    return JSON.parse(localStorage.getItem(STATE_PREFIX + key) ?? 'null') as {
      created?: number;
      request_type?: string;
      data?: { returnTo?: unknown };
    } | null;
  } catch {
    return null;
  }
};

export function createAuth(settings: AuthSettings, options: CreateAuthOptions = {}): Auth {
  const s: ResolvedAuthSettings = {
    scope: 'openid profile email',
    callbackPath: '/auth/callback',
    silentCallbackPath: '/silent-callback',
    postLogoutPath: '/',
    tokenStorage: 'memory',
    requestMaxAgeSeconds: 900,
    renewBeforeSeconds: 60,
    offlineAccess: true,
    loadUserInfo: false,
    clockToleranceSeconds: 300,
    ...settings,
  };
  const navigate = options.navigate ?? replaceUrl;
  const loader = createVendorLoader<AuthClient>({
    name: 'oidc-client-ts',
    consent: false,
    load:
      options.load ??
      (async () => {
        const { createOidcClient } = await import('./adapter/oidc-client-ts');
        return createOidcClient(s);
      }),
  });
  const client = async (source: AuthErrorSource) => {
    const loaded = await loader.start();
    if (!loaded)
      throw new AuthError(`${source}: the sign-in library could not be loaded`, {
        source,
        code: 'network',
        cause: loader.failure(),
      });
    return loaded;
  };

  const here = () => new URL(location.href);
  const isCallback = (url: URL) =>
    url.pathname === s.callbackPath &&
    url.searchParams.has('state') &&
    (url.searchParams.has('code') || url.searchParams.has('error'));
  const isSilentCallback = (url: URL) =>
    window.parent !== window && url.pathname === s.silentCallbackPath && url.searchParams.has('state');
  /** Back from the provider's end-session page: `?state=` of a sign-out request (`so:`) this browser made. */
  const isSignOutReturn = (url: URL) =>
    url.pathname === s.postLogoutPath &&
    !!readState(url.searchParams.get('state') ?? '')?.request_type?.startsWith('so:');

  const listeners = new Set<() => void>();
  let state: AuthState = {
    status:
      isBrowser && !isCallback(here()) && !isSilentCallback(here()) && !isSignOutReturn(here()) && !hasSessionMarker()
        ? 'signedOut'
        : 'loading',
    user: null,
    error: null,
    expiresAt: null,
    scope: null,
  };
  const set = (next: Partial<AuthState>) => {
    state = { ...state, ...next };
    for (const listener of [...listeners]) listener();
  };

  let session: AuthSession | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let started = 0;
  let redirecting = false;
  let initialized: Promise<void> | undefined;
  let renewing: Promise<AuthSession> | undefined;
  /**
   * Bumped by every sign-out (here, `local` or not, in another tab, an expiry: `signedOut()`, and another tab's
   * message even when signed out here): a renewal, a restore or a callback begun before one never signs back in
   * (`signedOutSince`, `kept`).
   */
  let epoch = 0;

  /** Renew this long before expiry: `renewBeforeSeconds`, at most a third of the token's lifetime. */
  let lead = 0;
  const left = (candidate: AuthSession) =>
    candidate.expiresAt ? candidate.expiresAt * 1000 - Date.now() : Number.POSITIVE_INFINITY;

  const schedule = () => {
    clearTimeout(timer);
    if (!session?.expiresAt || !started) return;
    timer = setTimeout(() => void renew().catch(() => {}), Math.max(0, left(session) - lead));
  };

  const signedIn = (next: AuthSession) => {
    session = next;
    lead = Math.max(0, Math.min(s.renewBeforeSeconds * 1000, left(next) / 3));
    const user = toUser(next.claims);
    setSessionMarker(true);
    set({ status: 'signedIn', user, error: null, expiresAt: next.expiresAt ?? null, scope: next.scope ?? null });
    // Once per user on the page, even with two providers or after a renewal (the channel keeps the session).
    if (channel.session()?.user.id !== user.id) channel.signedIn({ id: user.id, name: user.name, email: user.email });
    schedule();
  };

  const signedOut = (status: 'signedOut' | 'sessionExpired', error: AuthError | null) => {
    const announce = state.status === 'signedIn';
    epoch++;
    clearTimeout(timer);
    session = undefined;
    setSessionMarker(false);
    set({ status, user: null, error, expiresAt: null, scope: null });
    if (announce && channel.session()) channel.signedOut();
  };

  const expire = (error: AuthError) => {
    signedOut('sessionExpired', error);
    void loader.ready().then((c) => c?.forget().catch(() => {}));
  };

  /** Revokes this tab's tokens, then forgets them. */
  const drop = async (c: AuthClient | undefined) => {
    await c?.revoke().catch(() => {});
    await c?.forget().catch(() => {});
  };
  const notSignedIn = () => new AuthError('renew: not signed in', { source: 'renew', code: 'signed_out' });
  /** Whether a sign-out came since `at`, the epoch when a renewal, a restore or a callback began: then it stands. */
  const signedOutSince = (at: number) => epoch !== at;
  /**
   * `next`, the session of a renewal, a restore or a callback begun at epoch `at`; after a sign-out since, nothing,
   * and the tokens `next` brought are revoked and forgotten, as a sign-out's are.
   */
  const kept = <T>(at: number, next: T) => (signedOutSince(at) ? loader.start().then(drop) : next);
  /**
   * `get()` under the renewal lock, shared by the tabs (one refresh token is never used twice), then `kept`;
   * skipped when a sign-out came while waiting for the lock.
   */
  const locked = (at: number, get: () => Promise<AuthSession | null>) =>
    withTabLock(`plinth.auth.renew:${s.clientId}`, async () =>
      signedOutSince(at) ? undefined : kept(at, await get()),
    );

  /** Sign-out in one tab signs every tab of the origin out (each tab keeps its own tokens in memory). */
  const tabs =
    isBrowser && typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(`plinth.auth:${s.clientId}`) : null;
  if (tabs) {
    tabs.onmessage = (event: MessageEvent) => {
      const type = (event.data as { type?: unknown } | null)?.type;
      // The provider kept its session ("No, stay signed in"): a tab that was signed out with the others
      // follows, silently (its own tokens, as after a reload).
      if (type === 'signedIn' && state.status === 'signedOut' && loader.status() !== 'idle') void restore();
      if (type !== 'signedOut') return;
      epoch++; // also when signed out here: that restore, under way, never signs back in
      if (state.status === 'signedOut') return;
      signedOut('signedOut', null);
      // This tab's own tokens (tokens are never shared between tabs) are revoked too, then forgotten.
      void loader.ready().then(drop);
    };
  }

  const renew = () =>
    (renewing ??= (async () => {
      const at = epoch;
      try {
        const c = await client('renew');
        const before = session?.accessToken;
        // A tab that waited for the lock re-reads the store first (another tab may have rotated a shared
        // refresh token meanwhile). Signed out meanwhile: the new tokens go as a sign-out's do, under the lock.
        const next = await locked(at, async () => {
          const stored = await c.current();
          return stored && stored.accessToken !== before && left(stored) > lead ? stored : c.renew();
        });
        // Never signs back in after a sign-out; nor with tokens kept: signOut() revokes whatever is stored.
        if (!next || signedOutSince(at)) throw notSignedIn();
        signedIn(next);
        return next;
      } catch (thrown) {
        // The sign-out stands (no `error`, no `sessionExpired`): `signed_out` for the callers.
        if (signedOutSince(at)) throw notSignedIn();
        const error = toAuthError(thrown, 'renew');
        const current = session;
        if (current && left(current) > 1000 && error.code !== 'invalid_id_token') {
          // Not renewable, but not over yet: say so now (status stays `signedIn`, `error` set, `expiresAt`
          // is when it ends), and end it then. The app can offer a sign-in before the user loses work.
          clearTimeout(timer);
          set({ error });
          channel.report('warn', 'auth: the session could not be renewed and ends when its access token expires', {
            reason: error.code,
            expiresAt: current.expiresAt,
          });
          timer = setTimeout(() => {
            if (session === current) expire(error);
          }, left(current));
        } else expire(error);
        throw error;
      } finally {
        renewing = undefined;
      }
    })());

  /** The session once start-up is done; rejects `signed_out` without one. */
  const active = async () => {
    if (isBrowser) await init();
    if (state.status !== 'signedIn' || !session) throw notSignedIn();
    return session;
  };

  const handleCallback = async (url: URL) => {
    const at = epoch;
    const key = url.searchParams.get('state') as string;
    // Read before the SDK consumes it: where to land even when the exchange fails.
    const stored = readState(key);
    let flight = callbacks.get(key);
    if (!flight) {
      flight = (async () => {
        if (stored?.created && stored.created * 1000 < Date.now() - s.requestMaxAgeSeconds * 1000) {
          localStorage.removeItem(STATE_PREFIX + key);
          throw new AuthError('callback: the sign-in request expired', { source: 'callback', code: 'expired' });
        }
        return (await client('callback')).callback(url.href);
      })();
      callbacks.set(key, flight);
    }
    try {
      const next = await kept(at, await flight);
      if (next) {
        signedIn(next);
        return navigate(validateReturnTo(next.returnTo));
      }
    } catch (thrown) {
      if (!signedOutSince(at)) {
        set({ status: 'error', user: null, error: toAuthError(thrown, 'callback') });
        return navigate(validateReturnTo(stored?.data?.returnTo));
      }
    }
    // Signed out while the code was exchanged (here or in another tab): the sign-out wins, and the callback URL
    // still goes (its code is spent), to where a sign-out lands, unless that sign-out has gone to its returnTo.
    if (location.href === url.href) navigate(s.postLogoutPath);
  };

  /**
   * After a reload, or (`signedOutHere`) back from the provider's end-session page, signed out here with the
   * tokens revoked. A provider that asks before ending its own session (oidc-provider's "Sign out?") may have
   * kept it ("No, stay signed in"): the silent sign-in then brings the user back on new tokens, in every tab.
   * Otherwise the sign-out stands, in every tab: also in one that signed in again meanwhile, on the session the
   * provider has now ended.
   */
  const restore = async (signedOutHere?: boolean) => {
    const at = epoch;
    try {
      const c = await client('renew');
      const next = await locked(at, async () => (await c.current()) ?? c.renew());
      // Signed out meanwhile (here or in another tab): that sign-out stands, as it is.
      if (!signedOutSince(at)) signedIn(next as AuthSession);
    } catch (thrown) {
      // Quietly signed out: the provider's session is gone, or its cookies are blocked in the iframe.
      if (!signedOutSince(at)) {
        signedOut('signedOut', null);
        if (!signedOutHere)
          channel.report('info', 'auth: silent sign-in did not restore the session', {
            reason: toAuthError(thrown, 'renew').code,
          });
      }
    }
    if (signedOutHere) tabs?.postMessage({ type: state.status });
  };

  const init = () =>
    (initialized ??= (async () => {
      const url = here();
      const signedOutHere = isSignOutReturn(url);
      if (isSilentCallback(url)) {
        // Inside the hidden iframe: hand the answer to the parent page, nothing else.
        await client('renew')
          .then((c) => c.silentCallback(url.href))
          .catch(() => {});
        return;
      }
      const callback = isCallback(url) ? url.searchParams.get('state') : null;
      try {
        // Stale stored sign-in requests (abandoned sign-ins) go at start-up.
        for (const key of Object.keys(localStorage)) {
          const id = key.slice(STATE_PREFIX.length);
          const created = key.startsWith(STATE_PREFIX) && id !== callback ? readState(id)?.created : undefined;
          if (created && created * 1000 < Date.now() - s.requestMaxAgeSeconds * 1000) localStorage.removeItem(key);
        }
        // Back from the end-session page: `?state=` of our sign-out request, consumed here; to its `returnTo`.
        if (signedOutHere) {
          const key = url.searchParams.get('state') as string;
          const to = readState(key)?.data?.returnTo;
          localStorage.removeItem(STATE_PREFIX + key);
          url.searchParams.delete('state');
          navigate(to === undefined ? `${url.pathname}${url.search}${url.hash}` : validateReturnTo(to));
        }
      } catch {
        // Storage unavailable (privacy mode): nothing to clean up.
      }
      if (callback) await handleCallback(url);
      else if (signedOutHere || hasSessionMarker()) await restore(signedOutHere);
      else if (state.status === 'loading') set({ status: 'signedOut' });
    })());

  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) redirecting = false; // back from the provider through the bfcache
  };

  return {
    settings: s,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (!isBrowser) return () => {};
      if (started++ === 0) addEventListener('pageshow', onPageShow);
      void init();
      schedule();
      return () => {
        if (--started > 0) return;
        clearTimeout(timer);
        removeEventListener('pageshow', onPageShow);
      };
    },
    async signIn({ returnTo, automatic = false, signal, ...params } = {}) {
      if (!isBrowser || redirecting) return;
      const to = validateReturnTo(returnTo ?? `${location.pathname}${location.search}${location.hash}`);
      if (automatic && (state.status === 'error' || !claimAutoSignIn())) {
        channel.reportOnce('plinth.auth.loop', 'warn', 'auth: automatic sign-in skipped (one per 30 s per tab)');
        return;
      }
      redirecting = true;
      try {
        await (await client('signIn')).signIn(to, signal, params);
      } catch (thrown) {
        redirecting = false;
        if (!signal?.aborted) set({ status: 'error', error: toAuthError(thrown, 'signIn') });
      }
      if (signal?.aborted) {
        // Cancelled before the browser left: no redirect is under way, and an automatic one may come again.
        redirecting = false;
        if (automatic) releaseAutoSignIn();
      }
    },
    async signOut({ returnTo, local } = {}) {
      if (!isBrowser) return;
      const to = returnTo && validateReturnTo(returnTo);
      const hadClient = loader.status() !== 'idle';
      signedOut('signedOut', null);
      tabs?.postMessage({ type: 'signedOut' });
      try {
        if (hadClient) {
          const c = await client('signOut');
          let failure: unknown;
          const revoked = await c.revoke().catch((thrown) => {
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
          if (local) await c.forget();
          else if (await c.endSession(to)) return; // the browser is on its way to the provider
          if (failure) throw failure;
        }
      } catch (thrown) {
        set({ error: toAuthError(thrown, 'signOut') });
      }
      if (to) navigate(to);
    },
    refresh() {
      const result = active()
        .then(renew)
        .then(() => state.user as AuthUser);
      // The renewal's error is also in `state.error`: a caller that ignores the promise leaves no unhandled rejection.
      result.catch(() => {});
      return result;
    },
    async getAccessToken() {
      const current = await active();
      return left(current) > lead ? current.accessToken : (await renew()).accessToken;
    },
  };
}
