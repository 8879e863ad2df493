import { AuthError } from '@plinth/auth';
import { createTestAuth, TestAuthProvider } from '@plinth/auth/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { desktop, phone, routed } from '../stories/support';
import { AuthAlert } from './AuthAlert';

const denied = new AuthError('The identity provider refused the sign-in', {
  source: 'callback',
  code: 'access_denied',
});

/** One fake session per story, so a story's play function can read what "Try again" asked for. */
const sessions = {
  error: createTestAuth({ status: 'error', error: denied }),
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
          'Shown above the page, in a `role="alert"`, when a sign-in fails (a refused callback, the provider\'s `access_denied`, a tampered `state`) or the session expires. **Try again** starts a new sign-in that comes back to this page; @plinth/auth never retries on its own, so there is no loop. Signed in or out without an error, it renders nothing.',
      },
    },
  },
} satisfies Meta<typeof Page>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A sign-in that failed: the reason and the provider's code, and a way to try again. */
export const SignInFailed: Story = {
  args: { session: 'error' },
  globals: desktop,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Sign-in failed: The identity provider refused the sign-in (access_denied).',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(sessions.error.calls).toEqual([{ method: 'signIn', options: { returnTo: '/account' } }]);
  },
};
export const SignInFailedPhone: Story = { ...SignInFailed, globals: phone };

/** The session could not be renewed (the provider's session ended): signed out, with a way back in. */
export const SessionExpired: Story = {
  args: { session: 'expired' },
  globals: desktop,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Your session has expired.');
  },
};
export const SessionExpiredPhone: Story = { ...SessionExpired, globals: phone };

/** Nothing wrong: no alert at all. */
export const NoError: Story = {
  args: { session: 'signedIn' },
  globals: desktop,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('alert')).toBeNull();
  },
};
