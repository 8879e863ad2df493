import { recordChannel, resetChannel } from '@plinth/core/testing';
import { act, render, renderHook, screen } from '../../../tooling/render';
import { AuthError } from './AuthError';
import { RequireAuth } from './RequireAuth';
import { createTestAuth, resetAuth, TestAuthProvider } from './testing';
import { useAuth } from './useAuth';
import { useAuthFailure } from './useAuthFailure';

afterEach(() => {
  resetChannel();
  resetAuth();
});

describe('@plinth/auth/testing', () => {
  it('useAuth() and useAuthFailure() outside a provider throw MissingProviderError pointing at the testing entry', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useAuth())).toThrow(/@plinth\/auth\/testing/);
    expect(() => renderHook(() => useAuthFailure())).toThrow(/useAuthFailure\(\).*@plinth\/auth\/testing/);
  });

  it('useAuthFailure() is the current AuthError, undefined without one, re-rendering when it changes', () => {
    const auth = createTestAuth({ user: { id: 'u1' } });
    const { result } = renderHook(() => useAuthFailure(), {
      wrapper: ({ children }) => <TestAuthProvider instance={auth}>{children}</TestAuthProvider>,
    });
    expect(result.current).toBeUndefined();
    const refused = new AuthError('renew: invalid_grant', { source: 'renew', code: 'invalid_grant' });
    act(() => auth.setState({ error: refused }));
    expect(result.current).toBe(refused);
    expect(auth.failure()).toBe(refused);
    act(() => auth.setState({ error: null }));
    expect(result.current).toBeUndefined();
  });

  it('TestAuthProvider renders a given user, and the fake records calls and drives the channel', async () => {
    const recording = recordChannel();
    const auth = createTestAuth();
    render(
      <TestAuthProvider instance={auth}>
        <RequireAuth fallback={<p>fallback</p>}>
          <p>secret</p>
        </RequireAuth>
      </TestAuthProvider>,
    );
    expect(screen.getByText('fallback')).toBeTruthy();
    expect(auth.calls).toEqual([{ method: 'signIn', options: { automatic: true, signal: expect.any(AbortSignal) } }]);
    act(() => auth.signInAs({ id: 'u1', name: 'Ada' }));
    expect(screen.getByText('secret')).toBeTruthy();
    expect(recording.of('signedIn').map((e) => e.user.id)).toEqual(['u1']);
    await act(() => auth.signOut());
    expect(screen.getByText('fallback')).toBeTruthy();
    expect(recording.of('signedOut')).toHaveLength(1);
    recording.stop();
  });

  it('starts signed in with a user and hands out a token', async () => {
    const { result } = renderHook(() => useAuth(), {
      wrapper: ({ children }) => <TestAuthProvider user={{ id: 'u2', name: 'Grace' }}>{children}</TestAuthProvider>,
    });
    expect(result.current.status).toBe('signedIn');
    expect(result.current.user).toEqual({ id: 'u2', name: 'Grace', claims: { sub: 'u2' } });
    expect(await result.current.getAccessToken()).toBe('test-access-token');
    expect(result.current.scope).toBe('openid profile email');
    expect(await result.current.refresh()).toEqual({ id: 'u2', name: 'Grace', claims: { sub: 'u2' } });
  });

  it('the fake records signOut options and refresh(), and rejects refresh() signed out', async () => {
    const auth = createTestAuth({ user: { id: 'u3' }, scope: 'openid orders:read' });
    expect(auth.getState().scope).toBe('openid orders:read');
    await auth.signOut({ local: true, returnTo: '/bye' });
    await expect(auth.refresh()).rejects.toMatchObject({ name: 'AuthError', code: 'signed_out' });
    expect(auth.calls).toEqual([
      { method: 'signOut', options: { local: true, returnTo: '/bye' } },
      { method: 'refresh' },
    ]);
    expect(auth.getState()).toMatchObject({ status: 'signedOut', scope: null });
  });
});
