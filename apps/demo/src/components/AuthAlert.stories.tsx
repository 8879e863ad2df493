import { AuthError } from '@plinth/auth';
import { createTestAuth, TestAuthProvider } from '@plinth/auth/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { phone, routed } from '../stories/support';
import { AuthAlert } from './AuthAlert';

const cancelled = new AuthError('callback: access_denied (End-User aborted interaction)', {
  source: 'callback',
  code: 'access_denied',
});
const refused = new AuthError('callback: invalid_grant (grant request is invalid)', {
  source: 'callback',
  code: 'invalid_grant',
});

/** One fake session per story, so a story's play function can read what "Try again" asked for. */
const sessions = {
  cancelled: createTestAuth({ status: 'error', error: cancelled }),
  error: createTestAuth({ status: 'error', error: refused }),
  expired: createTestAuth({ status: 'sessionExpired' }),
  signedIn: createTestAuth({ user: { id: 'user-7f3a', name: 'Ada Lovelace' } }),
};

function Page({ session }: { session: keyof typeof sessions }) {
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
  component: Page,
  decorators: [routed('/account')],
  argTypes: { session: { control: 'inline-radio', options: Object.keys(sessions) } },
  beforeEach: () => {
    for (const session of Object.values(sessions)) session.calls.length = 0;
  },
  parameters: {
    layout: 'fullscreen',
    docs: {
      description: {
        component:
          'Above the page, in the visitor\'s words (the provider\'s code stays in `data-code`, never on screen): a sign-in **cancelled** on the provider\'s page (`access_denied`) is their choice, said neutrally in a `role="status"` with **Sign in**; a sign-in that **failed** (a refused callback, a tampered `state`) or a session that **expired** is a `role="alert"` with **Try again** / **Sign in again**, which start a new sign-in that comes back to this page. @plinth/auth never retries on its own, so there is no loop. Signed in or out without an error, it renders nothing.',
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
export const SignInCancelledPhone: Story = { ...SignInCancelled, parameters: phone };

/** A sign-in that failed: said plainly (the code is in `data-code`, not on screen), and a way to try again. */
export const SignInFailed: Story = {
  args: { session: 'error' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('Sign-in didn’t work. Please try again.');
    await expect(alert).toHaveAttribute('data-code', 'invalid_grant');
    await expect(canvasElement.textContent).not.toMatch(/invalid_grant|callback/);
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(sessions.error.calls).toEqual([{ method: 'signIn', options: { returnTo: '/account' } }]);
  },
};
export const SignInFailedPhone: Story = { ...SignInFailed, parameters: phone };

/** The session could not be renewed (the provider's session ended): signed out, with a way back in. */
export const SessionExpired: Story = {
  args: { session: 'expired' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Your session has expired.');
  },
};
export const SessionExpiredPhone: Story = { ...SessionExpired, parameters: phone };

/** Nothing wrong: no alert at all. */
export const NoError: Story = {
  args: { session: 'signedIn' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('alert')).toBeNull();
  },
};
