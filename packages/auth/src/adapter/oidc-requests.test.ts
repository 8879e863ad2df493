import { forgetRequest, forgetStaleRequests, forgetStoredRequestsAndUsers, storedRequest } from './oidc-requests';

const now = () => Math.floor(Date.now() / 1000);
const store = (state: string, value: unknown) => localStorage.setItem(`oidc.${state}`, JSON.stringify(value));

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe("oidc-client-ts's stored requests", () => {
  it('reads the kind, the creation time and the returnTo', () => {
    store('si', { id: 'si', created: 100, request_type: 'si:r', data: { returnTo: '/account' } });
    store('so', { id: 'so', created: 200, request_type: 'so:r', data: { signOut: true } });
    store('odd', { id: 'odd', created: 'soon' });
    localStorage.setItem('oidc.broken', '{');
    expect(storedRequest('si')).toEqual({ signOut: false, created: 100, returnTo: '/account' });
    expect(storedRequest('so')).toEqual({ signOut: true, created: 200, returnTo: undefined });
    expect(storedRequest('odd')).toEqual({ signOut: false, created: undefined, returnTo: undefined });
    expect(storedRequest('broken')).toBeNull();
    expect(storedRequest('none')).toBeNull();
    forgetRequest('si');
    expect(storedRequest('si')).toBeNull();
  });

  it('forgets the stale ones but the one being answered, and everything on reset', () => {
    store('old', { created: now() - 1000, request_type: 'si:r' });
    store('answering', { created: now() - 1000, request_type: 'si:r' });
    store('recent', { created: now() - 5, request_type: 'si:r' });
    localStorage.setItem('app.key', 'kept');
    forgetStaleRequests(900, 'answering');
    expect(Object.keys(localStorage).sort()).toEqual(['app.key', 'oidc.answering', 'oidc.recent']);
    sessionStorage.setItem('oidc.user:https://id.example:spa', '{}');
    forgetStoredRequestsAndUsers();
    expect(Object.keys(localStorage)).toEqual(['app.key']);
    expect(Object.keys(sessionStorage)).toEqual([]);
  });

  it('storage that throws (privacy mode) reads as nothing stored', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(storedRequest('x')).toBeNull();
  });
});
