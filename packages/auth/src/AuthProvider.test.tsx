import { afterNextPaint, channel } from '@plinth/core';
import { recordChannel, resetChannel } from '@plinth/core/testing';
import { act, render, screen, waitFor } from '../../../tooling/render';
import { AuthProvider } from './AuthProvider';
import { type Auth, composeAuth, createAuth } from './createAuth';
import { RequireAuth, withRequireAuth } from './RequireAuth';
import { openTabs, type TabMessage } from './tabs';
import { resetAuth } from './testing';
import type { AuthConfig, AuthSession, OidcAdapter } from './types';
import { useAuth } from './useAuth';
import { useAuthFailure } from './useAuthFailure';

const SETTINGS = { authority: 'http://127.0.0.1:1/oidc', clientId: 'plinth-demo' };
const now = () => Math.floor(Date.now() / 1000);
const session = (over: Partial<AuthSession> = {}): AuthSession => ({
  claims: { sub: 'u-1', name: 'Ada Lovelace', email: 'ada@example.com' },
  accessToken: 'at-1',
  expiresAt: now() + 3600,
  ...over,
});

function fakeClient(over: Partial<OidcAdapter> = {}) {
  const client = {
    signIn: vi.fn(async () => {}),
    callback: vi.fn(async () => session({ returnTo: '/account' })),
    silentCallback: vi.fn(async () => {}),
    current: vi.fn(async () => null),
    renew: vi.fn(async () => session({ accessToken: 'at-renewed' })),
    revoke: vi.fn(async () => true),
    endSession: vi.fn(async () => true),
    forget: vi.fn(async () => {}),
    ...over,
  } satisfies OidcAdapter;
  const load = vi.fn(async () => client as OidcAdapter);
  return { client, load };
}

function Probe({ id = 'probe' }: { id?: string }) {
  const { status, user, error } = useAuth();
  return (
    <p data-testid={id}>
      {status}
      {user ? `:${user.id}:${user.name}` : ''}
      {error ? `:${error.source}/${error.code}` : ''}
    </p>
  );
}

const goTo = (url: string) => history.replaceState(null, '', url);

/** A `Button` that renders nothing and hands the test its `useAuth().signIn`, as a click would call it. */
function signInOf() {
  let current: ReturnType<typeof useAuth>['signIn'] | undefined;
  function Button() {
    current = useAuth().signIn;
    return null;
  }
  return { Button, signIn: (options?: Parameters<ReturnType<typeof useAuth>['signIn']>[0]) => current!(options) };
}

/** Whether `promise` has settled by now: its reaction runs before this function's one microtask of waiting. */
async function settledNow(promise: Promise<unknown>) {
  let outcome = 'pending';
  promise.then(
    () => {
      outcome = 'resolved';
    },
    () => {
      outcome = 'rejected';
    },
  );
  await Promise.resolve();
  return outcome;
}

/** The real cross-tab messages, with `next()`: the next message this tab has heard and handled. */
function hearingTabs() {
  let heard: ((message: TabMessage) => void) | undefined;
  const tabs: typeof openTabs = (clientId, onMessage) =>
    openTabs(clientId, (message) => {
      onMessage(message);
      heard?.(message);
    });
  return {
    tabs,
    next: () =>
      new Promise<TabMessage>((resolve) => {
        heard = resolve;
      }),
  };
}

let recording: ReturnType<typeof recordChannel>;
beforeEach(() => {
  resetChannel();
  recording = recordChannel();
});
afterEach(() => {
  recording.stop();
  resetAuth();
  goTo('/');
});

/** The three ways a session ends while something else is in flight: local, through the provider, another tab. */
const signOutPaths = {
  'signOut({ local: true })': (auth: Auth) => act(() => auth.signOut({ local: true })),
  'signOut()': (auth: Auth) => act(() => auth.signOut()),
  'another tab': async (auth: Auth, clientId: string) => {
    new BroadcastChannel(`plinth.auth:${clientId}`).postMessage({ type: 'signedOut' });
    await waitFor(() => expect(auth.getState().status).toBe('signedOut'));
  },
};

/** The fake client's sign-out calls (revoke, forget, end-session), recorded in `order` beside the call under test. */
const recordingSignOut = (order: string[]) => ({
  revoke: vi.fn(async () => {
    order.push('revoke');
    return true;
  }),
  forget: vi.fn(async () => {
    order.push('forget');
  }),
  endSession: vi.fn(async () => {
    order.push('endSession');
    return true;
  }),
});

