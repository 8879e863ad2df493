import { useAuth, validateReturnTo } from '@plinth/auth';
import { useEffect, useRef } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useTitle } from './useTitle';

/**
 * `/signin?returnTo=…`: starts the sign-in at once (once, StrictMode included), also after an earlier failure. Back
 * from the provider's page lands here again: @plinth/auth then says the sign-in was `cancelled`, and this page says
 * so (the notice above it has the "Sign in" button) instead of starting another (which would trap the visitor: Back could never leave).
 * `returnTo` goes through @plinth/auth's validation (after decoding): anything but a same-origin path becomes `/`.
 */
export function SignIn() {
  useTitle('Sign in');
  const [params] = useSearchParams();
  const returnTo = validateReturnTo(params.get('returnTo') ?? '/');
  const { status, error, signIn } = useAuth();
  const cameBack = status === 'error' && error?.code === 'cancelled';
  const started = useRef(false);
  useEffect(() => {
    if (started.current || status === 'loading' || status === 'signedIn' || cameBack) return;
    started.current = true;
    void signIn({ returnTo });
  }, [status, cameBack, signIn, returnTo]);
  if (status === 'signedIn') return <Navigate to={returnTo} replace />;
  return (
    <article>
      <h1>Sign in</h1>
      {cameBack ? (
        // The notice above the page (AuthAlert) carries the "Sign in" button, as after any failure.
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
