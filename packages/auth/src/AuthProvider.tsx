import { createContext, type ReactNode, useEffect, useState } from 'react';
import { type Auth, createAuth } from './createAuth';
import type { AuthSettings } from './types';

export const AuthContext = createContext<Auth | null>(null);

/** Settings (the provider creates the session) or a ready `Auth` from `createAuth()`, never both. */
export type AuthProviderProps = { children?: ReactNode } & (
  | {
      settings: AuthSettings;
      /** Replaces the URL after the callback, e.g. react-router's `(to) => navigate(to, { replace: true })`. Read once. */
      navigate?: (path: string) => void;
      client?: never;
    }
  | { client: Auth; settings?: never; navigate?: never }
);

/**
 * Signs the user in with the authorization code flow + PKCE. The callback is handled here, on
 * `callbackPath`, as soon as the provider mounts (no route to forget, and before any `RequireAuth`
 * could start another sign-in). The SDK loads only for a callback, a stored session or a sign-in.
 */
export function AuthProvider({ settings, client, navigate, children }: AuthProviderProps) {
  // Created once per provider, lazily: nothing starts until the effect (one start under StrictMode).
  const [own] = useState(() => (client ? null : createAuth(settings as AuthSettings, navigate ? { navigate } : {})));
  const auth = client ?? (own as Auth);
  useEffect(() => auth.start(), [auth]);
  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}