describe('AuthProvider', () => {
  it('creates its session from `config`; a config mistake is refused where it is made, as core says', async () => {
    expect(() => createAuth({ authority: 'https://id.example' } as AuthConfig)).toThrow(
      expect.objectContaining({ name: 'PlinthError', source: 'config', code: 'missing_option' }),
    );
    expect(() => createAuth({ ...SETTINGS, authority: 'id.example' })).toThrow(
      expect.objectContaining({ source: 'config', code: 'invalid_option' }),
    );
    render(
      <AuthProvider config={SETTINGS}>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByTestId('probe').textContent).toBe('signedOut');
  });

  it('does not load the SDK for a signed-out visitor, nor for ?code= off the callback path', async () => {
    goTo('/products?code=abc&state=xyz');
    const { load } = fakeClient();
    render(
      <AuthProvider instance={composeAuth(SETTINGS, { load })}>
        <Probe />
      </AuthProvider>,
    );
    // The positive sentinel: start-up has run (it settled the page's visitor anonymous), and a loader's turn since
    // (after the next paint, when the loader would import the SDK) has passed. Only then is "not loaded" a finding.
    await waitFor(() => expect(channel.visitor.get().subject).toEqual({ kind: 'anonymous' }));
    await new Promise<void>((resolve) => afterNextPaint(() => setTimeout(resolve)));
    expect(screen.getByTestId('probe').textContent).toBe('signedOut');
    expect(load).not.toHaveBeenCalled();
    expect(location.search).toBe('?code=abc&state=xyz');
  });

  it("start-up without a session marker settles the page's visitor anonymous, no sign-out announced (issue 34)", async () => {
    const { channel } = await import('@plinth/core');
    const recording = recordChannel();
    expect(channel.visitor.get().subject.kind).toBe('unknown');
    const { load } = fakeClient();
    render(
      <AuthProvider instance={composeAuth(SETTINGS, { load })}>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(channel.visitor.get().subject).toEqual({ kind: 'anonymous' }));
    expect(recording.of('signedOut')).toEqual([]);
    expect(load).not.toHaveBeenCalled();
    recording.stop();
  });

  it('back from an abandoned sign-in (no session): the status is the cancelled sign-in, the visitor anonymous (issue 34)', async () => {
    const { channel } = await import('@plinth/core');
    const { setSignInPending } = await import('./storage');
    setSignInPending(true); // this tab left for the provider's page and came back another way
    const { load } = fakeClient();
    render(
      <AuthProvider instance={composeAuth(SETTINGS, { load })}>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByTestId('probe').textContent).toBe('error:signIn/cancelled');
    await waitFor(() => expect(channel.visitor.get().subject).toEqual({ kind: 'anonymous' }));
  });

  it('exchanges one callback once across StrictMode and two providers, then replaces the URL with returnTo', async () => {
    goTo('/auth/callback?code=c1&state=s1&session_state=x&iss=http%3A%2F%2F127.0.0.1');
    const lengthBefore = history.length;
    const { client, load } = fakeClient();
    render(
      <>
        <AuthProvider instance={composeAuth(SETTINGS, { load })}>
          <Probe id="a" />
        </AuthProvider>
        <AuthProvider instance={composeAuth(SETTINGS, { load })}>
          <Probe id="b" />
        </AuthProvider>
      </>,
    );
    expect(screen.getByTestId('a').textContent).toBe('loading');
    await waitFor(() => expect(screen.getByTestId('a').textContent).toBe('signedIn:u-1:Ada Lovelace'));
    await waitFor(() => expect(screen.getByTestId('b').textContent).toBe('signedIn:u-1:Ada Lovelace'));
    expect(client.callback).toHaveBeenCalledTimes(1);
    expect(client.callback).toHaveBeenCalledWith(expect.stringContaining('/auth/callback?code=c1&state=s1'));
    expect(`${location.pathname}${location.search}`).toBe('/account');
    expect(history.length).toBe(lengthBefore);
    expect(recording.of('signedIn').map((e) => e.user)).toEqual([
      {
        id: 'u-1',
        name: 'Ada Lovelace',
        email: 'ada@example.com',
      },
    ]);
    expect(localStorage.getItem('plinth.auth.session')).toBe('1');
  });

  it('refuses an unsafe stored returnTo', async () => {
    goTo('/auth/callback?code=c2&state=s2');
    const { load } = fakeClient({ callback: vi.fn(async () => session({ returnTo: '//evil.example/x' })) });
    render(
      <AuthProvider instance={composeAuth(SETTINGS, { load })}>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toMatch(/^signedIn/));
    expect(location.href).toBe(`${location.origin}/`);
  });

  it('ends a state mismatch in a typed error, no tokens, and no new sign-in from RequireAuth', async () => {
    goTo('/auth/callback?code=c3&state=tampered');
    const { client, load } = fakeClient({
      callback: vi.fn(async () => {
        throw new Error('No matching state found in storage');
      }),
    });
    const auth = composeAuth(SETTINGS, { load });
    let failure: ReturnType<typeof useAuthFailure>;
    function Failure() {
      failure = useAuthFailure();
      return null;
    }
    render(
      <AuthProvider instance={auth}>
        <Probe />
        <Failure />
        <RequireAuth fallback={<p>fallback</p>}>secret</RequireAuth>
      </AuthProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('error:callback/state_mismatch'));
    expect(failure).toBe(auth.getState().error);
    expect(auth.failure()).toMatchObject({ name: 'AuthError', source: 'callback', code: 'state_mismatch' });
    expect(location.pathname + location.search).toBe('/');
    expect(screen.getByText('fallback')).toBeTruthy();
    expect(screen.queryByText('secret')).toBeNull();
    expect(client.signIn).not.toHaveBeenCalled();
    expect(recording.of('signedIn')).toEqual([]);
    expect(localStorage.getItem('plinth.auth.session')).toBeNull();
    // A failed sign-in: nobody is signed in, and the vendors hear that the visitor is anonymous (issue 34).
    expect(channel.visitor.get().subject).toEqual({ kind: 'anonymous' });
  });

  it('refuses a stored sign-in request older than requestMaxAgeSeconds (expired) without exchanging the code', async () => {
    goTo('/auth/callback?code=c4&state=old');
    localStorage.setItem('oidc.old', JSON.stringify({ id: 'old', created: now() - 1000, request_type: 'si:r' }));
    localStorage.setItem('oidc.stale', JSON.stringify({ id: 'stale', created: now() - 1000, request_type: 'si:r' }));
    localStorage.setItem('oidc.recent', JSON.stringify({ id: 'recent', created: now() - 5, request_type: 'si:r' }));
    const { client, load } = fakeClient();
    render(
      <AuthProvider instance={composeAuth(SETTINGS, { load })}>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('error:callback/expired'));
    expect(client.callback).not.toHaveBeenCalled();
    expect(localStorage.getItem('oidc.old')).toBeNull();
    expect(localStorage.getItem('oidc.stale')).toBeNull(); // stale entries cleared at start-up
    expect(localStorage.getItem('oidc.recent')).not.toBeNull();
  });

  it('restores a session silently when the marker says one existed, and falls back quietly to signedOut', async () => {
    localStorage.setItem('plinth.auth.session', '1');
    const ok = fakeClient();
    const first = render(
      <AuthProvider instance={composeAuth(SETTINGS, { load: ok.load })}>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByTestId('probe').textContent).toBe('loading');
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('signedIn:u-1:Ada Lovelace'));
    expect(ok.client.renew).toHaveBeenCalledTimes(1);
    first.unmount();

    const failing = fakeClient({
      renew: vi.fn(async () => {
        throw Object.assign(new Error('login_required'), { error: 'login_required' });
      }),
    });
    render(
      <AuthProvider instance={composeAuth(SETTINGS, { load: failing.load })}>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('signedOut'));
    expect(localStorage.getItem('plinth.auth.session')).toBeNull();
    expect(failing.client.renew).toHaveBeenCalledTimes(1);
  });
});

