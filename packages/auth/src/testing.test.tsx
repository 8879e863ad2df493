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
  });
});
