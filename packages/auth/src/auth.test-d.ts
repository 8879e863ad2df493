import type { VendorLifecycle } from '@plinth/core';
import { expectTypeOf } from 'vitest';
import {
  type Auth,
  type AuthConfig,
  type AuthError,
  type AuthErrorCode,
  type AuthErrorSource,
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
  useAuthFailure,
  withRequireAuth,
} from './index';

describe('types', () => {
  it('useAuth exposes Plinth types only', () => {
    expectTypeOf<UseAuth['status']>().toEqualTypeOf<AuthStatus>();
    expectTypeOf<AuthStatus>().toEqualTypeOf<'loading' | 'signedOut' | 'signedIn' | 'error' | 'sessionExpired'>();
    expectTypeOf<UseAuth['user']>().toEqualTypeOf<AuthUser | null>();
    expectTypeOf<UseAuth['getAccessToken']>().returns.toEqualTypeOf<Promise<string>>();
    // The README's lists, exactly (README: "`AuthError` (a `PlinthError`)").
    expectTypeOf<AuthErrorSource>().toEqualTypeOf<
      'callback' | 'renew' | 'signIn' | 'signOut' | 'discovery' | 'loader'
    >();
    expectTypeOf<AuthErrorCode>().toEqualTypeOf<
      | 'state_mismatch'
      | 'expired'
      | 'access_denied'
      | 'invalid_grant'
      | 'login_required'
      | 'interaction_required'
      | 'consent_required'
      | 'account_selection_required'
      | 'network'
      | 'signed_out'
      | 'invalid_id_token'
      | 'issuer_mismatch'
      | 'userinfo_mismatch'
      | 'session_ended'
      | 'provider'
      | 'discovery'
      | 'cancelled'
      | 'blocked'
      | 'failed'
      | 'timeout'
      | 'unknown'
    >();
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

  it('AuthProvider takes a config or an instance, never both; createAuth(config) → Auth', () => {
    const config: AuthConfig = { authority: 'https://id.example', clientId: 'c' };
    const instance = createAuth(config);
    expectTypeOf(instance).toEqualTypeOf<Auth>();
    expectTypeOf(createAuth).parameters.toEqualTypeOf<[config: AuthConfig]>();
    expectTypeOf({ config }).toExtend<AuthProviderProps>();
    expectTypeOf({ instance }).toExtend<AuthProviderProps>();
    expectTypeOf({ config, instance }).not.toExtend<AuthProviderProps>();
    // The old names are gone.
    expectTypeOf({ settings: config }).not.toExtend<AuthProviderProps>();
    expectTypeOf({ client: instance }).not.toExtend<AuthProviderProps>();
    expectTypeOf({}).not.toExtend<AuthProviderProps>();
    expectTypeOf(AuthProvider).parameter(0).toEqualTypeOf<AuthProviderProps>();
  });

  it('one lifecycle as every package (start/stop), one failure hook, and the session status stays useAuth().status', () => {
    expectTypeOf<Auth['start']>().toEqualTypeOf<() => void>();
    expectTypeOf<Auth['stop']>().toEqualTypeOf<() => void>();
    expectTypeOf<Auth['failure']>().returns.toEqualTypeOf<AuthError | undefined>();
    expectTypeOf(useAuthFailure).returns.toEqualTypeOf<AuthError | undefined>();
    expectTypeOf<Auth>().toExtend<Pick<VendorLifecycle, 'start' | 'stop'>>();
  });

  it('the vendor side, its session and the resolved config are not public (one config type: AuthConfig)', () => {
    // @ts-expect-error the adapter is internal
    type _Adapter = import('./index').OidcAdapter;
    // @ts-expect-error the adapter's session (it holds the tokens) is internal
    type _Session = import('./index').AuthSession;
    // @ts-expect-error the config with its defaults filled in is internal
    type _Resolved = import('./index').ResolvedAuthConfig;
  });
});
