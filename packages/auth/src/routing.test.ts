import { landing, pathOf, replaceUrl } from './routing';

const PATHS = { callbackPath: '/auth/callback', silentCallbackPath: '/silent-callback', postLogoutPath: '/' };
const at = (path: string, inFrame = false) => landing(new URL(path, 'https://app.example'), PATHS, inFrame);
const signOutRequest = (state: string, data?: Record<string, unknown>) =>
  localStorage.setItem(`oidc.${state}`, JSON.stringify({ id: state, created: 1, request_type: 'so:r', data }));

afterEach(() => localStorage.clear());

describe('URL routing', () => {
  it('the callback: callbackPath with state and code or error, nowhere else', () => {
    expect(at('/auth/callback?code=c&state=s&iss=x')).toEqual({ kind: 'callback', state: 's' });
    expect(at('/auth/callback?error=access_denied&state=s')).toEqual({ kind: 'callback', state: 's' });
    expect(at('/auth/callback?code=c')).toEqual({ kind: 'page' });
    expect(at('/auth/callback?state=s')).toEqual({ kind: 'page' });
    expect(at('/products?code=c&state=s')).toEqual({ kind: 'page' });
  });

  it('the silent callback: silentCallbackPath with state, only inside a frame', () => {
    expect(at('/silent-callback?code=c&state=s', true)).toEqual({ kind: 'silentCallback' });
    expect(at('/silent-callback?code=c&state=s', false)).toEqual({ kind: 'page' });
    expect(at('/silent-callback', true)).toEqual({ kind: 'page' });
  });

  it("the return from our sign-out: postLogoutPath with a sign-out request's state, landing on its validated returnTo", () => {
    signOutRequest('so1');
    expect(at('/?state=so1&tab=2#top')).toEqual({ kind: 'signOutReturn', state: 'so1', to: '/?tab=2#top' });
    signOutRequest('so2', { signOut: true, returnTo: '/bye?from=menu' });
    expect(at('/?state=so2')).toEqual({ kind: 'signOutReturn', state: 'so2', to: '/bye?from=menu' });
    signOutRequest('so3', { signOut: true, returnTo: '//evil.example' });
    expect(at('/?state=so3')).toEqual({ kind: 'signOutReturn', state: 'so3', to: '/' });
    // Another path, the app's own ?state=, or a sign-in request: not ours to consume.
    expect(at('/elsewhere?state=so1')).toEqual({ kind: 'page' });
    expect(at('/?state=app-owned')).toEqual({ kind: 'page' });
    localStorage.setItem('oidc.si1', JSON.stringify({ id: 'si1', created: 1, request_type: 'si:r' }));
    expect(at('/?state=si1')).toEqual({ kind: 'page' });
  });

  it('replaceUrl replaces without a history entry and fires popstate; pathOf keeps query and hash', () => {
    history.replaceState(null, '', '/start');
    const length = history.length;
    const heard = vi.fn();
    addEventListener('popstate', heard);
    replaceUrl('/account?tab=1#x');
    removeEventListener('popstate', heard);
    expect(pathOf()).toBe('/account?tab=1#x');
    expect(history.length).toBe(length);
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
