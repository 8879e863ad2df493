import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { AuthError } from './AuthError';
import { RequireAuth } from './RequireAuth';
import { createTestAuth, type TestAuthOptions, TestAuthProvider } from './testing';
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
    <span>
      <strong>{user.name}</strong>{' '}
      <button type="button" onClick={() => void signOut()}>
        Sign out
      </button>
    </span>
  );
}

/** The failure hook every Plinth package has: the current `AuthError`, or `undefined`. */
function ErrorAlert() {
  const error = useAuthFailure();
  const { signIn } = useAuth();
  if (!error) return null;
  return (
    <div role="alert" style={{ color: '#b91c1c' }}>
      Sign-in failed ({error.code}).{' '}
      <button type="button" onClick={() => void signIn()}>
        Try again
      </button>
    </div>
  );
}

function Screen(options: TestAuthOptions) {
  return (
    <TestAuthProvider {...options}>
      <header style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
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

const ADA = { id: 'a1b2c3', name: 'Ada Lovelace', email: 'ada@example.com' };

const meta = {
  title: 'auth/RequireAuth',
  component: Screen,
  tags: ['autodocs'],
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SignedOut: Story = {
  args: {},
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(canvas.getByTestId('fallback')).toBeVisible();
  },
};

export const SignedIn: Story = {
  args: { user: ADA },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Ada Lovelace')).toBeVisible();
    await expect(canvas.getByTestId('account')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('fallback')).toBeVisible();
  },
};

export const CallbackError: Story = {
  args: {
    status: 'error',
    error: new AuthError('callback: access_denied', {
      source: 'callback',
      code: 'access_denied',
      error: 'access_denied',
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('access_denied');
    await expect(canvas.getByTestId('fallback')).toBeVisible();
  },
};

export const SessionExpired: Story = {
  args: {
    status: 'sessionExpired',
    error: new AuthError('renew: invalid_grant', { source: 'renew', code: 'invalid_grant', error: 'invalid_grant' }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('invalid_grant');
    await expect(canvas.getByRole('button', { name: 'Sign in' })).toBeVisible();
  },
};

/** Clicking "Sign in" signs in at once through the fake (`signInAs`). */
export const SignInFlow: Story = {
  args: { signInAs: ADA },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(canvas.getByText('Ada Lovelace')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Sign out' }));
    await expect(canvas.getByRole('button', { name: 'Sign in' })).toBeVisible();
  },
};

/** `createTestAuth()` drives the state from outside, as a test would. */
export const DrivenFromATest: Story = {
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
      <AccountMenu />{' '}
      <button type="button" onClick={() => auth.signInAs(ADA)}>
        Simulate sign-in
      </button>
    </TestAuthProvider>
  );
}
