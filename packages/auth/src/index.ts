/** Core's: true in the hidden frame of a silent sign-in, where only `AuthProvider` should render (the quickstart). */
export { isSilentCallbackFrame } from '@plinth/core';
export { AuthError, type AuthErrorCode, type AuthErrorSource } from './AuthError';
export { AuthProvider, type AuthProviderProps } from './AuthProvider';
export { type Auth, createAuth, type SignInOptions, type SignOutOptions } from './createAuth';
export { RequireAuth, type RequireAuthProps, withRequireAuth } from './RequireAuth';
export type { AuthConfig, AuthorizationParams, AuthState, AuthStatus, AuthUser, LogoutUrl } from './types';
export { type UseAuth, useAuth } from './useAuth';
export { useAuthFailure } from './useAuthFailure';
export { validateReturnTo } from './validateReturnTo';
