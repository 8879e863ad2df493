import { useAuth } from '@plinth/auth';
import { useLocation } from 'react-router';

/**
 * Auth errors (a refused callback, a provider's `access_denied`, an expired session) shown to the
 * user, with a way to try again. @plinth/auth never retries on its own after an error: no loop.
 */
export function AuthAlert() {
  const { status, error, signIn } = useAuth();
  const location = useLocation();
  if (status !== 'error' && status !== 'sessionExpired') return null;
  const message =
    status === 'sessionExpired'
      ? 'Your session has expired.'
      : `Sign-in failed: ${error?.message || 'the identity provider refused it'}${error?.code ? ` (${error.code})` : ''}.`;
  return (
    <div className="auth-alert" role="alert">
      <span>{message}</span>{' '}
      <button type="button" onClick={() => void signIn({ returnTo: location.pathname + location.search })}>
        Try again
      </button>
    </div>
  );
}
