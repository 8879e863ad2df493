export { AuthError, type AuthErrorCode, type AuthErrorSource } from './AuthError';
export { AuthProvider, type AuthProviderProps } from './AuthProvider';
export {
  type Auth,
  type CreateAuthOptions,
  createAuth,
  type SignInOptions,
  type SignOutOptions,
} from './createAuth';
export { RequireAuth, type RequireAuthProps, withRequireAuth } from './RequireAuth';
export type {
  AuthClient,
  AuthorizationParams,
  AuthSession,
  AuthSettings,
  AuthState,
  AuthStatus,
  AuthUser,
  ResolvedAuthSettings,
} from './types';
export { type UseAuth, useAuth } from './useAuth';
export { validateReturnTo } from './validateReturnTo';
