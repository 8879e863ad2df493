import { expectTypeOf } from 'vitest';
import {
  type AuthErrorCode,
  type AuthorizationParams,
  AuthProvider,
  type AuthProviderProps,
  type AuthStatus,
  type AuthUser,
  createAuth,
  type RequireAuthProps,
  type SignInOptions,
  type SignOutOptions,
  type UseAuth,
  withRequireAuth,
} from './index';

describe('types', () => {
  it('useAuth exposes Plinth types only', () => {
    expectTypeOf<UseAuth['status']>().toEqualTypeOf<AuthStatus>();
    expectTypeOf<AuthStatus>().toEqualTypeOf<'loading' | 'signedOut' | 'signedIn' | 'error' | 'sessionExpired'>();
    expectTypeOf<UseAuth['user']>().toEqualTypeOf<AuthUser | null>();
    expectTypeOf<UseAuth['getAccessToken']>().returns.toEqualTypeOf<Promise<string>>();
    expectTypeOf<'state_mismatch'>().toExtend<AuthErrorCode>();
    expectTypeOf<UseAuth['refresh']>().returns.toEqualTypeOf<Promise<AuthUser>>();
    expectTypeOf<UseAuth['scope']>().toEqualTypeOf<string | null>();
    expectTypeOf<UseAuth['signOut']>().parameters.toEqualTypeOf<[options?: SignOutOptions]>();
    expectTypeOf({ returnTo: '/bye', local: true }).toExtend<SignOutOptions>();
    expectTypeOf({ local: 'yes' }).not.toExtend<SignOutOptions>();
  });

  it('RequireAuth and withRequireAuth take the per-call sign-in parameters of signIn(), one type for both', () => {
    expectTypeOf<RequireAuthProps>().toExtend<AuthorizationParams>();
    expectTypeOf<SignInOptions>().toExtend<AuthorizationParams>();
    expectTypeOf({ fallback: null, loginHint: 'a@b.c', prompt: 'login', maxAge: 60 }).toExtend<RequireAuthProps>();
    expectTypeOf({ maxAge: '60' }).not.toExtend<RequireAuthProps>();
    // Not the automatic flag or the signal: RequireAuth owns those.
    expectTypeOf<RequireAuthProps>().not.toHaveProperty('automatic');
    expectTypeOf<RequireAuthProps>().not.toHaveProperty('signal');
    expectTypeOf(withRequireAuth).parameter(1).toEqualTypeOf<Omit<RequireAuthProps, 'children'> | undefined>();
  });

  it('AuthProvider takes settings or a client, never both', () => {
    const settings = { authority: 'https://id.example', clientId: 'c' };
    const client = createAuth(settings);
    expectTypeOf({ settings }).toExtend<AuthProviderProps>();
    expectTypeOf({ client }).toExtend<AuthProviderProps>();
    expectTypeOf({ settings, client }).not.toExtend<AuthProviderProps>();
    expectTypeOf({}).not.toExtend<AuthProviderProps>();
    expectTypeOf(AuthProvider).parameter(0).toEqualTypeOf<AuthProviderProps>();
  });
});
