import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { AuthError } from './AuthError';
import { RequireAuth } from './RequireAuth';
import { createTestAuth, type TestAuthOptions, TestAuthProvider } from './testing';
import type { AuthStatus } from './types';
import { useAuth } from './useAuth';
import { useAuthFailure } from './useAuthFailure';

/** What an app builds on `useAuth()`: the demo's header slot (exact labels "Sign in" / "Sign out"). */
function AccountMenu() {
  const { status, user, signIn, signOut } = useAuth();
  if (status === 'loading') return <span aria-busy="true">…</span>;
  if (status !== 'signedIn' || !user)
    return (
      <button type="button" onClick={() => void signIn()}>
        Sign in
      </button>
    );
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 'var(--space-2)' }}>
      <strong>{user.name}</strong>
      <button type="button" onClick={() => void signOut()}>
        Sign out
      </button>
    </span>
  );
}

/** The failure hook every Plinth package has: the current `AuthError`, or `undefined`; said in words here. */
function ErrorAlert() {
  const error = useAuthFailure();
  const { status, signIn } = useAuth();
  if (!error) return null;
  const [message, action] =
    status === 'sessionExpired'
      ? ['Your session has expired.', 'Sign in again']
      : status === 'signedIn'
        ? ['Your session could not be renewed and ends soon. Sign in again to keep working.', 'Sign in again']
        : error.source === 'signOut'
          ? ['Signing out did not complete at the identity provider.', undefined]
          : ['Sign-in failed.', 'Try again'];
  return (
    <div
      role="alert"
      style={{
        margin: 'var(--space-3) 0',
        padding: 'var(--space-3)',
        border: '1px solid var(--color-bad)',
        borderRadius: 'var(--radius)',
        background: 'var(--color-surface)',
      }}
    >
      {message} <span style={{ color: 'var(--color-muted)' }}>({error.code})</span>{' '}
      {action && (
        <button type="button" onClick={() => void signIn()}>
          {action}
        </button>
      )}
    </div>
  );
}

const ADA = { id: 'a1b2c3', name: 'Ada Lovelace', email: 'ada@example.com' };

const USERS = { Nobody: null, 'Ada Lovelace': ADA };
const SIGN_IN_AS = { 'Nobody - the click is only recorded': undefined, 'Ada Lovelace': ADA };
const ERRORS = {
  None: null,
  'Sign-in refused - access_denied': new AuthError('callback: access_denied', {
    source: 'callback',
    code: 'access_denied',
    error: 'access_denied',
  }),
  'Renewal refused - invalid_grant': new AuthError('renew: invalid_grant', {
    source: 'renew',
    code: 'invalid_grant',
    error: 'invalid_grant',
  }),
  'Provider unreachable - network': new AuthError('signIn: the sign-in library could not be loaded', {
    source: 'signIn',
    code: 'network',
  }),
};
const STATUSES: AuthStatus[] = ['loading', 'signedOut', 'signedIn', 'error', 'sessionExpired'];

/** The testing provider's options (`TestAuthOptions`), with the user and the error chosen by name. */
interface ScreenProps {
  /** The session's status (`useAuth().status`). Default: `signedIn` with a user, else `signedOut`. */
  status?: AuthStatus;
  /** Who is signed in. */
  user?: keyof typeof USERS;
  /** The last failure (`useAuth().error`, `useAuthFailure()`). */
  error?: keyof typeof ERRORS;
  /** Who a click on "Sign in" signs in as, at once (the testing provider has no identity provider to visit). */
  signInAs?: keyof typeof SIGN_IN_AS;
}

/** A page behind `RequireAuth`, under a header with the account menu and the failure alert. */
function Screen({
  status,
  user = 'Nobody',
  error = 'None',
  signInAs = 'Nobody - the click is only recorded',
}: ScreenProps) {
  const options: TestAuthOptions = { user: USERS[user], error: ERRORS[error], signInAs: SIGN_IN_AS[signInAs] };
  if (status) options.status = status;
  // Keyed by the controls: another choice starts a new fake session from it.
  return (
    <TestAuthProvider key={[status, user, error, signInAs].join('/')} {...options}>
      <header style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--space-3)', alignItems: 'center' }}>
        <AccountMenu />
      </header>
      <ErrorAlert />
      <main>
        <RequireAuth fallback={<p data-testid="fallback">This page needs sign-in.</p>}>
          <p data-testid="account">Account of the signed-in user</p>
        </RequireAuth>
      </main>
    </TestAuthProvider>
  );
}