describe('RequireAuth', () => {
  it('starts one automatic sign-in under StrictMode, and none again within 30 s (loop guard)', async () => {
    goTo('/account?tab=1');
    const { client, load } = fakeClient();
    const first = render(
      <AuthProvider instance={composeAuth(SETTINGS, { load })}>
        <RequireAuth fallback={<p>fallback</p>}>secret</RequireAuth>
      </AuthProvider>,
    );
    await waitFor(() => expect(client.signIn).toHaveBeenCalledTimes(1));
    expect(vi.mocked(client.signIn).mock.calls[0]?.[0]).toBe('/account?tab=1');
    first.unmount();

    // Back from the provider's page, the back/forward cache off (a new page in the same tab, the sign-in still
    // pending): the sign-in did not complete, and nothing starts another. React may make sessions it never
    // mounts (a first render that suspends): one made and dropped leaves the pending sign-in to the one kept.
    const back = fakeClient();
    composeAuth(SETTINGS, { load: back.load });
    const backView = render(
      <AuthProvider instance={composeAuth(SETTINGS, { load: back.load })}>
        <RequireAuth fallback={<p>fallback</p>}>secret</RequireAuth>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByTestId('probe').textContent).toBe('error:signIn/cancelled');
    expect(screen.getByText('fallback')).toBeTruthy();
    expect(back.client.signIn).not.toHaveBeenCalled();
    backView.unmount();

    // A reload in the same tab (sessionStorage survives), nothing pending: no second automatic redirect.
    const again = fakeClient();
    render(
      <AuthProvider instance={composeAuth(SETTINGS, { load: again.load })}>
        <RequireAuth fallback={<p>fallback</p>}>secret</RequireAuth>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() =>
      expect(recording.of('report').map((e) => e.message)).toContain(
        'auth: automatic sign-in skipped (one per 30 s per tab)',
      ),
    );
    expect(again.client.signIn).not.toHaveBeenCalled();
    expect(screen.getByText('fallback')).toBeTruthy();
  });

  it('cancels its sign-in when unmounted before the provider answered (the user went elsewhere)', async () => {
    goTo('/account');
    let discovered: () => void = () => {};
    const redirected = vi.fn();
    const { client, load } = fakeClient({
      // As the adapter does: discovery first (slow here), then the redirect unless cancelled meanwhile.
      signIn: vi.fn(async (_returnTo: string, signal?: AbortSignal) => {
        await new Promise<void>((resolve) => {
          discovered = resolve;
        });
        if (!signal?.aborted) redirected();
      }),
    });
    const auth = composeAuth(SETTINGS, { load });
    function App({ protectedPage }: { protectedPage: boolean }) {
      return (
        <AuthProvider instance={auth}>
          {protectedPage ? <RequireAuth fallback={<p>fallback</p>}>secret</RequireAuth> : <p>elsewhere</p>}
        </AuthProvider>
      );
    }
    const view = render(<App protectedPage />);
    await waitFor(() => expect(client.signIn).toHaveBeenCalledTimes(1)); // once, under StrictMode
    view.rerender(<App protectedPage={false} />); // the user went elsewhere
    await waitFor(() => expect(vi.mocked(client.signIn).mock.calls[0]?.[1]?.aborted).toBe(true));
    discovered();
    await act(() => Promise.resolve());
    expect(redirected).not.toHaveBeenCalled();
    expect(screen.getByText('elsewhere')).toBeTruthy();

    // Back on the protected page: the cancelled attempt did not use up the tab's automatic sign-in.
    view.rerender(<App protectedPage />);
    await waitFor(() => expect(client.signIn).toHaveBeenCalledTimes(2));
    discovered();
    await waitFor(() => expect(redirected).toHaveBeenCalledTimes(1));
  });

  it('after the session it guarded ends while mounted (a sign-out here), it shows the fallback and starts no sign-in', async () => {
    goTo('/auth/callback?code=c9&state=s9'); // signed in, back on /account
    const { client, load } = fakeClient();
    let auth!: ReturnType<typeof useAuth>;
    function Controls() {
      auth = useAuth();
      return null;
    }
    render(
      <AuthProvider instance={composeAuth(SETTINGS, { load })}>
        <Controls />
        <Probe />
        <RequireAuth fallback={<p>fallback</p>}>secret</RequireAuth>
      </AuthProvider>,
    );
    await waitFor(() => expect(screen.getByText('secret')).toBeTruthy()); // the positive sentinel
    await act(() => auth.signOut({ local: true }));
    expect(screen.getByTestId('probe').textContent).toBe('signedOut');
    await act(() => new Promise((resolve) => setTimeout(resolve)));
    expect(screen.getByText('fallback')).toBeTruthy();
    expect(screen.queryByText('secret')).toBeNull();
    expect(client.signIn).not.toHaveBeenCalled();
    // An explicit sign-in still works.
    await act(() => auth.signIn());
    expect(client.signIn).toHaveBeenCalledTimes(1);
  });

  it('Back from the provider through the back/forward cache: cancelled, and an explicit signIn() starts a new one', async () => {
    goTo('/account');
    const { client, load } = fakeClient();
    const { Button, signIn } = signInOf();
    render(
      <AuthProvider instance={composeAuth(SETTINGS, { load })}>
        <Button />
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('signedOut'));
    await act(() => signIn({ returnTo: '/account' }));
    expect(client.signIn).toHaveBeenCalledTimes(1);
    // The page restored as it was when it left for the provider (the fake adapter never navigates).
    act(() => {
      dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    expect(screen.getByTestId('probe').textContent).toBe('error:signIn/cancelled');
    // A second restore says nothing new; an explicit sign-in works after the cancel.
    await act(() => signIn({ returnTo: '/account' }));
    expect(client.signIn).toHaveBeenCalledTimes(2);
  });

  it('an explicit signIn() is not limited by the loop guard', async () => {
    sessionStorage.setItem('plinth.auth.autoSignInAt', String(Date.now()));
    const { client, load } = fakeClient();
    const { Button, signIn } = signInOf();
    render(
      <AuthProvider instance={composeAuth(SETTINGS, { load })}>
        <Button />
      </AuthProvider>,
    );
    await act(() => signIn({ returnTo: 'https://evil.example' }));
    expect(vi.mocked(client.signIn).mock.calls[0]?.[0]).toBe('/');
  });
});

describe('tokens', () => {
  it('concurrent getAccessToken() calls share one renewal', async () => {
    goTo('/auth/callback?code=c5&state=s5');
    const { client, load } = fakeClient({
      callback: vi.fn(async () => session({ accessToken: 'old', expiresAt: now() - 1 })),
      renew: vi.fn(async () => session({ accessToken: 'fresh', expiresAt: now() + 3600 })),
    });
    let auth!: ReturnType<typeof useAuth>;
    function Grab() {
      auth = useAuth();
      return <Probe />;
    }
    render(
      <AuthProvider instance={composeAuth(SETTINGS, { load })}>
        <Grab />
      </AuthProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toMatch(/^signedIn/));
    let tokens: string[] = [];
    await act(async () => {
      tokens = await Promise.all([auth.getAccessToken(), auth.getAccessToken(), auth.getAccessToken()]);
    });
    expect(tokens).toEqual(['fresh', 'fresh', 'fresh']);
    expect(client.renew).toHaveBeenCalledTimes(1);
    // Valid for an hour: no further renewal.
    await act(async () => {
      expect(await auth.getAccessToken()).toBe('fresh');
    });
    expect(client.renew).toHaveBeenCalledTimes(1);
  });

  it('a failed renewal ends in sessionExpired with a typed error, announces signedOut, and does not retry', async () => {
    goTo('/auth/callback?code=c7&state=s7');
    const { client, load } = fakeClient({
      callback: vi.fn(async () => session({ accessToken: 'old', expiresAt: now() - 1 })),
      renew: vi.fn(async () => {
        throw Object.assign(new Error('grant request is invalid'), { error: 'invalid_grant' });
      }),
    });
    let auth!: ReturnType<typeof useAuth>;
    function Grab() {
      auth = useAuth();
      return <Probe />;
    }
    render(
      <AuthProvider instance={composeAuth(SETTINGS, { load })}>
        <Grab />
        <RequireAuth fallback={<p>fallback</p>}>secret</RequireAuth>
      </AuthProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('sessionExpired:renew/invalid_grant'));
    expect(recording.of('signedIn')).toHaveLength(1);
    expect(recording.of('signedOut')).toHaveLength(1);
    await act(async () => {
      await expect(auth.getAccessToken()).rejects.toMatchObject({ name: 'AuthError', code: 'signed_out' });
    });
    expect(client.renew).toHaveBeenCalledTimes(1);
    expect(client.forget).toHaveBeenCalled();
    expect(client.signIn).not.toHaveBeenCalled();
    expect(screen.getByText('fallback')).toBeTruthy();
  });

  it('signOut revokes, then ends the session, and announces signedOut', async () => {
    goTo('/auth/callback?code=c6&state=s6');
    const order: string[] = [];
    const { load } = fakeClient({
      revoke: vi.fn(async () => {
        order.push('revoke');
        return true;
      }),
      endSession: vi.fn(async () => {
        order.push('endSession');
        return true;
      }),
    });
    let auth!: ReturnType<typeof useAuth>;
    function Grab() {
      auth = useAuth();
      return <Probe />;
    }
    render(
      <AuthProvider instance={composeAuth(SETTINGS, { load })}>
        <Grab />
      </AuthProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toMatch(/^signedIn/));
    await act(() => auth.signOut());
    expect(order).toEqual(['revoke', 'endSession']);
    expect(screen.getByTestId('probe').textContent).toBe('signedOut');
    expect(recording.of('signedOut')).toHaveLength(1);
    expect(localStorage.getItem('plinth.auth.session')).toBeNull();
  });
});

describe('start-up bookkeeping', () => {
  it("consumes our sign-out request's ?state= on the post-logout page and leaves other ?state= alone", async () => {
    localStorage.setItem('oidc.so1', JSON.stringify({ id: 'so1', created: now(), request_type: 'so:r' }));
    goTo('/?state=so1&tab=2');
    const { client, load } = fakeClient({
      renew: vi.fn(async () => {
        throw Object.assign(new Error('End-User authentication is required'), { error: 'login_required' });
      }),
    });
    const first = render(
      <AuthProvider instance={composeAuth(SETTINGS, { load })}>
        <Probe />
      </AuthProvider>,
    );
    // Not yet known: the provider may have kept its session (see "the provider's Sign out? page" below).
    expect(screen.getByTestId('probe').textContent).toBe('loading');
    await waitFor(() => expect(location.search).toBe('?tab=2'));
    expect(localStorage.getItem('oidc.so1')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('signedOut'));
    expect(client.renew).toHaveBeenCalledTimes(1); // the one silent check
    expect(recording.of('signedIn')).toHaveLength(0);
    expect(recording.of('report')).toEqual([]); // a sign-out that stands is no failure to report
    first.unmount();

    goTo('/?state=app-owned');
    const other = fakeClient();
    const auth = composeAuth(SETTINGS, { load: other.load });
    render(
      <AuthProvider instance={auth}>
        <Probe id="other" />
      </AuthProvider>,
    );
    // getAccessToken() waits for start-up to finish: the sentinel that it ran.
    await act(() => expect(auth.getAccessToken()).rejects.toMatchObject({ code: 'signed_out' }));
    expect(screen.getByTestId('other').textContent).toBe('signedOut');
    expect(location.search).toBe('?state=app-owned');
    expect(other.load).not.toHaveBeenCalled();
  });
});

// Each test its own clientId: every createAuth listens on `plinth.auth:<clientId>` for the page's lifetime.
describe("the provider's Sign out? page", () => {
  /** A tab signed in through a callback, with its own fake client. */
  async function signedInTab(settings: typeof SETTINGS, id: string) {
    goTo(`/auth/callback?code=c-${id}&state=s-${id}`);
    const tab = fakeClient();
    render(
      <AuthProvider instance={composeAuth(settings, { load: tab.load })}>
        <Probe id={id} />
      </AuthProvider>,
    );
    await waitFor(() => expect(screen.getByTestId(id).textContent).toMatch(/^signedIn/));
    return tab.client;
  }
  /** This browser coming back from the end-session page, the provider's answer to `prompt=none` given. */
  function returning(settings: typeof SETTINGS, renew: OidcAdapter['renew']) {
    localStorage.setItem('oidc.so2', JSON.stringify({ id: 'so2', created: now(), request_type: 'so:r' }));
    goTo('/?state=so2');
    const back = fakeClient({ renew: vi.fn(renew) });
    render(
      <AuthProvider instance={composeAuth(settings, { load: back.load })}>
        <Probe id="back" />
      </AuthProvider>,
    );
    return back.client;
  }

  it('"No, stay signed in": signed in again on new tokens, announced, and a tab signed out with it follows', async () => {
    const settings = { ...SETTINGS, clientId: 'kept-session' };
    const other = await signedInTab(settings, 'other');
    // The sign-out, as another tab broadcasts it: this tab revokes its own tokens and forgets them.
    new BroadcastChannel('plinth.auth:kept-session').postMessage({ type: 'signedOut' });
    await waitFor(() => expect(screen.getByTestId('other').textContent).toBe('signedOut'));
    await waitFor(() => expect(other.forget).toHaveBeenCalled());
    expect(other.revoke).toHaveBeenCalledTimes(1);

    const back = returning(settings, async () => session({ accessToken: 'at-new' }));
    await waitFor(() => expect(screen.getByTestId('back').textContent).toBe('signedIn:u-1:Ada Lovelace'));
    expect(back.renew).toHaveBeenCalledTimes(1);
    expect(location.search).toBe('');
    expect(localStorage.getItem('plinth.auth.session')).toBe('1');
    // The other tab restores silently, on tokens of its own.
    await waitFor(() => expect(screen.getByTestId('other').textContent).toBe('signedIn:u-1:Ada Lovelace'));
    expect(other.renew).toHaveBeenCalledTimes(1);
    expect(recording.of('signedIn')).toHaveLength(2); // the first sign-in, then back (once for the page)
  });

  it('"Yes, sign me out": signed out, and a tab that signed in again meanwhile is signed out too', async () => {
    const settings = { ...SETTINGS, clientId: 'ended-session' };
    // Signed in while the first tab sat on the provider's page (the provider's session still alive then).
    const meanwhile = await signedInTab(settings, 'meanwhile');
    const back = returning(settings, async () => {
      throw Object.assign(new Error('End-User authentication is required'), { error: 'login_required' });
    });
    await waitFor(() => expect(screen.getByTestId('back').textContent).toBe('signedOut'));
    expect(back.renew).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByTestId('meanwhile').textContent).toBe('signedOut'));
    await waitFor(() => expect(meanwhile.forget).toHaveBeenCalled());
    expect(meanwhile.revoke).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('plinth.auth.session')).toBeNull();
  });
});

