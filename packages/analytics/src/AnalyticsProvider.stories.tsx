import type { VendorStatus } from '@plinth/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { defineEvents } from './defineEvents';
import { createTestAnalytics, type RecordedEvent, type TestAnalytics, TestAnalyticsProvider } from './testing';
import { useAnalyticsStatus } from './useAnalytics';

const events = defineEvents<{
  plan_selected: { plan: 'free' | 'pro' };
  checkout: { plan: 'free' | 'pro' };
}>();

/**
 * What the real provider does with the component's calls in each status (core's `VendorStatus`), in words:
 * the caption under the list, and the `status` control's description.
 */
const MEANING: Record<VendorStatus, string> = {
  idle: 'Not started yet (on the server, or before the provider starts): calls wait.',
  'waiting-consent':
    'The visitor has not decided yet: calls wait in a queue (up to 100), sent once analytics is accepted.',
  loading: 'Consent given, PostHog is downloading: calls wait and are sent once it is ready.',
  ready: 'PostHog is running: these events are sent (in batches, every few seconds).',
  denied: 'The visitor rejected analytics: calls are dropped and nothing is sent.',
  failed: 'PostHog could not start: calls are dropped. The app keeps working.',
  blocked: 'An ad blocker or a lost connection stopped PostHog from downloading: calls are dropped.',
  timeout: 'PostHog is still downloading after 10 s: calls keep waiting and go out if it arrives.',
  rejected: 'PostHog refused the project token or host: events are lost until the configuration is fixed.',
};
const STATUSES = Object.keys(MEANING) as VendorStatus[];

/** One property of an event, in words: `$duration` (seconds, measured) is "took". */
function Property({ name, value }: { name: string; value: unknown }) {
  if (name === '$duration' && typeof value === 'number') {
    return (
      <div style={{ display: 'flex', gap: 'var(--space-1)' }}>
        <dt>took</dt>
        {/* A measured duration, different on every run: a fixed-width box masked in the screenshots. */}
        <dd data-volatile="" style={{ margin: 0, display: 'inline-block', width: '7ch' }}>
          {value.toFixed(3)} s
        </dd>
      </div>
    );
  }
  return (
    <div style={{ display: 'flex', gap: 'var(--space-1)' }}>
      <dt>{name}:</dt>
      <dd style={{ margin: 0, fontWeight: 600 }}>{typeof value === 'string' ? value : String(value)}</dd>
    </div>
  );
}

/** One tracked event: its name, then its properties as a list that wraps. */
function EventLine({ event, properties = {} }: RecordedEvent) {
  return (
    <>
      <code>{event}</code>
      {Object.keys(properties).length > 0 && (
        <dl className="story-details">
          {Object.entries(properties).map(([name, value]) => (
            <Property key={name} name={name} value={value} />
          ))}
        </dl>
      )}
    </>
  );
}

/** A pricing card as a product team would write it: what it tracks is what the story shows. */
function PricingCard() {
  const analytics = events.useAnalytics();
  const stopCheckout = events.useTime('checkout');
  const status = useAnalyticsStatus();
  return (
    <section
      aria-label="Pro plan"
      style={{
        border: '1px solid var(--color-border)',
        borderRadius: 'var(--radius-lg)',
        background: 'var(--color-surface)',
        padding: 'var(--space-4)',
        maxWidth: '20rem',
      }}
    >
      <h3 style={{ marginTop: 0 }}>Pro</h3>
      <p>
        Analytics: <code data-testid="status">{status}</code>
      </p>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--space-2)' }}>
        <button type="button" onClick={() => analytics.capture('plan_selected', { plan: 'pro' })}>
          Choose Pro
        </button>
        <button type="button" onClick={() => stopCheckout({ plan: 'pro' })}>
          Pay
        </button>
      </div>
    </section>
  );
}

