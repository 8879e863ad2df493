import { MissingProviderError } from '@plinth/core';
import { useCallback, useContext, useSyncExternalStore } from 'react';
import type { AuthError } from './AuthError';
import { AuthContext } from './AuthProvider';

const none = () => undefined;

/**
 * Why the last step of the nearest `AuthProvider`'s session failed (a callback, a renewal, a sign-in or a
 * sign-out), `undefined` otherwise; re-renders when it changes. The session's status is `useAuth().status`.
 */
export function useAuthFailure(): AuthError | undefined {
  const auth = useContext(AuthContext);
  if (!auth) throw new MissingProviderError('useAuthFailure', 'auth');
  const failure = useCallback(() => auth.failure(), [auth]);
  return useSyncExternalStore(auth.subscribe, failure, none);
}