const meta = {
  title: 'auth/RequireAuth',
  component: Screen,
  tags: ['autodocs', 'stable'],
  args: { user: 'Nobody', error: 'None', signInAs: 'Nobody - the click is only recorded' },
  argTypes: {
    status: {
      control: 'select',
      options: STATUSES,
      description: "The session's status (`useAuth().status`). Unset: `signedIn` with a user, else `signedOut`.",
      table: { type: { summary: STATUSES.join(' | ') } },
    },
    user: {
      control: 'radio',
      options: Object.keys(USERS),
      description: 'Who is signed in (`useAuth().user`).',
      table: { type: { summary: 'AuthUser | null' }, defaultValue: { summary: 'Nobody' } },
    },
    error: {
      control: 'select',
      options: Object.keys(ERRORS),
      description: 'The last failure (`useAuth().error`, `useAuthFailure()`), an `AuthError` with its `code`.',
      table: { type: { summary: 'AuthError | null' }, defaultValue: { summary: 'None' } },
    },
    signInAs: {
      control: 'radio',
      options: Object.keys(SIGN_IN_AS),
      description:
        'Who a click on "Sign in" signs in as, at once (the testing provider has no identity provider to visit).',
      table: { type: { summary: 'AuthUser' }, defaultValue: { summary: 'Nobody' } },
    },
  },
  parameters: {
    docs: {
      description: {
        component: `
\`<RequireAuth fallback={…}>\` guards a page or a region that only a signed-in user may see: it renders its
children when the session is signed in, and its \`fallback\` otherwise (while the session loads, while the
browser is on its way to the identity provider, and after an error). A signed-out visitor is sent to sign in
by RequireAuth itself, at most once per mount and once per 30 s per tab, and never after an error or an expired
session, so a failing provider never causes a redirect loop. \`withRequireAuth(Component, options)\` does the same
as a wrapper. The screen below puts it under a header built on \`useAuth()\` ("Sign in" / the user's name and
"Sign out") and an alert built on \`useAuthFailure()\`. These stories use the testing provider: no identity
provider, no redirect (an automatic sign-in is only recorded).

**When to use**

- Around pages that show the user's own data (an account, orders): the visitor signs in first, then lands back
  on the page (\`returnTo\`, default the current page).
- Not for pages that merely look different when signed in: read \`useAuth().status\` there and offer "Sign in".
- Not as security: the server must still refuse requests without a valid access token.

**Do**

- Make the \`fallback\` a calm placeholder (the page's frame, a short "Signing you in…" or "This page needs
  sign-in"), and in it render \`useAuth().error\` when there is one, with a way to try again.
- After \`error\` or \`sessionExpired\`, let the visitor choose to sign in again (a button calling \`signIn()\`):
  RequireAuth will not do it for them.
- Warn while still signed in when a renewal failed (\`status: 'signedIn'\` with \`error\` set): the session ends at
  \`expiresAt\`, and the user can save their work first.

**Don't**

- Don't render the protected content yourself while \`loading\`: wait for \`signedIn\`.
- Don't start \`signIn()\` from an effect next to RequireAuth: it already does, within its limits.
- Don't show the error's raw message to the visitor; its \`code\` says which case it is.

**States** (\`useAuth().status\`): \`loading\`, \`signedOut\`, \`signedIn\` (with or without a renewal \`error\`),
\`error\` and \`sessionExpired\`. The controls set them; a control change starts a new session from them.
`,
      },
    },
  },
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A visitor with no session opens a page behind RequireAuth: "Sign in" in the header and the fallback in the
 * page. In the product RequireAuth starts the sign-in at once and the browser leaves for the identity provider, so
 * the fallback shows only for that moment (and stays when the automatic sign-in is held back: one per 30 s per
 * tab). The testing provider only records that call.
 */
export const SignedOut: Story = {
  args: {},
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(canvas.getByTestId('fallback')).toBeVisible();
  },
};

