import { RequireAuth, useAuth } from '@plinth/auth';
import { useTitle } from './useTitle';

function Profile() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <dl className="profile">
      <dt>Name</dt>
      <dd data-testid="account-name">{user.name ?? '—'}</dd>
      <dt>Subject</dt>
      <dd data-testid="account-subject">{user.id}</dd>
    </dl>
  );
}

/**
 * What the protected part shows until signed in: "Signing you in…" only while a sign-in can still be under
 * way; after a cancel, a failure or an expiry the notice above the page says what happened and offers the way
 * back in, so nothing here spins for ever.
 */
function NotYet() {
  const { status } = useAuth();
  return status === 'error' || status === 'sessionExpired' ? (
    <p>You’re not signed in.</p>
  ) : (
    <p role="status">Signing you in…</p>
  );
}

/** A protected page: a signed-out visitor is sent to sign in and comes back here. */
export function Account() {
  useTitle('Account');
  return (
    <article>
      <h1>Your account</h1>
      <RequireAuth fallback={<NotYet />}>
        <Profile />
      </RequireAuth>
    </article>
  );
}
