import { createTestConsent } from '@plinth/core/testing';
import { inject } from 'vitest';
import { clearReceived, flush, logsOf, nextPageError } from '../test/intake';
import { createLogger } from './index';

// Datadog's SDK on demand (`loadOn: 'first-event'`, the default), with the real @datadog/browser-logs 7.16.2
// and the sandbox's intake: a consenting visitor who logs nothing downloads nothing; the first captured error
// imports the SDK, and what came before it arrives reaches the intake exactly once, in order, with its time.
// A file of its own: the SDK is a page singleton (`window.DD_LOGS`), and this page must not have loaded it.
const sandboxUrl = inject('sandboxUrl');

/** The module requests of the adapter's lazy chunk and of the SDK (Vite serves each as a file of its own here). */
const sdkRequests = () =>
  performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => /\/adapter\/datadog\.ts|@datadog_browser-logs|@datadog\/browser-logs/.test(url));

beforeAll(() => clearReceived(sandboxUrl));

it('consent granted and nothing logged downloads no SDK; an uncaught error then two logs reach the intake once each, in order, with their times and the stack', async () => {
  const logger = createLogger({
    clientToken: 'pub-first-event-test',
    proxy: `${sandboxUrl}/datadog/intake`,
    consent: createTestConsent({ monitoring: 'granted' }),
    service: 'plinth-first-event-test',
    console: false,
  });
  logger.start();
  // Decisive at once: a loader that imports at consent is `loading` from inside start().
  expect(logger.status()).toBe('idle');
  // Then a round trip to the dev server, for a request made at consent to show among the page's resources.
  await fetch(`${sandboxUrl}/_sandbox/received?vendor=none`);
  expect(logger.status()).toBe('idle');
  expect('DD_LOGS' in window).toBe(false);
  expect(sdkRequests()).toEqual([]);

  // An uncaught error, thrown by a named function (its stack names it), then two logs, before the SDK is here.
  let thrownAt = 0;
  const seen = nextPageError();
  setTimeout(function checkoutCrashed() {
    thrownAt = Date.now();
    throw new TypeError('checkout crashed before the SDK');
  });
  await seen;
  expect(logger.status()).toBe('loading'); // the captured error imports the SDK
  logger.info('first log', { step: 1 });
  const firstAt = Date.now();
  logger.warn('second log', { step: 2 });
  const secondAt = Date.now();
  await expect.poll(() => logger.status()).toBe('ready');
  expect(sdkRequests().some((url) => url.includes('adapter/datadog'))).toBe(true); // requested now, and by this name

  // The oversized flush log makes the SDK send what it holds in one request, then itself in another (the two
  // may be recorded in either order): wait for the batch itself. It is recorded whole, so a second copy of any
  // log in it would be there too.
  flush(logger, 'first-event');
  const ourLogs = async () =>
    (await logsOf(sandboxUrl)).filter(
      (log) => log.service === 'plinth-first-event-test' && !log.message.startsWith('flush '),
    );
  await expect
    .poll(async () => (await ourLogs()).map((log) => [log.status, log.message, log.origin]), { timeout: 10_000 })
    .toEqual([
      ['error', 'checkout crashed before the SDK', 'source'],
      ['info', 'first log', 'logger'],
      ['warn', 'second log', 'logger'],
    ]);
  const ours = await ourLogs();
  const [crash, first, second] = ours as [(typeof ours)[0], (typeof ours)[0], (typeof ours)[0]];
  expect(crash.error).toMatchObject({ kind: 'TypeError', message: 'checkout crashed before the SDK' });
  expect(crash.error?.stack).toMatch(/checkoutCrashed/);
  // Their own times, not the time the SDK arrived or sent them.
  expect(Math.abs(crash.date - thrownAt)).toBeLessThan(100);
  expect(Math.abs(first.date - firstAt)).toBeLessThan(100);
  expect(Math.abs(second.date - secondAt)).toBeLessThan(100);
  expect(crash.date).toBeLessThanOrEqual(first.date);
  expect(first.date).toBeLessThanOrEqual(second.date);
  expect(first).toMatchObject({ step: 1 });

  // From here the SDK captures uncaught errors itself: once, not a second time by Plinth's early capture.
  const again = nextPageError();
  setTimeout(() => {
    throw new Error('after the SDK arrived');
  });
  await again;
  flush(logger, 'after');
  await expect.poll(async () => (await logsOf(sandboxUrl)).some((log) => log.message === 'after the SDK arrived'), {
    timeout: 10_000,
  });
  const all = (await logsOf(sandboxUrl)).map((log) => log.message);
  expect(all.filter((message) => message === 'after the SDK arrived')).toHaveLength(1);
  expect(all.filter((message) => message === 'checkout crashed before the SDK')).toHaveLength(1);
  expect(all.filter((message) => message === 'first log')).toHaveLength(1);
  logger.stop();
});
