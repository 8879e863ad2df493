import type { VendorStatus } from '@plinth/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { createTestLogger, type TestLogger, TestLoggerProvider } from './testing';
import type { LogLevel } from './types';
import { useLogger } from './useLogger';
import { useLoggerStatus } from './useLoggerStatus';

/** A checkout widget that logs through `useLogger()`, as product code does. */
function Checkout() {
  const log = useLogger().child({ component: 'Checkout' });
  return (
    <div>
      <button type="button" onClick={() => log.debug('cart opened', { items: 2 })}>
        Open cart
      </button>
      <button type="button" onClick={() => log.info('order placed', { orderId: 42 })}>
        Place order
      </button>
      <button type="button" onClick={() => log.error('payment failed', { step: 'pay' }, new Error('card declined'))}>
        Fail payment
      </button>
    </div>
  );
}

/** What the recording logger holds, as a table (a story-only view of `.entries`). */
function Entries({ logger }: { logger: TestLogger }) {
  const [, refresh] = useState(0);
  return (
    <div onClickCapture={() => setTimeout(() => refresh((n) => n + 1))}>
      <Checkout />
      <p>monitoring: {useLoggerStatus()}</p>
      <table aria-label="log entries">
        <tbody>
          {logger.entries.map((entry, i) => (
            <tr key={i} data-level={entry.level}>
              <td>{entry.level}</td>
              <td>{entry.message}</td>
              <td>{JSON.stringify(entry.context)}</td>
              <td>{entry.error instanceof Error ? entry.error.message : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {logger.entries.length === 0 && <p>Nothing logged yet.</p>}
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
  component: LoggingDemo,
  args: { level: 'debug' },
  argTypes: { level: { control: 'inline-radio', options: ['debug', 'info', 'warn', 'error'] } },
} satisfies Meta<typeof LoggingDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const LogsWithBoundContext: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Open cart' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Place order' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Fail payment' }));
    const rows = await canvas.findAllByRole('row');
    await expect(rows).toHaveLength(3);
    await expect(rows[2]).toHaveTextContent('payment failed{"component":"Checkout","step":"pay"}card declined');
  },
};

/** With `level: 'info'`, debug calls are dropped before anything else happens. */
export const BelowTheThreshold: Story = {
  args: { level: 'info' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Open cart' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Place order' }));
    const rows = await canvas.findAllByRole('row');
    await expect(rows).toHaveLength(1);
    await expect(rows[0]).toHaveTextContent('order placed');
  },
};

export const NothingLogged: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Nothing logged yet.')).toBeVisible();
  },
};

/** `useLoggerStatus()` reads the provider's logger: a test logger's status is what the story gives it. */
export const MonitoringDenied: Story = {
  args: { status: 'denied' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('monitoring: denied')).toBeVisible();
  },
};