/** Lists the calls the recording fake received, live, with what the real provider would do with them. */
function Tracked({ analytics }: { analytics: TestAnalytics }) {
  const [list, setList] = useState<RecordedEvent[]>([]);
  const status = useAnalyticsStatus();
  useEffect(() => {
    const timer = setInterval(() => setList([...analytics.events]), 100);
    return () => clearInterval(timer);
  }, [analytics]);
  return (
    <section aria-label="What the component tracked" style={{ maxWidth: '32rem' }}>
      <h4 style={{ marginBottom: 'var(--space-1)' }}>What the component tracked</h4>
      <p style={{ marginTop: 0, color: 'var(--color-muted)' }}>{MEANING[status]}</p>
      {list.length === 0 ? (
        <p>Nothing yet: click "Choose Pro" or "Pay".</p>
      ) : (
        <ol aria-label="tracked events" style={{ paddingLeft: 'var(--space-6)' }}>
          {list.map((e, i) => (
            <li key={i} style={{ marginBottom: 'var(--space-2)' }}>
              <EventLine event={e.event} properties={e.properties} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Demo({ status }: { status: VendorStatus }) {
  const [analytics] = useState(() => createTestAnalytics({ status }));
  // The control changes the status of the same fake: what was tracked stays listed.
  useEffect(() => analytics.setStatus(status), [analytics, status]);
  return (
    <TestAnalyticsProvider instance={analytics}>
      <PricingCard />
      <Tracked analytics={analytics} />
    </TestAnalyticsProvider>
  );
}

const meta = {
  title: 'analytics/What a component tracks',
  component: Demo,
  tags: ['autodocs', 'stable'],
  args: { status: 'ready' },
  argTypes: {
    status: {
      control: 'select',
      options: STATUSES,
      table: { type: { summary: 'VendorStatus' } },
      description: `Where the analytics SDK is (\`useAnalyticsStatus()\`).\n\n${STATUSES.map((s) => `- \`${s}\`: ${MEANING[s]}`).join('\n')}`,
    },
  },
  parameters: {
    docs: {
      description: {
        component: `
How a component tracks product events with \`@plinth/analytics\`, and what happens to them. The pricing card
below calls \`capture('plan_selected', { plan })\` when "Choose Pro" is clicked, and times the checkout with
\`useTime('checkout')\`: "Pay" captures \`checkout\` with \`$duration\`, the seconds since the card appeared (once per
mount). The list under it shows each call as the component made it: these stories use the testing provider,
which records and sends nothing. The card looks and behaves the same in every status: analytics never blocks
or changes the interface.

**When to use**

- For questions about the product ("how many visitors choose Pro?", "how long does checkout take?"), with
  events named in one typed catalogue (\`defineEvents<{ … }>()\`) so a misspelt name or property does not compile.
- Not for errors or diagnostics: those go to logging (\`useLogger()\`).

**Do**

- Name events for what the visitor did, in the past tense or as a noun (\`plan_selected\`, \`checkout\`), with
  a few properties that answer the question (\`plan\`).
- Track from the handler of the action (a click, a completed form), once per action.
- Show the interface the same whatever the status: the visitor's choice about analytics must not change what
  they can do.

**Don't**

- Don't put personal data (emails, names, free text the visitor typed) in properties: scrubbing removes
  emails and tokens, but the catalogue is where that is decided.
- Don't wait for \`ready\` before letting the visitor act: calls made earlier queue and are sent once consent
  is given, or dropped if it is refused.

**States** (the \`status\` control): ${STATUSES.map((s) => `\`${s}\``).join(', ')}. What each means is listed
under the control, and shown as the caption of the list.
`,
      },
    },
  },
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The visitor accepted analytics and PostHog is running: each call is sent. The story clicks "Choose Pro" then
 * "Pay": the list shows `plan_selected` with its plan, then `checkout` with its plan and how long it took.
 */
export const Ready: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Choose Pro' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Pay' }));
    const list = await canvas.findByRole('list', { name: 'tracked events' });
    await waitFor(() => expect(list.children).toHaveLength(2));
    await expect(list.children[0]).toHaveTextContent(/^plan_selected\s*plan:\s*pro$/);
    await expect(list.children[1]).toHaveTextContent(/^checkout\s*plan:\s*pro\s*took\s*\d+\.\d{3} s$/);
  },
};

/**
 * A first visit, before the visitor answers the consent banner: PostHog is not downloaded, and the component's
 * calls wait in a queue until analytics is accepted (then sent) or rejected (then dropped). The card looks
 * the same.
 */
export const WaitingForConsent: Story = {
  args: { status: 'waiting-consent' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('status')).toHaveTextContent('waiting-consent');
    await expect(canvas.getByText(/calls wait in a queue/)).toBeVisible();
  },
};

/**
 * The visitor clicked "Reject all" (or turned analytics off later): calls are dropped, nothing is downloaded or
 * sent, and the card still works.
 */
export const Denied: Story = { args: { status: 'denied' } };

/**
 * An ad blocker (or a lost connection) stopped PostHog's code from downloading after consent was given: calls are
 * dropped and the app keeps working.
 */
export const Blocked: Story = { args: { status: 'blocked' } };
