import { RequireAuth, useAuth } from '@plinth/auth';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTitle } from './useTitle';

function Profile({ leave }: { leave: (everywhere: boolean) => void }) {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <dl className="profile">
        <dt>Name</dt>
        <dd data-testid="account-name">{user.name ?? '—'}</dd>
        <dt>Subject</dt>
        <dd data-testid="account-subject">{user.id}</dd>
      </dl>
      <h2>Signing out</h2>
      <ul className="sign-out-choices">
        <li>
          <button type="button" onClick={() => leave(false)}>
            Sign out of this app
          </button>{' '}
          <span>Your account at the identity provider stays signed in: signing in again needs no password.</span>
        </li>
        <li>
          <button type="button" onClick={() => leave(true)}>
            Sign out everywhere
          </button>{' '}
          <span>Also ends your session at the identity provider (it asks you to confirm).</span>
        </li>
      </ul>
    </>
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
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  // "Signing out…" in the same render as the session ends (RequireAuth itself starts no sign-in after a sign-out
  // while mounted, but its fallback here says "Signing you in…"). Then home, or the provider's end-session page.
  const leave = (everywhere: boolean) => {
    setLeaving(true);
    if (everywhere) {
      void signOut();
    } else {
      void signOut({ local: true });
      navigate('/');
    }
  };
  return (
    <article>
      <h1>Your account</h1>
      {leaving ? (
        <p role="status">Signing out…</p>
      ) : (
        <RequireAuth fallback={<NotYet />}>
          <Profile leave={leave} />
        </RequireAuth>
      )}
    </article>
  );
}
