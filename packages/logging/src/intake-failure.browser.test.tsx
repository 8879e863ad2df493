import { createTestConsent } from '@plinth/core/testing';
import { inject } from 'vitest';
import { clearReceived, flush, received } from '../test/intake';
import { createLogger } from './index';

// The intake answers 500: the SDK retries with backoff; the page sees no error, no unhandled rejection,
// and the logger does not log its own transport failures.
const sandboxUrl = inject('sandboxUrl');
const setStatus = (status: number) =>
  fetch(`${sandboxUrl}/_sandbox/datadog/status`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status }),
  });

const pageErrors: unknown[] = [];
const record = (event: ErrorEvent | PromiseRejectionEvent) =>
  pageErrors.push('reason' in event ? event.reason : event.error);
beforeAll(async () => {
  window.addEventListener('error', record);
  window.addEventListener('unhandledrejection', record);
  await clearReceived(sandboxUrl);
  await setStatus(500);
});
afterAll(async () => {
  window.removeEventListener('error', record);
  window.removeEventListener('unhandledrejection', record);
  await setStatus(202);
});

it('a failing intake raises nothing in the page, is retried, and never makes the logger log about itself', async () => {
  const consoleError = vi.spyOn(console, 'error');
  const logger = createLogger({
    clientToken: 'pub-failure-test',
    console: false, // the console is watched for the logger's own warnings, not for its logs
    proxy: `${sandboxUrl}/datadog/intake`,
    consent: createTestConsent({ monitoring: 'granted' }),
  });
  logger.start();
  logger.error('doomed at first'); // the first log: it loads the SDK
  await expect.poll(() => logger.status()).toBe('ready');
  flush(logger, 'failing');
  // the batch reached the intake and got its 500
  await expect
    .poll(async () => (await received(sandboxUrl)).filter((e) => e.body.message === 'doomed at first'), {
      timeout: 10_000,
    })
    .toMatchObject([{ status: 500 }]);
  await setStatus(202);
  // the SDK's retry (1 s backoff) now gets through: the sentinel
  await expect
    .poll(
      async () => (await received(sandboxUrl)).some((e) => e.body.message === 'doomed at first' && e.status === 202),
      { timeout: 15_000 },
    )
    .toBe(true);
  const messages = new Set((await received(sandboxUrl)).map((e) => e.body.message));
  expect([...messages].sort()).toEqual(['doomed at first', 'flush failing']);
  expect(pageErrors).toEqual([]);
  expect(consoleError).not.toHaveBeenCalled();
  logger.stop();
});
