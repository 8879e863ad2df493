import { AuthError, type AuthState, type AuthStatus } from '@plinth/auth';
import { createTestAuth, type TestAuth, TestAuthProvider } from '@plinth/auth/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { NavLink } from 'react-router';
import { expect, waitFor, within } from 'storybook/test';
import { pages } from '../pages';
import { phone, routed } from '../stories/support';
import { SignInSlot } from './SignInSlot';

const SUBJECT = 'auth0|64f1c2a9e8b7d6c5a4b3';
/** Who is signed in, from a short name to one longer than the slot, and none (the slot shows the subject). */
const USERS = {
  Alice: { id: SUBJECT, name: 'Alice' },
  'Ada Lovelace': { id: SUBJECT, name: 'Ada Lovelace' },
  'A long name (cut with …)': { id: SUBJECT, name: 'Maximilian Featherstonehaugh' },
  'No name (the subject)': { id: SUBJECT },
} as const;
type UserPreset = keyof typeof USERS;

const failed = new AuthError('The identity provider refused the sign-in', {
  source: 'callback',
  code: 'access_denied',
});

interface HeaderProps {
  /** The session's state (`useAuth().status`): what the slot shows. */
  status: AuthStatus;
  /** Who is signed in; shown only when `status` is `signedIn`. */
  user?: UserPreset;
  /** A session a story drives from its play function (the measuring stories); the others get their own. */
  instance?: TestAuth;
}

/** The demo's header as `Layout` renders it (brand, nav, then the slot), over a network-free auth session. */
function Header({ status, user = 'Ada Lovelace', instance }: HeaderProps) {
  return (
    // A new session when a control changes (a session is created once per provider).
    <TestAuthProvider
      key={instance ? 'driven' : `${status}-${user}`}
      instance={instance}
      status={status}
      user={status === 'signedIn' ? USERS[user] : null}
      error={status === 'error' ? failed : null}
    >
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
  tags: ['beta'],
  component: Header,
  decorators: [routed('/article')],
  args: { user: 'Ada Lovelace' },
  argTypes: {
    status: {
      control: 'select',
      options: ['loading', 'signedOut', 'signedIn', 'error', 'sessionExpired'] satisfies AuthStatus[],
      description:
        'The session\'s state: `loading` shows "Checking session…"; `signedIn` the name and "Sign out"; the others "Sign in".',
    },
    user: {
      control: 'select',
      options: Object.keys(USERS),
      description:
        'Who is signed in (shown only when `status` is `signedIn`), from a short name to one longer than the slot.',
    },
    instance: { table: { disable: true }, control: false },
  },
  parameters: {
    layout: 'fullscreen',
    docs: {
      description: {
        component: `The right end of the header, on every page: where a visitor signs in, sees that they are signed in, and signs out. It belongs to \`Layout\` and is not placed anywhere else.

It shows one of three things, always in a box of the same size (12rem wide, 2.4rem high), so the header never changes height or rewraps its nav when the session settles:
- *Checking session…* while @plinth/auth restores a session: when a page loads in a browser that was signed in, and on the return from the provider. A first visit goes straight to **Sign in**. Before the auth code has arrived, the same box is empty.
- **Sign in**, a link to \`/signin?returnTo=<this page>\`, when signed out, after a failed sign-in (\`error\`) or an expired session (\`sessionExpired\`). The auth alert above the page says what went wrong.
- The user's name (their subject when the provider sent no name) and **Sign out**, when signed in. A name longer than the box is cut with "…"; the whole name is its tooltip and what screen readers read.

On phones the brand and the slot share the first row and the nav wraps below.

**When to use**: it is the only sign-in entry point in the header; pages that need a session (Account) use \`RequireAuth\` instead of pointing at it.

**Do**
- Keep the labels exactly "Sign in", "Sign out" and "Checking session…": the demo's automation and its docs rely on them.
- Keep the box one size in every state when you restyle it; a story test (\`SameHeightInEveryState\`, a check, not a state) measures it.

**Don't**
- Add a third control or a second line here: the box would grow in one state only and the header would jump.
- Show an error in the slot: errors belong to the auth alert, where there is room to say what happened.`,
      },
    },
  },
} satisfies Meta<typeof Header>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Signed out: a first visit, after signing out, or after a failed sign-in or an expired session (the auth alert
 * says which). "Sign in" comes back to this page.
 */
export const SignedOut: Story = {
  args: { status: 'signedOut' },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Sign in' });
    await expect(link).toHaveAttribute('href', '/signin?returnTo=%2Farticle');
  },
};

/**
 * Loading: a page loaded in a browser that was signed in (or the return from the provider), while the session is
 * restored in the background. Nothing to press yet; usually a fraction of a second.
 */
export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Checking session…')).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Sign in' })).toBeNull();
  },
};

/** Signed in: the user's name (or their subject when the provider sent no name) and "Sign out". */
export const SignedIn: Story = {
  args: { status: 'signedIn', user: 'Ada Lovelace' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('user-name')).toHaveTextContent('Ada Lovelace');
    await expect(canvas.getByRole('button', { name: 'Sign out' })).toBeVisible();
  },
};

