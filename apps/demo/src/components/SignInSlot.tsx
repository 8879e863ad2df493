import { useAuth } from '@plinth/auth';
import { Link, useLocation } from 'react-router';

/** Pages that are steps of the sign-in flow: coming back to them after a sign-in makes no sense. */
const FLOW = new Set(['/signin', '/auth/callback', '/silent-callback']);

/**
 * The header's sign-in slot: a "Sign in" link to `/signin?returnTo=<this page>`, or the signed-in
 * user's name with a "Sign out" button. These labels are the demo's contract with anyone automating it.
 */
export function SignInSlot() {
  const { status, user, signIn, signOut } = useAuth();
  const location = useLocation();
  const here = FLOW.has(location.pathname) ? '/' : location.pathname + location.search;
  return (
    <div className="sign-in" data-slot="sign-in" data-status={status}>
      {status === 'loading' && <span>Checking session…</span>}
      {status === 'signedIn' && user && (
        <>
          <span className="user" data-testid="user-name" title={user.name ?? user.id}>
            {user.name ?? user.id}
          </span>{' '}
          <button type="button" onClick={() => void signOut()}>
            Sign out
          </button>
        </>
      )}
      {status !== 'loading' && status !== 'signedIn' && (
        // A link (it opens in a new tab too), whose click starts the sign-in itself: it works after any failure,
        // also on /signin after Back from the provider's page, where following the link would change nothing.
        <Link
          to={`/signin?returnTo=${encodeURIComponent(here)}`}
          onClick={(event) => {
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            void signIn({ returnTo: here });
          }}
        >
          Sign in
        </Link>
      )}
    </div>
  );
}
