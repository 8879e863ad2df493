import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ComponentType } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { ConsentProvider, useConsent } from './ConsentProvider';
import type { ConsentConfig } from './consent';

const CATEGORIES = [
  { category: 'analytics', label: 'Product analytics' },
  { category: 'monitoring', label: 'Error monitoring' },
  { category: 'functional', label: 'Feature flags and preferences' },
] as const;

/** A minimal banner built on `useConsent()` (the demo's banner is the full example). */
function Banner() {
  const consent = useConsent();
  const box = {
    padding: 'var(--space-4)',
    borderRadius: 'var(--radius-lg)',
    border: '1px solid var(--color-border)',
    background: 'var(--color-surface)',
    color: 'var(--color-text)',
    maxWidth: '32rem',
  } as const;
  if (!consent.pending) {
    return (
      <section aria-label="Privacy choices" style={box}>
        <dl style={{ margin: '0 0 var(--space-3)', display: 'grid', gap: 'var(--space-1)' }}>
          {CATEGORIES.map(({ category, label }) => (
            <div key={category} style={{ display: 'flex', flexWrap: 'wrap', gap: '0 var(--space-2)' }}>
              <dt>{label}:</dt>
              <dd style={{ margin: 0, fontWeight: 600 }}>{consent.status(category)}</dd>
            </div>
          ))}
        </dl>
        <button type="button" onClick={() => consent.reset()}>
          Change
        </button>
      </section>
    );
  }
  return (
    <section aria-label="Privacy choices" style={box}>
      <p style={{ marginTop: 0 }}>We use analytics and error monitoring to improve the product.</p>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--space-2)' }}>
        <button type="button" onClick={() => consent.grant()}>
          Accept all
        </button>
        <button type="button" onClick={() => consent.deny()}>
          Reject all
        </button>
      </div>
    </section>
  );
}

/**
 * Where the visitor's decisions start. Every preset keeps them in memory (`storage: null`): nothing a
 * designer clicks here is remembered by the browser, and each story starts from its own preset.
 */
const STARTS = {
  'No decision yet': { storage: null },
  'Analytics denied and the rest granted': {
    storage: null,
    initial: { analytics: 'denied', monitoring: 'granted', functional: 'granted' },
  },
  'Everything granted': {
    storage: null,
    initial: { analytics: 'granted', monitoring: 'granted', functional: 'granted' },
  },
  'Everything denied': { storage: null, initial: { analytics: 'denied', monitoring: 'denied', functional: 'denied' } },
} satisfies Record<string, ConsentConfig>;
type Start = keyof typeof STARTS;

/** The stories' args: the `config` prop by the name of its preset (a control needs names, not objects). */
interface Args {
  config: Start;
  store?: never;
  children?: never;
}

const meta = {
  title: 'core/ConsentProvider',
  tags: ['stable'],
  // Its docs (props, types); the stories' args name the `config` preset, and `render` maps it to the prop.
  component: ConsentProvider as unknown as ComponentType<Args>,
  // Keyed by the preset: choosing another one in the controls starts a new store from it.
  render: ({ config }) => (
    <ConsentProvider key={config} config={STARTS[config]}>
      <Banner />
    </ConsentProvider>
  ),
  args: { config: 'No decision yet' },
  argTypes: {
    config: {
      control: 'select',
      options: Object.keys(STARTS),
      description:
        'How the provider creates its store: the decisions it starts from (`initial`), where it remembers them ' +
        '(`storage`, default `localStorage`), the categories asked for and the `version`. The presets here keep ' +
        'the decisions in memory.',
    },
    // Wiring: a store made elsewhere (an alternative to `config`), and the app below the provider.
    store: { table: { disable: true } },
    children: { table: { disable: true } },
  },
  parameters: {
    docs: {
      description: {
        component: `
Holds the visitor's privacy decisions, one per category: \`analytics\` (product analytics), \`monitoring\`
(logging and error monitoring) and \`functional\` (feature flags, remembered preferences). Each category is
\`pending\`, \`granted\` or \`denied\`. The decisions are remembered in \`localStorage\` (key \`plinth.consent\`),
so a returning visitor is not asked again. Every Plinth provider below it reads the same store: analytics waits
for \`analytics\`, logging for \`monitoring\`, flags for \`functional\`. Nothing is drawn by the provider itself:
the banner and the privacy page are the app's, built on \`useConsent()\` (the demo's banner is the full example;
this page uses a minimal one).

**When to use**

- Once, at the root of the app, above the analytics, logging and flags providers (without it they throw,
  unless their config gives its own store or \`consent: false\`).
- Under it, \`useConsent()\` gives the banner what it needs: \`pending\` (show the banner), \`status(category)\`,
  \`grant()\`, \`deny()\`, \`set({…})\` and \`reset()\` (ask again).

**Do**

- Show the banner while \`pending\` is true, with "Accept all" and "Reject all" equally easy to reach.
- Offer a way back to the choice at any time (a "Privacy choices" link that calls \`reset()\` or \`set()\`).
- Bump \`config.version\` when what you ask for changes: stored decisions of another version are ignored and
  every visitor is asked again.

**Don't**

- Don't render two providers with separate stores: packages would follow different decisions.
- Don't treat \`pending\` as consent: until the visitor decides, vendor SDKs are not even downloaded.
- Don't ask for a category the store does not list: \`status('marketing')\` throws unless \`marketing\` is in
  \`config.categories\`.

**States**: no decision yet (the banner shows), every category decided (granted, denied or a mix; the banner
is gone), and back to undecided after \`reset()\`.
`,
      },
    },
  },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * No decision yet: every category is `pending`, `useConsent().pending` is true and the banner shows. This is a
 * first visit, a visitor whose browser kept no record (private window, cleared storage), one who clicked
 * "Change" (`reset()`), or every visitor after the app bumped `config.version`. Analytics and logging queue
 * their calls meanwhile; nothing is downloaded or sent.
 */
export const Pending: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Accept all' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Reject all' })).toBeVisible();
  },
};

/**
 * Right after the visitor clicks "Accept all" (`grant()` with no category grants them all): every category reads
 * `granted`, the banner goes and the decision is stored for the next visit. The packages may now load their SDKs
 * and send what they queued.
 */
export const Accepted: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Accept all' }));
    await expect(canvas.getByText('Product analytics:').nextElementSibling).toHaveTextContent('granted');
    await expect(canvas.getByText('Error monitoring:').nextElementSibling).toHaveTextContent('granted');
    await expect(canvas.queryByRole('button', { name: 'Accept all' })).toBeNull();
  },
};

/**
 * A returning visitor who decided per category on an earlier visit (here: analytics denied, monitoring and
 * functional granted), read from storage at start-up: no banner, only the way back to the choice ("Change").
 */
export const Decided: Story = {
  args: { config: 'Analytics denied and the rest granted' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Product analytics:').nextElementSibling).toHaveTextContent('denied');
    await expect(canvas.getByText('Error monitoring:').nextElementSibling).toHaveTextContent('granted');
    await expect(canvas.queryByRole('button', { name: 'Accept all' })).toBeNull();
  },
};
