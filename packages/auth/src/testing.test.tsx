import { recordChannel, resetChannel } from '@plinth/core/testing';
import { act, render, renderHook, screen } from '../../../tooling/render';
import { RequireAuth } from './RequireAuth';
import { createTestAuth, resetAuth, TestAuthProvider } from './testing';
import { useAuth } from './useAuth';

afterEach(() => {
  resetChannel();
  resetAuth();
});

describe('@plinth/auth/testing', () => {
  it('useAuth() outside a provider throws MissingProviderError pointing at the testing entry', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useAuth())).toThrow(/@plinth\/auth\/testing/);
  });

  it('TestAuthProvider renders a given user, and the fake records calls and drives the channel', async () => {
    const recording = recordChannel();
    const auth = createTestAuth();
    render(
      <TestAuthProvider auth={auth}>
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
