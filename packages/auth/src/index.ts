export { AuthError, type AuthErrorCode, type AuthErrorSource } from './AuthError';
export { AuthProvider, type AuthProviderProps } from './AuthProvider';
export { type Auth, createAuth, type SignInOptions, type SignOutOptions } from './createAuth';
export { RequireAuth, type RequireAuthProps, withRequireAuth } from './RequireAuth';
export type { AuthConfig, AuthorizationParams, AuthState, AuthStatus, AuthUser, LogoutUrl } from './types';
export { type UseAuth, useAuth } from './useAuth';
export { useAuthFailure } from './useAuthFailure';
export { validateReturnTo } from './validateReturnTo';
