/**
 * Network-free auth for tests and stories.
 *
 * @example
 * import { TestAuthProvider, resetAuth } from '@plinth/auth/testing';
 * render(<TestAuthProvider user={{ id: 'u1', name: 'Ada' }}><Account /></TestAuthProvider>);
 * const auth = createTestAuth(); // <TestAuthProvider instance={auth}>: auth.calls, auth.signInAs(user)
 * afterEach(() => resetAuth());
 */
import { channel } from '@plinth/core';
import { createElement, type ReactNode, useState } from 'react';
import { AuthError } from '../AuthError';
import { AuthProvider } from '../AuthProvider';
import { forgetStoredRequestsAndUsers } from '../adapter/oidc-requests';
import { type Auth, resetCallbacks, type SignInOptions, type SignOutOptions } from '../createAuth';
import type { AuthState, AuthStatus, AuthUser } from '../types';

export interface TestAuthCall {
  method: 'signIn' | 'signOut' | 'refresh' | 'getAccessToken';
  options?: SignInOptions | SignOutOptions;
}

/** A recording fake `Auth`: no SDK, no network. Drive it with `signInAs`, `signOutNow`, `setState`. */
export interface TestAuth extends Auth {
  /** Every call the app made, in order. */
  readonly calls: TestAuthCall[];
  /** Signs in at once (emits `signedIn` on core's channel). */
  signInAs(user: Partial<AuthUser> & { id: string }): void;
  /** Signs out at once (emits `signedOut`). */
  signOutNow(): void;
  setState(state: Partial<AuthState>): void;
}

export interface TestAuthOptions {
  user?: (Partial<AuthUser> & { id: string }) | null;
  /** Default: `signedIn` with a user, else `signedOut`. */
  status?: AuthStatus;
  error?: AuthError | null;
  /** The granted scope while signed in. Default `'openid profile email'`. */
  scope?: string;
  /** What `getAccessToken()` resolves to. Default `'test-access-token'`. */
  accessToken?: string;
  /** Make the app's explicit `signIn()` sign in as this user at once (automatic ones, from `RequireAuth`, are only recorded). */
  signInAs?: Partial<AuthUser> & { id: string };
}

const fill = (user: Partial<AuthUser> & { id: string }): AuthUser => ({ claims: { sub: user.id }, ...user });

export function createTestAuth(options: TestAuthOptions = {}): TestAuth {
  const listeners = new Set<() => void>();
  let state: AuthState = {
    status: options.status ?? (options.user ? 'signedIn' : 'signedOut'),
    user: options.user ? fill(options.user) : null,
    error: options.error ?? null,
    expiresAt: null,
    scope: options.user ? (options.scope ?? 'openid profile email') : null,
  };
  const calls: TestAuthCall[] = [];
  const auth: TestAuth = {
    calls,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {},
    stop() {},
    failure: () => state.error ?? undefined,
    setState(next) {
      state = { ...state, ...next };
      for (const listener of [...listeners]) listener();
    },
    signInAs(user) {
      const full = fill(user);
      auth.setState({ status: 'signedIn', user: full, error: null, scope: options.scope ?? 'openid profile email' });
      channel.signedIn({ id: full.id, name: full.name, email: full.email });
    },
    signOutNow() {
      const was = state.status === 'signedIn';
      auth.setState({ status: 'signedOut', user: null, scope: null });
      if (was) channel.signedOut();
    },
    async signIn(signInOptions) {
      calls.push({ method: 'signIn', ...(signInOptions ? { options: signInOptions } : {}) });
      if (options.signInAs && !signInOptions?.automatic) auth.signInAs(options.signInAs);
    },
    async signOut(signOutOptions) {
      calls.push({ method: 'signOut', ...(signOutOptions ? { options: signOutOptions } : {}) });
      auth.signOutNow();
    },
    refresh() {
      calls.push({ method: 'refresh' });
      const result =
        state.status === 'signedIn' && state.user
          ? Promise.resolve(state.user)
          : Promise.reject(new AuthError('renew: not signed in', { source: 'renew', code: 'signed_out' }));
      result.catch(() => {});
      return result;
    },
    async getAccessToken() {
      calls.push({ method: 'getAccessToken' });
      if (state.status !== 'signedIn')
        throw new AuthError('renew: not signed in', { source: 'renew', code: 'signed_out' });
      return options.accessToken ?? 'test-access-token';
    },
  };
  return auth;
}

/** `AuthProvider` over a `createTestAuth()` fake; pass `instance` (a `createTestAuth()`) to drive it from the test. */
export function TestAuthProvider({
  instance,
  children,
  ...options
}: TestAuthOptions & { instance?: TestAuth; children?: ReactNode }) {
  const [own] = useState(() => instance ?? createTestAuth(options));
  return createElement(AuthProvider, { instance: own }, children);
}

/** Forgets callbacks in flight, Plinth's auth bookkeeping (`plinth.auth.*`) and what oidc-client-ts stored. */
export function resetAuth(): void {
  resetCallbacks();
  forgetStoredRequestsAndUsers();
  for (const store of [globalThis.localStorage, globalThis.sessionStorage]) {
    if (!store) continue;
    for (const key of Object.keys(store)) if (key.startsWith('plinth.auth.')) store.removeItem(key);
  }
}