/** Renders a provider over `createAuth(settings)` with this `load` (and `tabs`), and hands back the instance. */
function mountAuth(settings: AuthConfig, load: () => Promise<OidcAdapter>, tabs?: typeof openTabs) {
  const auth = composeAuth(settings, { load, ...(tabs ? { tabs } : {}) });
  const seen: string[] = [];
  auth.subscribe(() => seen.push(auth.getState().status));
  render(
    <AuthProvider instance={auth}>
      <Probe />
    </AuthProvider>,
  );
  return { auth, seen };
}

describe('RequireAuth with sign-in options', () => {
  it('passes the per-call parameters of signIn() to its automatic sign-in (and withRequireAuth too)', async () => {
    goTo('/admin');
    const { client, load } = fakeClient();
    const Admin = withRequireAuth(() => <p>admin</p>, {
      fallback: <p>fallback</p>,
      returnTo: '/admin?tab=2',
      prompt: 'login',
      maxAge: 300,
      acrValues: 'urn:mfa',
    });
    const view = render(
      <AuthProvider instance={composeAuth(SETTINGS, { load })}>
        <Admin />
      </AuthProvider>,
    );
    await waitFor(() => expect(client.signIn).toHaveBeenCalledTimes(1));
    expect(vi.mocked(client.signIn).mock.calls[0]?.slice(0, 3)).toEqual([
      '/admin?tab=2',
      expect.any(AbortSignal),
      { prompt: 'login', maxAge: 300, acrValues: 'urn:mfa' },
    ]);
    view.unmount();
    sessionStorage.removeItem('plinth.auth.autoSignInAt'); // the loop guard, which still applies
    sessionStorage.removeItem('plinth.auth.signingIn'); // as the callback does: that sign-in came back

    const other = fakeClient();
    render(
      <AuthProvider instance={composeAuth(SETTINGS, { load: other.load })}>
        <RequireAuth fallback={<p>fallback</p>} loginHint="ada@example.com" extraParams={{ organization: 'org_1' }}>
          secret
        </RequireAuth>
      </AuthProvider>,
    );
    await waitFor(() => expect(other.client.signIn).toHaveBeenCalledTimes(1)); // once, under StrictMode
    expect(vi.mocked(other.client.signIn).mock.calls[0]?.[2]).toEqual({
      loginHint: 'ada@example.com',
      extraParams: { organization: 'org_1' },
    });
  });
});

