import { type AuthError, type AuthStatus, useAuth } from '@plinth/auth';
import { useLocation } from 'react-router';

/** What a visitor is told about the session, in their words (the provider's code stays in `data-code`, for support). */
export interface AuthNotice {
  /** `cancelled`: the visitor's own choice (neutral); `failed` and `expired`: something to act on. */
  kind: 'cancelled' | 'failed' | 'expired' | 'ending';
  text: string;
  action: string;
}

/**
 * The notice for a session state, or `null` when there is nothing to say. A cancel on the provider's page
 * (`access_denied` from the callback, or Back: `cancelled`) is the visitor's choice: "Sign-in cancelled", no
 * protocol words.
 */
export function authNotice(status: AuthStatus, error: AuthError | null, expiresAt: number | null): AuthNotice | null {
  if (status === 'signedIn' && error?.source === 'renew' && expiresAt !== null) {
    const at = new Date(expiresAt * 1000).toLocaleTimeString();
    return { kind: 'ending', text: `Your session cannot be renewed and ends at ${at}.`, action: 'Sign in again' };
  }
  if (status === 'sessionExpired')
    return { kind: 'expired', text: 'Your session has expired.', action: 'Sign in again' };
  if (status !== 'error') return null;
  // The provider's Cancel (`access_denied`), or Back from its page (`cancelled`).
  if (error?.code === 'access_denied' || error?.code === 'cancelled')
    return { kind: 'cancelled', text: 'Sign-in cancelled.', action: 'Sign in' };
  return { kind: 'failed', text: 'Sign-in didn’t work. Please try again.', action: 'Try again' };
}

/**
 * The session's notice above the page, with the one thing to do next: a cancelled sign-in (neutral, a
 * `status`), a failed one or an expired session (an `alert`), and, before it happens, a session that cannot
 * be renewed. @plinth/auth never retries on its own after an error: no loop.
 */
export function AuthAlert() {
  const { status, error, expiresAt, signIn } = useAuth();
  const location = useLocation();
  const notice = authNotice(status, error, expiresAt);
  if (!notice) return null;
  return (
    <div
      className={notice.kind === 'cancelled' ? 'auth-alert neutral' : 'auth-alert'}
      role={notice.kind === 'cancelled' ? 'status' : 'alert'}
      data-code={error?.code}
    >
      <span>{notice.text}</span>{' '}
      <button type="button" onClick={() => void signIn({ returnTo: location.pathname + location.search })}>
        {notice.action}
      </button>
    </div>
  );
}
