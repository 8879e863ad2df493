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

/** A protected page: a signed-out visitor is sent to sign in and comes back here. */
export function Account() {
  useTitle('Account');
  return (
    <article>
      <h1>Your account</h1>
      <RequireAuth fallback={<p role="status">Signing you in…</p>}>
        <Profile />
      </RequireAuth>
    </article>
  );
}