describe('refresh()', () => {
  it('renews now through the shared renewal (lock, single flight) and resolves the user of the new ID token', async () => {
    goTo('/auth/callback?code=r1&state=r1');
    const locks = { request: vi.fn((_name: string, fn: () => Promise<unknown>) => fn()) };
    vi.stubGlobal('navigator', { ...navigator, locks });
    const { client, load } = fakeClient({
      callback: vi.fn(async () => session({ scope: 'openid profile' })),
      renew: vi.fn(async () =>
        session({
          accessToken: 'at-roles',
          scope: 'openid profile orders:write',
          claims: { sub: 'u-1', name: 'Ada Lovelace', roles: ['admin'] },
        }),
      ),
    });
    const { auth, seen } = mountAuth(SETTINGS, load);
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toMatch(/^signedIn/));
    expect(auth.getState().scope).toBe('openid profile');
    seen.length = 0;
    let results: unknown[] = [];
    await act(async () => {
      // Valid for an hour, renewed anyway: once for both callers.
      results = await Promise.all([auth.refresh(), auth.refresh()]);
      results.push(await auth.getAccessToken());
    });
    vi.unstubAllGlobals();
    expect(client.renew).toHaveBeenCalledTimes(1);
    expect(locks.request).toHaveBeenCalledWith('plinth.auth.renew:plinth-demo', expect.any(Function));
    expect(results[0]).toEqual({
      id: 'u-1',
      name: 'Ada Lovelace',
      claims: { sub: 'u-1', name: 'Ada Lovelace', roles: ['admin'] },
    });
    expect(results[2]).toBe('at-roles');
    expect(auth.getState()).toMatchObject({ status: 'signedIn', error: null, scope: 'openid profile orders:write' });
    expect(seen.every((status) => status === 'signedIn')).toBe(true); // never loading meanwhile
    expect(recording.of('signedIn')).toHaveLength(1); // same user: not announced again
  });

  it('rejects with the typed renewal error, keeps the session until it lapses, and `void refresh()` leaves no unhandled rejection', async () => {
    goTo('/auth/callback?code=r2&state=r2');
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const refused = Object.assign(new Error('grant request is invalid'), { error: 'invalid_grant' });
    let rejectSecond!: (error: unknown) => void; // the second renewal fails when the test says so
    const { client, load } = fakeClient({
      renew: vi
        .fn<OidcAdapter['renew']>()
        .mockRejectedValueOnce(refused)
        .mockImplementationOnce(() => new Promise((_, reject) => (rejectSecond = reject)))
        .mockResolvedValue(session({ accessToken: 'at-2' })),
    });
    const { auth } = mountAuth(SETTINGS, load);
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toMatch(/^signedIn/));
    await act(async () => {
      await expect(auth.refresh()).rejects.toMatchObject({ name: 'AuthError', source: 'renew', code: 'invalid_grant' });
    });
    // As a scheduled renewal that failed: still signed in, the error shown, ending at expiresAt.
    expect(screen.getByTestId('probe').textContent).toBe('signedIn:u-1:Ada Lovelace:renew/invalid_grant');
    let ignored!: Promise<unknown>;
    await act(async () => {
      ignored = auth.refresh(); // what `void auth.refresh()` leaves behind: a promise nobody handles
      await waitFor(() => expect(client.renew).toHaveBeenCalledTimes(2));
      rejectSecond(refused);
      // Node reports an unhandled rejection after the microtasks that settled it: by the next macrotask.
      await new Promise((resolve) => setImmediate(resolve));
    });
    // It had rejected by then, so the check covered it (a later rejection fails here instead of slipping by).
    expect(await settledNow(ignored)).toBe('rejected');
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
    // A later refresh() that succeeds clears the error (and the pending lapse).
    await act(() => auth.refresh());
    expect(auth.getState()).toMatchObject({ status: 'signedIn', error: null });
  });

  it('rejects signed_out without a session, renewing nothing', async () => {
    const { client, load } = fakeClient();
    const { auth } = mountAuth(SETTINGS, load);
    await act(() => expect(auth.refresh()).rejects.toMatchObject({ name: 'AuthError', code: 'signed_out' }));
    expect(client.renew).not.toHaveBeenCalled();
    expect(auth.getState().status).toBe('signedOut');
  });
});

