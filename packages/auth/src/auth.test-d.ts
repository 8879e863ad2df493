import { expectTypeOf } from 'vitest';
import {
  type AuthErrorCode,
  AuthProvider,
  type AuthProviderProps,
  type AuthStatus,
  type AuthUser,
  createAuth,
  type UseAuth,
} from './index';

describe('types', () => {
  it('useAuth exposes Plinth types only', () => {
    expectTypeOf<UseAuth['status']>().toEqualTypeOf<AuthStatus>();
    expectTypeOf<AuthStatus>().toEqualTypeOf<'loading' | 'signedOut' | 'signedIn' | 'error' | 'sessionExpired'>();
    expectTypeOf<UseAuth['user']>().toEqualTypeOf<AuthUser | null>();
    expectTypeOf<UseAuth['getAccessToken']>().returns.toEqualTypeOf<Promise<string>>();
    expectTypeOf<'state_mismatch'>().toExtend<AuthErrorCode>();
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
