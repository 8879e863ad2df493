import { AuthError } from '@plinth/auth';
import { type TestAuthOptions, TestAuthProvider } from '@plinth/auth/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { NavLink } from 'react-router';
import { expect, within } from 'storybook/test';
import { pages } from '../pages';
import { phone, routed } from '../stories/support';
import { SignInSlot } from './SignInSlot';

/** The demo's header as `Layout` renders it (brand, nav, then the slot), over a network-free auth session. */
function Header(props: TestAuthOptions) {
  return (
    <TestAuthProvider {...props}>
      <header className="top">
        <NavLink to="/" className="brand">
          Plinth
        </NavLink>
        <nav aria-label="Main">
          {pages
            .filter((p) => p.nav !== false)
            .map(({ path, label }) => (
              <NavLink key={path} to={path} end={path === '/'}>
                {label}
              </NavLink>
            ))}
        </nav>
        <SignInSlot />
      </header>
    </TestAuthProvider>
  );
}

const meta = {
  title: 'demo/Header sign-in slot',
  component: Header,
  decorators: [routed('/article')],
  // What the session is: each story sets it; none of it is a control to play with.
  argTypes: { user: { control: false }, error: { control: false }, status: { control: false } },
  parameters: {
    layout: 'fullscreen',
    docs: {
      description: {
        component:
          "The right end of the header, on every page. It shows **Sign in** (a link to `/signin?returnTo=<this page>`) when signed out or after an error, *Checking session…* while a reload restores the session, and the user's name with **Sign out** when signed in. On phones the brand and the slot share the first row and the nav wraps below. Its labels are the demo's contract with automation.",
      },
    },
  },
} satisfies Meta<typeof Header>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Signed out (a first visit, or after signing out): a "Sign in" link that comes back to this page. */
export const SignedOut: Story = {
  args: { status: 'signedOut' },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Sign in' });
    await expect(link).toHaveAttribute('href', '/signin?returnTo=%2Farticle');
  },
};
export const SignedOutPhone: Story = { ...SignedOut, parameters: phone };

/** After a reload, while the session is restored in the background (`prompt=none`): no button to press yet. */
export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Checking session…')).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Sign in' })).toBeNull();
  },
};
export const LoadingPhone: Story = { ...Loading, parameters: phone };

/** Signed in: the user's name (or their subject when the provider sent no name) and "Sign out". */
export const SignedIn: Story = {
  args: { user: { id: 'user-7f3a', name: 'Ada Lovelace' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('user-name')).toHaveTextContent('Ada Lovelace');
    await expect(canvas.getByRole('button', { name: 'Sign out' })).toBeVisible();
  },
};
export const SignedInPhone: Story = { ...SignedIn, parameters: phone };

/**
 * A sign-in that failed (here the provider's `access_denied`): the slot offers "Sign in" again, and the
 * auth alert above the page says what happened (see "Auth alert").
 */
export const SignInFailed: Story = {
  args: {
    status: 'error',
    error: new AuthError('The identity provider refused the sign-in', { source: 'callback', code: 'access_denied' }),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Sign in' })).toBeVisible();
  },
};
export const SignInFailedPhone: Story = { ...SignInFailed, parameters: phone };