describe('a sign-out during a renewal', () => {
  /** Signed in through a callback; `renew()` hangs until the test settles it. `order` records the client's calls. */
  async function renewing(clientId: string) {
    goTo(`/auth/callback?code=${clientId}&state=${clientId}`);
    const order: string[] = [];
    let settle!: { resolve: (next: AuthSession) => void; reject: (error: unknown) => void };
    const { client, load } = fakeClient({
      renew: vi.fn(
        () =>
          new Promise<AuthSession>((resolve, reject) => {
            order.push('renew');
            settle = { resolve, reject };
          }),
      ),
      ...recordingSignOut(order),
    });
    const { auth } = mountAuth({ ...SETTINGS, clientId }, load);
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toMatch(/^signedIn/));
    const refreshed = auth.refresh();
    await waitFor(() => expect(client.renew).toHaveBeenCalledTimes(1));
    return { auth, client, order, refreshed, settle };
  }

  it.each(Object.entries(signOutPaths))(
    '%s: the late tokens are revoked and forgotten, never signed in',
    async (name, path) => {
      const clientId = `during-renewal-${name.replace(/\W+/g, '-')}`;
      const { auth, client, order, refreshed, settle } = await renewing(clientId);
      await path(auth, clientId);
      await waitFor(() => expect(order.at(-1)).toMatch(/^(forget|endSession)$/));
      const before = order.length;
      await act(async () => {
        settle.resolve(session({ accessToken: 'at-late' }));
        await expect(refreshed).rejects.toMatchObject({ name: 'AuthError', source: 'renew', code: 'signed_out' });
      });
      expect(auth.getState()).toMatchObject({ status: 'signedOut', user: null, error: null, scope: null });
      expect(screen.getByTestId('probe').textContent).toBe('signedOut');
      expect(recording.of('signedIn')).toHaveLength(1); // the sign-in only: not identified again
      expect(recording.of('signedOut')).toHaveLength(1);
      expect(localStorage.getItem('plinth.auth.session')).toBeNull();
      // The renewal's tokens: revoked, then forgotten, as a sign-out does.
      expect(order.slice(before)).toEqual(['revoke', 'forget']);
      await act(() => expect(auth.getAccessToken()).rejects.toMatchObject({ name: 'AuthError', code: 'signed_out' }));
      expect(client.renew).toHaveBeenCalledTimes(1);
    },
  );

  it('a renewal that fails after the sign-out leaves it signed out, with no error and no sessionExpired', async () => {
    const { auth, refreshed, settle } = await renewing('during-renewal-failed');
    await act(() => auth.signOut({ local: true }));
    await act(async () => {
      settle.reject(Object.assign(new Error('grant request is invalid'), { error: 'invalid_grant' }));
      await expect(refreshed).rejects.toMatchObject({ name: 'AuthError', source: 'renew', code: 'signed_out' });
    });
    expect(auth.getState()).toMatchObject({ status: 'signedOut', error: null });
    expect(recording.of('signedOut')).toHaveLength(1);
  });
});

