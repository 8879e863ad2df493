// @vitest-environment node
import { renderToString } from 'react-dom/server';

describe('SSR', () => {
  it('imports and renders loading without touching window, fetch or storage, and starts no SDK', async () => {
    const fetchBefore = globalThis.fetch;
    const fetchSpy = vi.fn();
    globalThis.fetch = fetchSpy;
    try {
      const { AuthProvider, RequireAuth, useAuth, validateReturnTo } = await import('./index');
      function Status() {
        const { status, user } = useAuth();
        return (
          <p>
            {status}
            {user?.name}
          </p>
        );
      }
      const html = renderToString(
        <AuthProvider config={{ authority: 'https://id.example', clientId: 'c' }}>
          <Status />
          <RequireAuth fallback={<i>checking</i>}>secret</RequireAuth>
        </AuthProvider>,
      );
      expect(typeof window).toBe('undefined');
      expect(html).toBe('<p>loading</p><i>checking</i>');
      expect(validateReturnTo('//evil.example')).toBe('/');
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      globalThis.fetch = fetchBefore;
    }
  });

  it('createAuth on the server stays loading and never rejects or redirects', async () => {
    const { composeAuth } = await import('./createAuth');
    const load = vi.fn();
    const auth = composeAuth({ authority: 'https://id.example', clientId: 'c' }, { load });
    auth.start();
    await auth.signIn({ returnTo: '/x' });
    await auth.signOut({ returnTo: '/bye', local: true });
    auth.stop();
    expect(auth.getState().status).toBe('loading');
    expect(auth.failure()).toBeUndefined();
    expect(load).not.toHaveBeenCalled();
    await expect(auth.getAccessToken()).rejects.toMatchObject({ code: 'signed_out' });
    await expect(auth.refresh()).rejects.toMatchObject({ name: 'AuthError', code: 'signed_out' });
  });
});
