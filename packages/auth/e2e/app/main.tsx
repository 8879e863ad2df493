/// <reference types="vite/client" />
// A small app for the browser journeys: the demo's auth contract (labels, paths, role="alert"),
// in StrictMode, with no router (the provider's popstate after the callback is what it follows).
import { StrictMode, useEffect, useState, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { AuthProvider, RequireAuth, useAuth } from '../../src/index';

const subscribe = (onChange: () => void) => {
  addEventListener('popstate', onChange);
  return () => removeEventListener('popstate', onChange);
};
const usePath = () => useSyncExternalStore(subscribe, () => location.pathname);

function Header() {
  const { status, user, signOut } = useAuth();
  return (
    <header>
      <span data-testid="status">{status}</span>{' '}
      {status === 'signedIn' && user ? (
        <>
          <span data-testid="user">{user.name}</span>{' '}
          <button type="button" onClick={() => void signOut()}>
            Sign out
          </button>
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
  const { user, getAccessToken } = useAuth();
  const [tokens, setTokens] = useState(0);
  return (
    <section>
      <h1>Account</h1>
      <p data-testid="name">{user?.name}</p>
      <p data-testid="subject">{user?.id}</p>
      <button type="button" onClick={() => void getAccessToken().then(() => setTokens((n) => n + 1))}>
        Get token
      </button>
      <p data-testid="tokens">{tokens}</p>
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
  return <h1 data-testid="home">Home</h1>;
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <AuthProvider settings={{ authority: import.meta.env.VITE_ISSUER as string, clientId: 'plinth-demo' }}>
      <Header />
      <ErrorAlert />
      <Page />
    </AuthProvider>
  </StrictMode>,
);
