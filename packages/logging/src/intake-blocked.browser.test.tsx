import { createTestConsent } from '@plinth/core/testing';
import { inject } from 'vitest';
import { flush } from '../test/intake';
import { createLogger } from './index';

// The intake cannot be reached at all (an ad blocker, a firewall, the proxy down): nothing surfaces in the page.
const deadUrl = inject('deadUrl');

it('a blocked intake throws nothing and leaves no unhandled rejection', async () => {
  const pageErrors: unknown[] = [];
  const record = (event: ErrorEvent | PromiseRejectionEvent) =>
    pageErrors.push('reason' in event ? event.reason : event.error);
  window.addEventListener('error', record);
  window.addEventListener('unhandledrejection', record);
  onTestFinished(() => {
    window.removeEventListener('error', record);
    window.removeEventListener('unhandledrejection', record);
  });
  // Watch the SDK's requests (its transport calls the page's fetch).
  const attempts: Promise<unknown>[] = [];
  const pageFetch = window.fetch;
  vi.spyOn(window, 'fetch').mockImplementation((input, init) => {
    const attempt = pageFetch(input, init);
    if (String(input).startsWith(deadUrl)) attempts.push(attempt.catch((error: unknown) => error));
    return attempt;
  });
  const logger = createLogger({
    clientToken: 'pub-blocked-test',
    proxy: `${deadUrl}/datadog/intake`,
    consent: createTestConsent({ monitoring: 'granted' }),
  });
  logger.start();
  expect(() => logger.error('nobody will hear this')).not.toThrow(); // the first log: it loads the SDK
  await expect.poll(() => logger.status()).toBe('ready');
  flush(logger, 'blocked');
  await expect.poll(() => attempts.length, { timeout: 10_000 }).toBeGreaterThan(0);
  expect(await attempts[0]).toBeInstanceOf(TypeError); // the network refused it
  // Sentinel: a rejection left unhandled now is reported after any the failed send had left behind.
  const sentinel = new Promise<void>((resolve) => {
    window.addEventListener('unhandledrejection', function once(event) {
      if (event.reason !== 'sentinel') return;
      event.preventDefault();
      window.removeEventListener('unhandledrejection', once);
      resolve();
    });
  });
  void Promise.reject('sentinel');
  await sentinel;
  expect(pageErrors).toEqual(['sentinel']);
  expect(logger.status()).toBe('ready');
  logger.stop();
});