/**
 * Signed in: after coming back from the identity provider, or after a reload that restored the session. The
 * header shows the user's name and "Sign out"; RequireAuth shows the page.
 */
export const SignedIn: Story = {
  args: { user: 'Ada Lovelace' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Ada Lovelace')).toBeVisible();
    await expect(canvas.getByTestId('account')).toBeVisible();
  },
};

/**
 * Status `loading`: on a reload, while an earlier session is restored (a previous sign-in left its marker), and on
 * the callback page while the provider's answer is exchanged for tokens. Usually a fraction of a second. The
 * header shows a busy placeholder, RequireAuth its fallback. A visitor who never signed in skips this state:
 * the status is `signedOut` at once.
 */
export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('fallback')).toBeVisible();
    await expect(canvasElement.querySelector('[aria-busy="true"]')).toBeVisible();
  },
};

/**
 * Status `error`: the visitor came back from the identity provider with an error (here `access_denied`: they
 * cancelled, or the provider refused them), or the answer could not be used. The alert says sign-in failed and
 * offers "Try again"; RequireAuth shows its fallback and does not start another sign-in by itself (no loop).
 */
export const CallbackError: Story = {
  args: { status: 'error', error: 'Sign-in refused - access_denied' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Sign-in failed. (access_denied)');
    await expect(canvas.getByTestId('fallback')).toBeVisible();
  },
};

/**
 * Status `sessionExpired`: the session could not be renewed (here `invalid_grant`: the provider no longer accepts
 * it) and its access token has run out. The user's name is gone from the header, the alert asks to sign in again,
 * and RequireAuth shows its fallback without sending the user away by itself.
 */
export const SessionExpired: Story = {
  args: { status: 'sessionExpired', error: 'Renewal refused - invalid_grant' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Your session has expired. (invalid_grant)');
    await expect(canvas.getByRole('button', { name: 'Sign in' })).toBeVisible();
  },
};

/**
 * Still signed in, but a renewal failed (`status: 'signedIn'` with an `error` from `renew`): the session ends when
 * its access token expires. The page stays usable, and the alert warns now so the user can sign in again before
 * losing work.
 */
export const RenewalFailed: Story = {
  args: { user: 'Ada Lovelace', error: 'Renewal refused - invalid_grant' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('could not be renewed and ends soon');
    await expect(canvas.getByTestId('account')).toBeVisible();
  },
};

/**
 * A signed-out visitor clicks "Sign in" and comes back signed in (the testing provider signs in at once as
 * `signInAs`; in the product the browser goes to the identity provider and back). The story ends signed in.
 */
export const SignInFlow: Story = {
  args: { signInAs: 'Ada Lovelace' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(canvas.getByText('Ada Lovelace')).toBeVisible();
    await expect(canvas.getByTestId('account')).toBeVisible();
  },
};

/**
 * A signed-in user clicks "Sign out": the name goes from the header, and the page behind RequireAuth gives way to
 * its fallback. (In the product the browser may then visit the provider's sign-out page and come back.)
 */
export const SignOutFlow: Story = {
  args: { user: 'Ada Lovelace' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign out' }));
    await expect(canvas.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(canvas.getByTestId('fallback')).toBeVisible();
  },
};

/**
 * Not a product state, so not in the catalogue (tagged `check`: no docs or sidebar entry, no reference images; it runs
 * as a story test): how a test drives the session from outside with `createTestAuth()`. "Simulate sign-in" calls
 * `auth.signInAs(user)`, as a test would, and the header follows.
 */
export const DrivenFromATest: Story = {
  tags: ['!autodocs', '!dev', 'check'],
  render: () => <Driven />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Simulate sign-in' }));
    await expect(canvas.getByText('Ada Lovelace')).toBeVisible();
  },
};

function Driven() {
  const [auth] = useState(() => createTestAuth());
  return (
    <TestAuthProvider instance={auth}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--space-3)', alignItems: 'center' }}>
        <AccountMenu />
        <button type="button" onClick={() => auth.signInAs(ADA)}>
          Simulate sign-in
        </button>
      </div>
    </TestAuthProvider>
  );
}
