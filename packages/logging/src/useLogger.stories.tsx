import type { VendorStatus } from '@plinth/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { createTestLogger, type TestLogger, TestLoggerProvider } from './testing';
import type { LogEntry, LogLevel } from './types';
import { useLogger } from './useLogger';
import { useLoggerStatus } from './useLoggerStatus';

/** Datadog's nine levels, lowest first (the threshold drops every call below the chosen one). */
const LEVELS: LogLevel[] = ['ok', 'debug', 'info', 'notice', 'warn', 'error', 'critical', 'alert', 'emerg'];

/** What the real logger does with the logs in each status (core's `VendorStatus`), in words. */
const MEANING: Record<VendorStatus, string> = {
  idle: 'Not started yet (on the server, or before the provider starts): logs wait.',
  'waiting-consent': 'The visitor has not decided about error monitoring: logs wait, sent once it is accepted.',
  loading: "Datadog's code is downloading (at the first log after consent): logs wait and are sent once it is ready.",
  ready: 'Datadog is running: these logs are sent.',
  denied: 'The visitor refused error monitoring: logs are dropped, nothing is sent.',
  failed: 'Datadog could not start: logs are dropped. The app keeps working.',
  blocked: "An ad blocker or a lost connection stopped Datadog's code from downloading: logs are dropped.",
  timeout: "Datadog's code is still downloading past its time limit: logs keep waiting and go out if it arrives.",
  rejected: 'The intake refused the client token or site: logs are lost until the configuration is fixed.',
};
const STATUSES = Object.keys(MEANING) as VendorStatus[];

/** A checkout widget that logs through `useLogger()`, as product code does. */
function Checkout() {
  const log = useLogger().child({ component: 'Checkout' });
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--space-2)' }}>
      <button type="button" onClick={() => log.debug('cart opened', { items: 2 })}>
        Open cart
      </button>
      <button type="button" onClick={() => log.info('order placed', { orderId: 42 })}>
        Place order
      </button>
      <button
        type="button"
        onClick={() => log.error('payment failed', { step: 'pay' }, new Error('payment service unavailable'))}
      >
        Fail payment
      </button>
    </div>
  );
}

const LEVEL_COLOUR: Partial<Record<LogLevel, string>> = {
  error: 'var(--color-bad)',
  critical: 'var(--color-bad)',
  alert: 'var(--color-bad)',
  emerg: 'var(--color-bad)',
};

