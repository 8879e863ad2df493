import { MissingProviderError } from '@plinth/core';
import { useContext, useMemo, useSyncExternalStore } from 'react';
import { AuthContext } from './AuthProvider';
import type { Auth } from './createAuth';
import type { AuthState } from './types';

export interface UseAuth extends AuthState, Pick<Auth, 'signIn' | 'signOut' | 'refresh' | 'getAccessToken'> {}

/** On the server and while hydrating: `loading`, so markup matches. */
const SERVER: AuthState = { status: 'loading', user: null, error: null, expiresAt: null, scope: null };
const serverState = () => SERVER;

/** The session of the nearest `AuthProvider`, re-rendering when it changes. */
export function useAuth(): UseAuth {
  const auth = useContext(AuthContext);
  if (!auth) throw new MissingProviderError('useAuth', 'auth');
  const state = useSyncExternalStore((auth as Auth).subscribe, (auth as Auth).getState, serverState);
  return useMemo(
    () => ({
      ...state,
      signIn: (auth as Auth).signIn,
      signOut: (auth as Auth).signOut,
      refresh: (auth as Auth).refresh,
      getAccessToken: (auth as Auth).getAccessToken,
    }),
    [auth, state],
  );
}
