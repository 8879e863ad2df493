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

/** A pricing card as a product team would write it: what it tracks is what the story shows. */
/** One tracked event: its name, its properties, and how long it took (a measured duration, different on every
 * run: a fixed-width box masked in the visual regression screenshots). */
function EventLine({ event, properties = {} }: { event: string; properties?: Record<string, unknown> }) {
  const { $duration: duration, ...rest } = properties;
  return (
    <>
      {event} {JSON.stringify(rest)}
      {typeof duration === 'number' && (
        <>
          {' took '}
          <span data-volatile="" style={{ display: 'inline-block', width: '7ch' }}>
            {duration.toFixed(3)} s
          </span>
        </>
      )}
    </>
  );
}

function PricingCard() {
  const analytics = events.useAnalytics();
  const stopCheckout = events.useTime('checkout');
  const status = useAnalyticsStatus();
  return (
    <section style={{ border: '1px solid #ccc', borderRadius: 8, padding: 16, maxWidth: 320 }}>
      <h3 style={{ marginTop: 0 }}>Pro</h3>
      <p>
        Analytics: <code data-testid="status">{status}</code>
      </p>
      <button type="button" onClick={() => analytics.capture('plan_selected', { plan: 'pro' })}>
        Choose Pro
      </button>{' '}
      <button type="button" onClick={() => stopCheckout({ plan: 'pro' })}>
        Pay
      </button>
    </section>
  );
}

/** Lists what the recording fake received, live. */
function Tracked({ analytics }: { analytics: TestAnalytics }) {
  const [list, setList] = useState<RecordedEvent[]>([]);
  useEffect(() => {
    const timer = setInterval(() => setList([...analytics.events]), 100);
    return () => clearInterval(timer);
  }, [analytics]);
  return (
    <ol aria-label="tracked events" style={{ fontFamily: 'monospace', fontSize: 12 }}>
      {list.map((e, i) => (
        <li key={i}>
          <EventLine event={e.event} properties={e.properties} />
        </li>
      ))}
    </ol>
  );
}

function Demo({ status }: { status: VendorStatus }) {
  const [analytics] = useState(() => createTestAnalytics(status));
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
  tags: ['autodocs'],
  args: { status: 'ready' },
  argTypes: {
    status: {
      control: 'select',
      options: ['idle', 'waiting-consent', 'loading', 'ready', 'denied', 'failed', 'blocked', 'timeout'],
    },
  },
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Click the buttons: the list shows each event as `capture` received it (the testing provider records, sends nothing). */
export const Ready: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Choose Pro' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(canvas.getByRole('list', { name: 'tracked events' }).children).toHaveLength(2));
    await expect(canvas.getByText(/plan_selected/)).toBeInTheDocument();
    await expect(canvas.getByText(/ s$/)).toBeInTheDocument(); // checkout carries its measured $duration
  },
};

/** Before the visitor decides: calls are queued by the real provider; the component looks the same. */
export const WaitingForConsent: Story = {
  args: { status: 'waiting-consent' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('status')).toHaveTextContent('waiting-consent');
  },
};

/** "Reject all": the real provider drops calls; nothing is downloaded or sent. */
export const Denied: Story = { args: { status: 'denied' } };

/** An ad blocker stopped the SDK chunk: the app keeps working. */
export const Blocked: Story = { args: { status: 'blocked' } };