/** One log: its level and message, then its context and error as a list that wraps. */
function Entry({ entry }: { entry: LogEntry }) {
  const details = Object.entries(entry.context).map(([name, value]) => [name, String(value)]);
  if (entry.error !== undefined)
    details.push(['error', entry.error instanceof Error ? entry.error.message : String(entry.error)]);
  return (
    <li data-level={entry.level} style={{ marginBottom: 'var(--space-2)' }}>
      <strong style={{ color: LEVEL_COLOUR[entry.level] }}>{entry.level}</strong> {entry.message}
      {details.length > 0 && (
        <dl className="story-details">
          {details.map(([name, value]) => (
            <div key={name} style={{ display: 'flex', gap: 'var(--space-1)' }}>
              <dt>{name}:</dt>
              <dd style={{ margin: 0, fontWeight: 600 }}>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}

/** What the recording logger holds, as a list (a story-only view of `.entries`). */
function Entries({ logger }: { logger: TestLogger }) {
  const [, refresh] = useState(0);
  const status = useLoggerStatus();
  return (
    <div onClickCapture={() => setTimeout(() => refresh((n) => n + 1))} style={{ maxWidth: '32rem' }}>
      <Checkout />
      <h4 style={{ marginBottom: 'var(--space-1)' }}>What the widget logged</h4>
      <p style={{ marginTop: 0, color: 'var(--color-muted)' }}>
        Error monitoring: <strong>{status}</strong>. {MEANING[status]} Threshold: <code>{logger.level}</code>.
      </p>
      {logger.entries.length === 0 ? (
        <p>Nothing logged yet.</p>
      ) : (
        <ol aria-label="log entries" style={{ paddingLeft: 'var(--space-6)' }}>
          {logger.entries.map((entry, i) => (
            <Entry key={i} entry={entry} />
          ))}
        </ol>
      )}
    </div>
  );
}

function LoggingDemo({ level, status }: { level: LogLevel; status?: VendorStatus }) {
  const [logger] = useState(() => createTestLogger({ level, status }));
  return (
    <TestLoggerProvider instance={logger}>
      <Entries logger={logger} />
    </TestLoggerProvider>
  );
}

const meta = {
  title: 'logging/useLogger',
  tags: ['stable'],
  component: LoggingDemo,
  // Keyed by the controls: another level or status starts a new logger with it.
  render: (args) => <LoggingDemo key={`${args.level}/${args.status}`} {...args} />,
  args: { level: 'debug', status: 'ready' },
  argTypes: {
    level: {
      control: 'select',
      options: LEVELS,
      table: { type: { summary: 'LogLevel' } },
      description: `The threshold: calls below it are dropped at once. Lowest first: ${LEVELS.map((l) => `\`${l}\``).join(' < ')}. The app's default is \`info\`.`,
    },
    status: {
      control: 'select',
      options: STATUSES,
      table: { type: { summary: 'VendorStatus' }, defaultValue: { summary: 'ready' } },
      description: `Where the Datadog SDK is (\`useLoggerStatus()\`).\n\n${STATUSES.map((s) => `- \`${s}\`: ${MEANING[s]}`).join('\n')}`,
    },
  },
  parameters: {
    docs: {
      description: {
        component: `
\`useLogger()\` gives a component the app's logger: \`log.info(message, context?)\`,
\`log.error(message, context?, error?)\` and the other levels, sent to Datadog's log management when the
visitor accepted error monitoring.
\`log.child({ component: 'Checkout' })\` adds the same context to every log it makes. The widget below logs a
debug, an info and an error; the list under it shows each log as it was made, with its context (the
component's own, then the call's) and its error. These stories use the testing provider, which records and sends
nothing.

**When to use**

- For what an engineer needs to diagnose a problem later: a failed payment, an unexpected answer from the
  server, a fallback taken. Uncaught errors, \`ErrorBoundary\` exceptions and the Plinth packages' own reports
  are logged without any call.
- Not for product questions ("how many visitors pay?"): those are analytics events.

**Do**

- Write a short, fixed message (\`'payment failed'\`) and put the variable parts in the context (\`{ step: 'pay' }\`),
  so logs can be grouped and searched.
- Pass the caught error as the third argument of \`error()\`: its message and stack go with the log.
- Bind the component or feature once with \`child()\`.

**Don't**

- Don't log personal data (emails, names, what the visitor typed): the scrubber removes emails and tokens, but
  not everything personal.
- Don't log at \`error\` what is expected and handled (a mistyped card number the visitor corrects is \`info\`):
  errors are what monitors page people for.
- Don't show log output to the visitor: tell them what happened in the interface instead.

**States**: logs sent, waiting (before consent, while loading), dropped below the threshold, and dropped or lost
(consent refused, SDK blocked or failed, configuration refused) — the \`status\` control lists them all.
`,
      },
    },
  },
} satisfies Meta<typeof LoggingDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Error monitoring accepted, threshold `debug`: the story clicks the three buttons and each log is listed with
 * its level, its message, the widget's bound context (`component: Checkout`) and its own, and the error of the
 * failed payment.
 */
export const LogsWithBoundContext: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Open cart' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Place order' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Fail payment' }));
    const list = await canvas.findByRole('list', { name: 'log entries' });
    const entries = within(list).getAllByRole('listitem');
    await expect(entries).toHaveLength(3);
    await expect(entries[0]).toHaveTextContent(/^debug cart opened\s*component:\s*Checkout\s*items:\s*2$/);
    await expect(entries[2]).toHaveTextContent(
      /^error payment failed\s*component:\s*Checkout\s*step:\s*pay\s*error:\s*payment service unavailable$/,
    );
  },
};

/**
 * The threshold at `info` (the app's default): "Open cart" logs at `debug`, below it, so that call is dropped at
 * once and only "order placed" is listed. An app lowers the threshold with `setLevel('debug')` to diagnose a problem.
 */
export const BelowTheThreshold: Story = {
  args: { level: 'info' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Open cart' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Place order' }));
    const list = await canvas.findByRole('list', { name: 'log entries' });
    const entries = within(list).getAllByRole('listitem');
    await expect(entries).toHaveLength(1);
    await expect(entries[0]).toHaveTextContent('order placed');
  },
};

/** Before the widget has logged anything: a page that has not hit a problem yet. */
export const NothingLogged: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Nothing logged yet.')).toBeVisible();
  },
};

/**
 * The visitor refused error monitoring: `useLoggerStatus()` reads `denied`, and the real logger drops every log
 * (nothing is downloaded or sent). The widget works the same.
 */
export const MonitoringDenied: Story = {
  args: { status: 'denied' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/^Error monitoring:/)).toHaveTextContent(
      'Error monitoring: denied. The visitor refused error monitoring',
    );
  },
};
