import { channel } from '@plinth/core';
import { AuthError, type AuthErrorSource, toAuthError } from './AuthError';
import type { AuthSession, AuthState, AuthStatus, AuthUser, OidcAdapter } from './types';

/** What the session needs from outside: the adapter, the tabs' lock and the session marker (no React, no URL). */
export interface SessionDeps {
  /** Renew this many seconds before the access token expires (at most a third of its lifetime). */
  renewBeforeSeconds: number;
  /** Loads the adapter (once) and resolves it, or `undefined` when it could not be loaded. */
  load(): Promise<OidcAdapter | undefined>;
  /** The adapter once it is loaded, without loading it. */
  loaded(): Promise<OidcAdapter | undefined>;
  /** Why the adapter could not be loaded (the `cause` of the `network` error then). */
  loadFailure(): unknown;
  /** Runs `fn` under the renewal lock that every tab of the origin shares (one refresh token is never used twice). */
  lock<T>(fn: () => Promise<T>): Promise<T>;
  /** Records that a session exists (or no longer does): a reload then tries a silent sign-in. */
  mark(on: boolean): void;
}

export interface Session {
  getState(): AuthState;
  subscribe(listener: () => void): () => void;
  /** Changes the state as it is (the composer's own steps: a failed sign-in, a settled start-up). */
  set(next: Partial<AuthState>): void;
  /** Follows the access token's expiry (renews before it); `stop()` clears the timer. */
  start(): void;
  stop(): void;
  /** The adapter, loaded first; rejects with a `network` `AuthError` of `source` when it cannot be loaded. */
  adapter(source: AuthErrorSource): Promise<OidcAdapter>;
  /** The epoch now: pass it to `keep()` for a session begun now (a callback). */
  epoch(): number;
  /** `next` if no sign-out came since `at`; else nothing, and the tokens `next` brought are revoked and forgotten. */
  keep<T>(at: number, next: T): T | Promise<void>;
  signedOutSince(at: number): boolean;
  signedIn(next: AuthSession): void;
  signedOut(status: 'signedOut' | 'sessionExpired', error: AuthError | null): void;
  /** The renewal: single-flight, under the lock; a failure ends the session (now, or when the token expires). */
  renew(): Promise<AuthSession>;
  /** A silent sign-in (a reload, the return from the end-session page): signed in, or quietly signed out. */
  restore(signedOutHere?: boolean): Promise<void>;
  /** The session; rejects `signed_out` without one. */
  current(): AuthSession;
  /** The access token of `current`, renewed first when it expires within the lead. */
  accessToken(current: AuthSession): Promise<string>;
  /** Another tab signed out: so does this one (its own tokens revoked and forgotten), and nothing under way signs back in. */
  otherTabSignedOut(): void;
  /** Another tab is signed in again ("No, stay signed in"): a tab signed out with it follows, silently. */
  otherTabSignedIn(): void;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

function toUser(claims: Record<string, unknown>): AuthUser {
  const user: AuthUser = { id: String(claims.sub ?? ''), claims };
  const name = text(claims.name) ?? text(claims.preferred_username);
  const email = text(claims.email);
  if (name) user.name = name;
  if (email) user.email = email;
  return user;
}

const notSignedIn = () => new AuthError('renew: not signed in', { source: 'renew', code: 'signed_out' });

/** Revokes an adapter's tokens, then forgets them. */
const drop = async (adapter: OidcAdapter | undefined) => {
  await adapter?.revoke().catch(() => {});
  await adapter?.forget().catch(() => {});
};

/** Renewal errors whose tokens are not this session's: the session ends at once, not when its access token expires. */
const REFUSED_ID_TOKEN: ReadonlySet<string | undefined> = new Set(['invalid_id_token', 'issuer_mismatch']);

/**
 * The session state machine: `loading` → `signedIn` / `signedOut` / `error` / `sessionExpired`, the renewal
 * timer, the single-flight renewal and the silent restore, and the rule that a sign-out stands. Framework-free
 * and URL-free: `createAuth` composes it with the URL routing, the tabs and the adapter.
 */
export function createSession(deps: SessionDeps, status: AuthStatus): Session {
  const listeners = new Set<() => void>();
  let state: AuthState = { status, user: null, error: null, expiresAt: null, scope: null };
  const set = (next: Partial<AuthState>) => {
    state = { ...state, ...next };
    for (const listener of [...listeners]) listener();
  };

  let session: AuthSession | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let started = false;
  let renewing: Promise<AuthSession> | undefined;
  /**
   * Bumped by every sign-out (here, `local` or not, in another tab, an expiry: `signedOut()`, and another tab's
   * message even when signed out here): a renewal, a restore or a callback begun before one never signs back in
   * (`signedOutSince`, `keep`).
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

  const adapter = async (step: AuthErrorSource) => {
    const loaded = await deps.load();
    if (!loaded) {
      // The same source and code as every vendor's loader failure (an ad blocker, offline: `blocked`).
      const cause = deps.loadFailure();
      const code = (cause as { code?: unknown } | undefined)?.code;
      throw new AuthError(`${step}: the sign-in library could not be loaded`, {
        source: 'loader',
        code: code === 'blocked' || code === 'timeout' ? code : 'failed',
        cause,
      });
    }
    return loaded;
  };

  const signedIn = (next: AuthSession) => {
    session = next;
    lead = Math.max(0, Math.min(deps.renewBeforeSeconds * 1000, left(next) / 3));
    const user = toUser(next.claims);
    deps.mark(true);
    set({ status: 'signedIn', user, error: null, expiresAt: next.expiresAt ?? null, scope: next.scope ?? null });
    // Once per user on the page, even with two providers or after a renewal (the channel keeps the session).
    if (channel.session()?.user.id !== user.id) channel.signedIn({ id: user.id, name: user.name, email: user.email });
    schedule();
  };

  const signedOut = (next: 'signedOut' | 'sessionExpired', error: AuthError | null) => {
    epoch++;
    clearTimeout(timer);
    session = undefined;
    deps.mark(false);
    set({ status: next, user: null, error, expiresAt: null, scope: null });
    // Nobody is signed in: the page's visitor is anonymous, even when this tab never was signed in (core announces
    // `signedOut` only when someone was), so every vendor forgets what it remembered of a previous person.
    channel.signedOut();
  };

  const expire = (error: AuthError) => {
    signedOut('sessionExpired', error);
    void deps.loaded().then((loaded) => loaded?.forget().catch(() => {}));
  };

  const signedOutSince = (at: number) => epoch !== at;
  const keep = <T>(at: number, next: T) => (signedOutSince(at) ? deps.load().then(drop) : next);
  /**
   * `get()` under the renewal lock, then `keep`; skipped when a sign-out came while waiting for the lock.
   */
  const locked = (at: number, get: () => Promise<AuthSession | null>) =>
    deps.lock(async () => (signedOutSince(at) ? undefined : keep(at, await get())));

  const renew = () =>
    (renewing ??= (async () => {
      const at = epoch;
      try {
        const loaded = await adapter('renew');
        const before = session?.accessToken;
        // A tab that waited for the lock re-reads the store first (another tab may have rotated a shared
        // refresh token meanwhile). Signed out meanwhile: the new tokens go as a sign-out's do, under the lock.
        const next = await locked(at, async () => {
          const stored = await loaded.current();
          return stored && stored.accessToken !== before && left(stored) > lead ? stored : loaded.renew();
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
        // A refused ID token (a bad signature, another tenant's issuer) ends it at once: it is not this session.
        if (current && left(current) > 1000 && !REFUSED_ID_TOKEN.has(error.code)) {
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

  /**
   * After a reload, or (`signedOutHere`) back from the provider's end-session page, signed out here with the
   * tokens revoked. A provider that asks before ending its own session (oidc-provider's "Sign out?") may have
   * kept it ("No, stay signed in"): the silent sign-in then brings the user back on new tokens. Otherwise the
   * sign-out stands.
   */
  const restore = async (signedOutHere?: boolean) => {
    const at = epoch;
    try {
      const loaded = await adapter('renew');
      const next = await locked(at, async () => (await loaded.current()) ?? loaded.renew());
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
  };

  const current = () => {
    if (state.status !== 'signedIn' || !session) throw notSignedIn();
    return session;
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set,
    start() {
      started = true;
      schedule();
    },
    stop() {
      started = false;
      clearTimeout(timer);
    },
    adapter,
    epoch: () => epoch,
    keep,
    signedOutSince,
    signedIn,
    signedOut,
    renew,
    restore,
    current,
    async accessToken(now) {
      return left(now) > lead ? now.accessToken : (await renew()).accessToken;
    },
    otherTabSignedOut() {
      epoch++; // also when signed out here: a restore under way never signs back in
      if (state.status === 'signedOut') return;
      signedOut('signedOut', null);
      // This tab's own tokens (tokens are never shared between tabs) are revoked too, then forgotten.
      void deps.loaded().then(drop);
    },
    otherTabSignedIn() {
      if (state.status === 'signedOut') void restore();
    },
  };
}