describe('a sign-out during a restore or a callback', () => {
  type Settle = { resolve: (next: AuthSession) => void; reject: (error: unknown) => void };
  /**
   * Start-up under way: a silent restore (the session marker) or a callback (`/auth/callback?code=`), whose
   * client call hangs until the test settles it. `order` records the client's calls.
   */
  async function starting(clientId: string, kind: 'restore' | 'callback') {
    if (kind === 'restore') {
      localStorage.setItem('plinth.auth.session', '1');
      goTo('/account?tab=1');
    } else goTo(`/auth/callback?code=${clientId}&state=${clientId}`);
    const order: string[] = [];
    let settle!: Settle;
    const hang = () =>
      new Promise<AuthSession>((resolve, reject) => {
        order.push(kind);
        settle = { resolve, reject };
      });
    const { client, load } = fakeClient({
      [kind === 'restore' ? 'renew' : 'callback']: vi.fn(hang),
      ...recordingSignOut(order),
    });
    const { auth } = mountAuth({ ...SETTINGS, clientId, postLogoutPath: '/signed-out' }, load);
    await waitFor(() => expect(order).toEqual([kind]));
    expect(auth.getState().status).toBe('loading');
    return { auth, client, order, settle: () => settle };
  }

  for (const kind of ['restore', 'callback'] as const) {
    it.each(Object.entries(signOutPaths))(
      `${kind}, %s: the late tokens are revoked and forgotten, never signed in`,
      async (name, path) => {
        const clientId = `during-${kind}-${name.replace(/\W+/g, '-')}`;
        const { auth, client, order, settle } = await starting(clientId, kind);
        await path(auth, clientId);
        await waitFor(() => expect(order.at(-1)).toMatch(/^(forget|endSession)$/));
        const before = order.length;
        await act(async () => settle().resolve(session({ accessToken: 'at-late', returnTo: '/account' })));
        expect(auth.getState()).toMatchObject({ status: 'signedOut', user: null, error: null, scope: null });
        // The late session's tokens: revoked, then forgotten, as a sign-out does.
        await waitFor(() => expect(order.slice(before)).toEqual(['revoke', 'forget']));
        expect(screen.getByTestId('probe').textContent).toBe('signedOut');
        expect(recording.of('signedIn')).toEqual([]);
        expect(recording.of('report')).toEqual([]);
        expect(localStorage.getItem('plinth.auth.session')).toBeNull();
        await act(() => expect(auth.getAccessToken()).rejects.toMatchObject({ name: 'AuthError', code: 'signed_out' }));
        if (kind === 'callback') {
          // The callback URL still goes (a reload would exchange a spent code), to where a sign-out lands.
          expect(`${location.pathname}${location.search}`).toBe('/signed-out');
          expect(client.callback).toHaveBeenCalledTimes(1);
        } else expect(`${location.pathname}${location.search}`).toBe('/account?tab=1');
        expect(client.signIn).not.toHaveBeenCalled();
      },
    );

    it(`${kind} that fails after the sign-out: signed out, no error, nothing reported`, async () => {
      const { auth, settle } = await starting(`during-${kind}-failed`, kind);
      await act(() => auth.signOut({ local: true }));
      await act(async () => settle().reject(Object.assign(new Error('login_required'), { error: 'login_required' })));
      await waitFor(() => expect(location.pathname).toBe(kind === 'callback' ? '/signed-out' : '/account'));
      expect(auth.getState()).toMatchObject({ status: 'signedOut', error: null });
      expect(recording.of('report')).toEqual([]);
      expect(recording.of('signedIn')).toEqual([]);
    });
  }

  it("callback: the sign-out's returnTo wins over the callback's landing", async () => {
    const { auth, order, settle } = await starting('during-callback-return-to', 'callback');
    await act(() => auth.signOut({ local: true, returnTo: '/public' }));
    expect(location.pathname).toBe('/public');
    await act(async () => settle().resolve(session({ returnTo: '/account' })));
    await waitFor(() => expect(order.slice(-2)).toEqual(['revoke', 'forget']));
    expect(`${location.pathname}${location.search}`).toBe('/public');
    expect(auth.getState().status).toBe('signedOut');
  });

  it('a signed-out tab following another tab back in stays signed out when a sign-out comes meanwhile', async () => {
    const clientId = 'during-follow';
    goTo(`/auth/callback?code=${clientId}&state=${clientId}`);
    let settle!: Settle;
    const { client, load } = fakeClient({
      renew: vi.fn(
        () =>
          new Promise<AuthSession>((resolve, reject) => {
            settle = { resolve, reject };
          }),
      ),
    });
    const hearing = hearingTabs();
    const { auth } = mountAuth({ ...SETTINGS, clientId }, load, hearing.tabs);
    await waitFor(() => expect(auth.getState().status).toBe('signedIn'));
    await act(() => auth.signOut({ local: true }));
    const tabs = new BroadcastChannel(`plinth.auth:${clientId}`);
    tabs.postMessage({ type: 'signedIn' }); // "No, stay signed in" in another tab: this one follows…
    await waitFor(() => expect(client.renew).toHaveBeenCalledTimes(1));
    const handled = hearing.next();
    tabs.postMessage({ type: 'signedOut' }); // …and a sign-out comes before it is back
    await expect(handled).resolves.toBe('signedOut'); // this tab has handled it, however late it came
    const revoked = vi.mocked(client.revoke).mock.calls.length;
    await act(async () => settle.resolve(session({ accessToken: 'at-late' })));
    await waitFor(() => expect(client.revoke).toHaveBeenCalledTimes(revoked + 1));
    expect(auth.getState().status).toBe('signedOut');
    expect(recording.of('signedIn')).toHaveLength(1); // the first sign-in only
  });
});

