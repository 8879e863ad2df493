import { AuthError } from '@plinth/auth';
import { createTestAuth, TestAuthProvider } from '@plinth/auth/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { routed } from '../stories/support';
import { AuthAlert } from './AuthAlert';

const cancelled = new AuthError('callback: access_denied (End-User aborted interaction)', {
  source: 'callback',
  code: 'access_denied',
});
const refused = new AuthError('callback: invalid_grant (grant request is invalid)', {
  source: 'callback',
  code: 'invalid_grant',
});

/** Signed in, but the provider refused to renew the session (here: it ends for good 24 h after sign-in). */
const ending = createTestAuth({ user: { id: 'user-7f3a', name: 'Ada Lovelace' } });
ending.setState({
  error: new AuthError('renew: session_ended', { source: 'renew', code: 'session_ended' }),
  // 14:30 on the screen in any time zone (the alert shows the local time).
  expiresAt: new Date(2030, 0, 1, 14, 30).getTime() / 1000,
});

/** One fake session per story, so a story's play function can read what "Try again" asked for. */
const sessions = {
  cancelled: createTestAuth({ status: 'error', error: cancelled }),
  error: createTestAuth({ status: 'error', error: refused }),
  expired: createTestAuth({ status: 'sessionExpired' }),
  ending,
  signedIn: createTestAuth({ user: { id: 'user-7f3a', name: 'Ada Lovelace' } }),
};

interface PageProps {
  /**
   * The session behind the page: a sign-in `cancelled` on the provider's page, one that failed (`error`), a session
   * that `expired`, one that cannot be renewed and is `ending`, or `signedIn` with nothing wrong.
   */
  session: keyof typeof sessions;
}

/** A page (Account) with the alert above its content, as `Layout` places it. */
function Page({ session }: PageProps) {
  return (
    <TestAuthProvider instance={sessions[session]}>
      <main>
        <AuthAlert />
        <h1>Your account</h1>
        <p>The page goes on below the alert: nothing else is blocked.</p>
      </main>
    </TestAuthProvider>
  );
}

const meta = {
  title: 'demo/Auth alert',
  tags: ['beta'],
  component: Page,
  decorators: [routed('/account')],
  argTypes: {
    session: {
      control: 'inline-radio',
      options: Object.keys(sessions),
      description:
        "The session behind the page: a sign-in `cancelled` on the provider's page, one that failed (`error`), a session that `expired`, one that cannot be renewed and is `ending`, or `signedIn` with nothing wrong (no alert).",
    },
  },
  beforeEach: () => {
    for (const session of Object.values(sessions)) session.calls.length = 0;
  },
  parameters: {
    layout: 'fullscreen',
    docs: {
      description: {
        component: `What went wrong with the session, said above the page in the visitor's words, with the one thing to do next. \`Layout\` places it at the top of every page's content; it renders nothing when there is nothing to say (signed in or signed out without an error).

Its states:
- **Sign-in cancelled** (the provider answered \`access_denied\`: the visitor cancelled on its page): their choice, said neutrally in a \`role="status"\` with **Sign in**.
- **Sign-in didn't work** (a refused callback, a tampered or stale \`state\`, any other failed sign-in): a \`role="alert"\` with **Try again**.
- **Your session has expired** (the session could not be renewed and has lapsed): a \`role="alert"\` with **Sign in again**.
- **Your session cannot be renewed and ends at** *time* (still signed in, but the provider refused a renewal): a \`role="alert"\` with **Sign in again**, before the session lapses rather than after.

Every button starts a new sign-in that comes back to this page. @plinth/auth never retries on its own, so there is no loop. The provider's code stays in \`data-code\` (for support), never on screen.

**When to use**: for the session's problems only, on any page; a page's own errors have their own messages.

**Do**
- Say what happened and offer exactly one action, in words a visitor uses ("Sign-in cancelled", "Try again").
- Keep a cancel neutral: it is a choice, not an error.

**Don't**
- Show protocol words (\`access_denied\`, \`invalid_grant\`, "callback") on screen.
- Block the page: everything below the alert keeps working.
- Retry a sign-in automatically after an error.`,
      },
    },
  },
} satisfies Meta<typeof Page>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The visitor cancelled on the provider's page: a neutral "Sign-in cancelled" and a way to sign in, no protocol words. */
export const SignInCancelled: Story = {
  args: { session: 'cancelled' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Sign-in cancelled.');
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvasElement.textContent).not.toMatch(/access_denied|callback|aborted/);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(sessions.cancelled.calls).toEqual([{ method: 'signIn', options: { returnTo: '/account' } }]);
  },
};

/**
 * A sign-in that failed on the way back from the provider (a refused code, a tampered or stale `state`): said
 * plainly (the code is in `data-code`, not on screen), and a way to try again.
 */
export const SignInFailed: Story = {
  args: { session: 'error' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('Sign-in didn’t work. Please try again.');
    await expect(alert).toHaveAttribute('data-code', 'invalid_grant');
    await expect(canvasElement.textContent).not.toMatch(/invalid_grant|callback/);
    // The message is in the error colour; its button is a button, in the text colour (the page's heading's).
    const tryAgain = canvas.getByRole('button', { name: 'Try again' });
    await expect(getComputedStyle(tryAgain).color).toBe(getComputedStyle(canvas.getByRole('heading')).color);
    // Not under forced colours (scripts/story-modes.mjs): the system draws every text in one colour, the error's too.
    if (!matchMedia('(forced-colors: active)').matches)
      await expect(getComputedStyle(tryAgain).color).not.toBe(getComputedStyle(alert).color);
    await userEvent.click(tryAgain);
    await expect(sessions.error.calls).toEqual([{ method: 'signIn', options: { returnTo: '/account' } }]);
  },
};

/** The session could not be renewed and has lapsed (the provider's session ended): signed out, with a way back in. */
export const SessionExpired: Story = {
  args: { session: 'expired' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Your session has expired.');
  },
};

/**
 * Still signed in, but the provider refused to renew the session (e.g. Entra ID ends a single-page app's session
 * 24 h after sign-in): the visitor is told when it ends, before it does, and can sign in again now.
 */
export const SessionEnding: Story = {
  args: { session: 'ending' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent(/^Your session cannot be renewed and ends at .+\.\s*Sign in again$/);
    await expect(alert).toHaveAttribute('data-code', 'session_ended');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in again' }));
    await expect(sessions.ending.calls).toEqual([{ method: 'signIn', options: { returnTo: '/account' } }]);
  },
};

/** Nothing wrong (signed in here; signed out without an error is the same): no alert at all, the page starts at once. */
export const NoError: Story = {
  args: { session: 'signedIn' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('alert')).toBeNull();
  },
};
