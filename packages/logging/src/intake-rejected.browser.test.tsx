import { channel } from '@plinth/core';
import { createTestConsent, resetChannel } from '@plinth/core/testing';
import { inject } from 'vitest';
import { clearReceived, flush, received } from '../test/intake';
import { createLogger } from './index';

// The real Datadog intake answers a wrong client token (or a token of another site) with 403, which the
// SDK neither retries nor reports: the logs are lost while everything looks fine. Here the sandbox's
// intake takes only `pub-right`; the logger sends `pub-wrong`.
const sandboxUrl = inject('sandboxUrl');
const setClientTokens = (tokens: string[]) =>
  fetch(`${sandboxUrl}/_sandbox/datadog/client-tokens`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tokens }),
  });

beforeAll(async () => {
  await clearReceived(sandboxUrl);
  await setClientTokens(['pub-right']);
});
afterAll(async () => {
  await setClientTokens([]);
  resetChannel();
});

it('a refused client token moves the logger to `rejected` with a typed error and one development warning; the per-log user wins', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const logger = createLogger({
    clientToken: 'pub-wrong',
    console: false, // the console is watched for the logger's own warnings, not for its logs
    proxy: `${sandboxUrl}/datadog/intake`,
    consent: createTestConsent({ monitoring: 'granted' }),
  });
  logger.start();
  channel.signedIn({ id: 'user-signed-in' });
  logger.warn('lost to a wrong token'); // the first log: it loads the SDK
  logger.info('about somebody else', { usr: { id: 'user-of-this-log' } });
  await expect.poll(() => logger.status()).toBe('ready');
  flush(logger, 'rejected');
  // The intake received the batch and refused it …
  await expect
    .poll(async () => (await received(sandboxUrl)).find((e) => e.body.message === 'lost to a wrong token'), {
      timeout: 10_000,
    })
    .toMatchObject({ status: 403 });
  // … and the logger says so: status, typed error, one warning in development.
  await expect.poll(() => logger.status(), { timeout: 5_000 }).toBe('rejected');
  expect(logger.failure()).toMatchObject({
    name: 'PlinthError',
    source: 'loader',
    code: 'rejected',
    cause: { httpStatus: 403 },
  });
  expect(warn).toHaveBeenCalledTimes(1);
  expect(String(warn.mock.calls[0]?.[0])).toMatch(
    /datadog: the Datadog intake refused the client token or site \(HTTP 403\)/,
  );

  // Fixed at the intake (the token is now one it takes): the next batch is accepted and the status is back.
  await setClientTokens(['pub-right', 'pub-wrong']);
  logger.warn('after the fix');
  flush(logger, 'accepted');
  await expect
    .poll(async () => (await received(sandboxUrl)).find((e) => e.body.message === 'after the fix'), {
      timeout: 10_000,
    })
    .toMatchObject({ status: 202 });
  await expect.poll(() => logger.status(), { timeout: 5_000 }).toBe('ready');
  expect(logger.failure()).toBeUndefined();

  // A log's own `usr` is kept; the signed-in user fills in the others (the SDK's global user would win).
  const usr = async (message: string) =>
    (await received(sandboxUrl)).find((e) => e.body.message === message)?.body.usr?.id;
  expect(await usr('lost to a wrong token')).toBe('user-signed-in');
  expect(await usr('about somebody else')).toBe('user-of-this-log');
  expect(warn).toHaveBeenCalledTimes(1);
  warn.mockRestore();
  logger.stop();
});