describe('signOut(options)', () => {
  it('carries a validated returnTo through the end-session request, and lands there (validated again) on the way back', async () => {
    goTo('/auth/callback?code=o1&state=o1');
    const { client, load } = fakeClient();
    const { auth } = mountAuth({ ...SETTINGS, clientId: 'return-to' }, load);
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toMatch(/^signedIn/));
    await act(() => auth.signOut({ returnTo: '/goodbye?from=menu' }));
    await act(() => auth.signOut({ returnTo: 'https://evil.example/phish' }));
    expect(vi.mocked(client.endSession).mock.calls).toEqual([['/goodbye?from=menu'], ['/']]);
    expect(auth.getState().scope).toBeNull();

    // Back from the provider with our sign-out state: its returnTo, validated again.
    for (const [stored, landing] of [
      ['/goodbye?from=menu', '/goodbye?from=menu'],
      ['//evil.example/phish', '/'],
    ] as const) {
      localStorage.setItem(
        'oidc.so3',
        JSON.stringify({ id: 'so3', created: now(), request_type: 'so:r', data: { signOut: true, returnTo: stored } }),
      );
      goTo('/?state=so3');
      const back = fakeClient({
        renew: vi.fn(async () => {
          throw Object.assign(new Error('login_required'), { error: 'login_required' });
        }),
      });
      const view = render(
        <AuthProvider instance={composeAuth({ ...SETTINGS, clientId: 'return-to' }, { load: back.load })}>
          <Probe id="back" />
        </AuthProvider>,
      );
      await waitFor(() => expect(screen.getByTestId('back').textContent).toBe('signedOut'));
      expect(`${location.pathname}${location.search}`).toBe(landing);
      view.unmount();
    }
  });

  it('local: revokes and forgets in every tab, never visits the provider, and lands on returnTo', async () => {
    const settings = { ...SETTINGS, clientId: 'local-sign-out' };
    goTo('/auth/callback?code=o2&state=o2');
    const other = fakeClient();
    render(
      <AuthProvider instance={composeAuth(settings, { load: other.load })}>
        <Probe id="other" />
      </AuthProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('other').textContent).toMatch(/^signedIn/));
    goTo('/auth/callback?code=o3&state=o3');
    const { client, load } = fakeClient();
    const { auth } = mountAuth(settings, load);
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toMatch(/^signedIn/));
    await act(() => auth.signOut({ local: true, returnTo: '/public' }));
    expect(client.revoke).toHaveBeenCalledTimes(1);
    expect(client.forget).toHaveBeenCalledTimes(1);
    expect(client.endSession).not.toHaveBeenCalled();
    expect(screen.getByTestId('probe').textContent).toBe('signedOut');
    expect(location.pathname).toBe('/public');
    expect(localStorage.getItem('plinth.auth.session')).toBeNull();
    // The other tab (its own tokens) follows: revoked and forgotten there too.
    await waitFor(() => expect(screen.getByTestId('other').textContent).toBe('signedOut'));
    await waitFor(() => expect(other.client.forget).toHaveBeenCalled());
    expect(other.client.revoke).toHaveBeenCalledTimes(1);
    expect(other.client.endSession).not.toHaveBeenCalled();
  });
});
