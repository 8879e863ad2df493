import { useAuth, validateReturnTo } from '@plinth/auth';
import { useEffect, useRef } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useTitle } from './useTitle';

/**
 * `/signin?returnTo=…`: starts the sign-in at once (once, StrictMode included). `returnTo` goes
 * through @plinth/auth's validation (after decoding): anything but a same-origin path becomes `/`.
 */
export function SignIn() {
  useTitle('Sign in');
  const [params] = useSearchParams();
  const returnTo = validateReturnTo(params.get('returnTo') ?? '/');
  const { status, signIn } = useAuth();
  const started = useRef(false);
  useEffect(() => {
    if (started.current || status !== 'signedOut') return;
    started.current = true;
    void signIn({ returnTo });
  }, [status, signIn, returnTo]);
  if (status === 'signedIn') return <Navigate to={returnTo} replace />;
  return (
    <article>
      <h1>Sign in</h1>
      {status === 'error' || status === 'sessionExpired' ? (
        <p>Sign-in did not complete.</p>
      ) : (
        <p role="status">Taking you to the identity provider…</p>
      )}
    </article>
  );
}

/** `/auth/callback`: @plinth/auth's provider completes the sign-in as it mounts and replaces this URL. */
export function AuthCallback() {
  useTitle('Signing in');
  const { status } = useAuth();
  return (
    <article>
      <h1>Signing you in</h1>
      {status === 'error' ? <p>Sign-in did not complete.</p> : <p role="status">Completing sign-in…</p>}
    </article>
  );
}
