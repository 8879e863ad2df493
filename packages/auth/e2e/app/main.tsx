/// <reference types="vite/client" />
// A small app for the browser journeys: the demo's auth contract (labels, paths, role="alert"),
// in StrictMode, with no router (the provider's popstate after the callback is what it follows).
import { Component, type ReactNode, StrictMode, useEffect, useState, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { type AuthConfig, AuthProvider, RequireAuth, useAuth } from '../../src/index';

/** A test picks its provider and config before the page loads (`sessionStorage['e2e.settings']`); default the sandbox. */
const config: AuthConfig = {
  authority: import.meta.env.VITE_ISSUER as string,
  clientId: 'plinth-demo',
  ...(JSON.parse(sessionStorage.getItem('e2e.settings') ?? '{}') as Partial<AuthConfig>),
};

const subscribe = (onChange: () => void) => {
  addEventListener('popstate', onChange);
  return () => removeEventListener('popstate', onChange);
};
const usePath = () => useSyncExternalStore(subscribe, () => location.pathname);

function Header({ id = '' }: { id?: string }) {
  const { status, user, signOut, expiresAt, scope } = useAuth();
  return (
    <header>
      <span data-testid={`status${id}`}>{status}</span> <span data-testid={`expires${id}`}>{expiresAt ?? ''}</span>{' '}
      {status === 'signedIn' && user ? (
        <>
          <span data-testid="user">{user.name}</span>{' '}
          <button type="button" onClick={() => void signOut()}>
            Sign out
          </button>{' '}
          <button type="button" onClick={() => void signOut({ returnTo: '/bye?from=menu' })}>
            Leave (to /bye)
          </button>{' '}
          <button type="button" onClick={() => void signOut({ local: true, returnTo: '/' })}>
            Leave this app only
          </button>{' '}
          <span data-testid={`scope${id}`}>{scope}</span>
        </>
      ) : (
        <a href={`/signin?returnTo=${encodeURIComponent(location.pathname + location.search)}`}>Sign in</a>
      )}
    </header>
  );
}

function ErrorAlert() {
  const { error, signIn } = useAuth();
  if (!error) return null;
  return (
    <div role="alert">
      <span data-testid="error-code">{error.code}</span>: {error.message}{' '}
      <button type="button" onClick={() => void signIn({ returnTo: '/account' })}>
        Try again
      </button>
    </div>
  );
}

function SignIn() {
  const { signIn } = useAuth();
  useEffect(() => {
    void signIn({ returnTo: new URLSearchParams(location.search).get('returnTo') ?? '/' });
  }, [signIn]);
  return <p>Redirecting to sign in…</p>;
}

function Account() {
  const { user, getAccessToken, refresh } = useAuth();
  const [tokens, setTokens] = useState(0);
  const [refreshed, setRefreshed] = useState(0);
  return (
    <section>
      <h1>Account</h1>
      <p data-testid="name">{user?.name}</p>
      <p data-testid="subject">{user?.id}</p>
      <button type="button" onClick={() => void getAccessToken().then(() => setTokens((n) => n + 1))}>
        Get token
      </button>
      <p data-testid="tokens">{tokens}</p>
      <button type="button" onClick={() => void refresh().then(() => setRefreshed((n) => n + 1))}>
        Refresh
      </button>
      <p data-testid="refreshed">{refreshed}</p>
    </section>
  );
}

function Page() {
  const path = usePath();
  if (path === '/signin') return <SignIn />;
  if (path === '/account')
    return (
      <RequireAuth fallback={<p data-testid="fallback">Account needs sign-in</p>}>
        <Account />
      </RequireAuth>
    );
  if (path === '/auth/callback') return <p>Completing sign-in…</p>;
  if (path === '/twice')
    // A second session instance on the same page with the same config: it shares the tokens (one store
    // per page), so both renew at once, and only the cross-tab lock keeps them from using one refresh
    // token twice.
    return (
      <AuthProvider config={config}>
        <Header id="-second" />
      </AuthProvider>
    );
  return <h1 data-testid="home">Home</h1>;
}

/** A configuration refused where it is made (core's `configError`, e.g. Google without a backend): shown as an alert. */
class ConfigError extends Component<{ children: ReactNode }, { error?: { code?: string; message?: string } }> {
  override state: { error?: { code?: string; message?: string } } = {};
  static getDerivedStateFromError(error: { code?: string; message?: string }) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert">
        <span data-testid="error-code">{error.code}</span>: {error.message}
      </div>
    );
  }
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <ConfigError>
      <AuthProvider config={config}>
        <Header />
        <ErrorAlert />
        <Page />
      </AuthProvider>
    </ConfigError>
  </StrictMode>,
);
