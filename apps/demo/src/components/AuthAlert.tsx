import { useAuth } from '@plinth/auth';
import { useLocation } from 'react-router';

/**
 * Auth errors (a refused callback, a provider's `access_denied`, an expired session) shown to the
 * user, with a way to try again; and, before it happens, a session that cannot be renewed (signed in,
 * with a renewal error): it says when it ends. @plinth/auth never retries on its own after an error: no loop.
 */
export function AuthAlert() {
  const { status, error, expiresAt, signIn } = useAuth();
  const location = useLocation();
  const ending = status === 'signedIn' && error?.source === 'renew' && expiresAt !== null;
  if (status !== 'error' && status !== 'sessionExpired' && !ending) return null;
  const message = ending
    ? `Your session cannot be renewed and ends at ${new Date(expiresAt * 1000).toLocaleTimeString()}.`
    : status === 'sessionExpired'
      ? 'Your session has expired.'
      : `Sign-in failed: ${error?.message || 'the identity provider refused it'}${error?.code ? ` (${error.code})` : ''}.`;
  return (
    <div className="auth-alert" role="alert">
      <span>{message}</span>{' '}
      <button type="button" onClick={() => void signIn({ returnTo: location.pathname + location.search })}>
        {ending ? 'Sign in again' : 'Try again'}
      </button>
    </div>
  );
}