/**
 * Signed in with a name longer than the slot: cut with "…" so the box keeps its size; the whole name is the
 * tooltip and what a screen reader reads.
 */
export const LongName: Story = {
  args: { status: 'signedIn', user: 'A long name (cut with …)' },
  play: async ({ canvasElement }) => {
    const name = within(canvasElement).getByTestId('user-name');
    await expect(name).toHaveTextContent('Maximilian Featherstonehaugh');
    await expect(name).toHaveAttribute('title', 'Maximilian Featherstonehaugh');
    await expect(name.scrollWidth).toBeGreaterThan(name.clientWidth); // cut, not wrapped
    await expect(within(canvasElement).getByRole('button', { name: 'Sign out' })).toBeVisible();
  },
};

/**
 * A sign-in that failed (here the provider's `access_denied`): the slot offers "Sign in" again, and the
 * auth alert above the page says what happened (see "Auth alert").
 */
export const SignInFailed: Story = {
  args: { status: 'error' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Sign in' })).toBeVisible();
  },
};

/** One session the measuring stories drive through every state. */
const session = createTestAuth({ status: 'loading' });
const signedInAs = (user: UserPreset): Partial<AuthState> => ({
  status: 'signedIn',
  user: { claims: { sub: SUBJECT }, ...USERS[user] },
});
/** Every state the slot can show, in the order a visit goes through them, with every name preset. */
const STATES: [string, Partial<AuthState>][] = [
  ['loading', { status: 'loading', user: null }],
  ['signed out', { status: 'signedOut', user: null }],
  ...(Object.keys(USERS) as UserPreset[]).map((user): [string, Partial<AuthState>] => [
    `signed in: ${user}`,
    signedInAs(user),
  ]),
  ['error', { status: 'error', user: null, error: failed }],
  ['session expired', { status: 'sessionExpired', user: null, error: null }],
  ['signed in again', signedInAs('Ada Lovelace')],
];

/**
 * Puts the header through every state and measures it at every width of its column, from `from` px to the
 * screen's width, 5 px apart (beside the desktop's inspector the column is narrower than the screen): in
 * each state the header must be exactly as tall, and the slot exactly as large.
 */
async function measureEveryState(canvasElement: HTMLElement, from: number) {
  const column = canvasElement.querySelector<HTMLElement>('[data-column]');
  const header = column?.querySelector<HTMLElement>('header.top');
  const slot = () => column?.querySelector<HTMLElement>('[data-slot="sign-in"]');
  if (!column || !header) throw new Error('no header');
  const widths: number[] = [];
  for (let width = from; width <= window.innerWidth; width += 5) widths.push(width);
  // width → state → header height; and each state's slot box at the full width.
  const heights = new Map(widths.map((width) => [width, new Map<string, number>()]));
  const boxes = new Map<string, string>();
  for (const [name, state] of STATES) {
    session.setState(state);
    await waitFor(() => expect(slot()).toHaveAttribute('data-status', state.status));
    for (const width of widths) {
      column.style.width = `${width}px`;
      heights.get(width)?.set(name, header.getBoundingClientRect().height);
    }
    column.style.width = '';
    const box = slot()?.getBoundingClientRect();
    boxes.set(name, `${box?.width} × ${box?.height}`);
  }
  // A failure names the widths where the header jumps, with its height in each state.
  const jumps = [...heights]
    .filter(([, byState]) => new Set(byState.values()).size > 1)
    .map(([width, byState]) => `${width} px: ${[...byState].map(([name, h]) => `${name} ${h}`).join(', ')}`);
  await expect(jumps).toEqual([]);
  await expect(new Set(boxes.values()).size).toBe(1);
}

/**
 * Not a state of its own, so not in the catalogue (tagged `check`: no docs entry, no sidebar entry, no reference
 * images; it runs as a story test). The header goes through every state (loading, signed out, signed in with
 * each name, error, session expired) and is measured at every width from 641 px (the narrowest non-phone
 * screen) to the desktop's: its height and the slot's size are the same in all of them. It ends signed in.
 */
export const SameHeightInEveryState: Story = {
  tags: ['!autodocs', '!dev', 'check'],
  args: { status: 'loading', instance: session },
  decorators: [
    (Story) => (
      <div data-column="">
        <Story />
      </div>
    ),
  ],
  parameters: { controls: { disable: true } },
  beforeEach: () => session.setState({ status: 'loading', user: null, error: null }),
  play: async ({ canvasElement }) => measureEveryState(canvasElement, 641),
};
/** The same check on a phone (also tagged `check`): every state at every width from 320 px to 390 px. */
export const SameHeightInEveryStatePhone: Story = {
  ...SameHeightInEveryState,
  // Written out: Storybook's index reads a story's tags from its own object, not from a spread.
  tags: ['!autodocs', '!dev', 'check'],
  parameters: { ...phone, controls: { disable: true } },
  play: async ({ canvasElement }) => measureEveryState(canvasElement, 320),
};
