import type { InstanceOrConfig } from '@plinth/core';
import { createContext, type ReactNode, useEffect, useState } from 'react';
import { type Auth, createAuth } from './createAuth';
import type { AuthConfig } from './types';

export const AuthContext = createContext<Auth | null>(null);

/** A config (the provider creates the session) or a ready `instance` from `createAuth(config)`, never both (core's one shape). */
export type AuthProviderProps = { children?: ReactNode } & InstanceOrConfig<Auth, AuthConfig>;

/**
 * Signs the user in with the authorization code flow + PKCE. The callback is handled here, on
 * `callbackPath`, as soon as the provider mounts (no route to forget, and before any `RequireAuth`
 * could start another sign-in). The SDK loads only for a callback, a stored session or a sign-in.
 */
export function AuthProvider({ config, instance, children }: AuthProviderProps) {
  // Created once per provider, lazily (a config is read once): nothing starts until the effect. Not core's
  // useProvidedInstance: sign-in needs no consent store, and the session's status is not a vendor's.
  const [own] = useState(() => (instance ? null : createAuth(config as AuthConfig)));
  const auth = instance ?? (own as Auth);
  useEffect(() => {
    auth.start();
    return () => auth.stop();
  }, [auth]);
  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}
