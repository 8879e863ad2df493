import { resetChannel } from '@plinth/core/testing';
import { inject } from 'vitest';
import { clearReceived, flush, readyLogger, received } from '../test/intake';
import { createIntakeProxy } from './proxy';

// The path allow-list of `@plinth/logging/proxy` against what the real SDK (7.16.2) sends: the logger posts
// through its `proxy` option to the sandbox's stand-in, which records each request's `ddforward`; each one
// is then handed to the handler as the SDK sent it, and must be forwarded to the site's intake as is.
const sandboxUrl = inject('sandboxUrl');

beforeAll(() => clearReceived(sandboxUrl));
afterAll(() => resetChannel());

it('forwards every ddforward the real SDK sends to the site’s intake, path and query unchanged', async () => {
  const logger = await readyLogger(sandboxUrl, { clientToken: 'pub-proxy-test', site: 'us2.ddog-gov.com' });
  logger.warn('through the proxy');
  flush(logger, 'proxy');
  await expect
    .poll(async () => (await received(sandboxUrl)).some((entry) => entry.body.message === 'through the proxy'), {
      timeout: 10_000,
    })
    .toBe(true);
  const recorded = (await received(sandboxUrl)) as { query?: { ddforward?: string } }[];
  const forwards = [...new Set(recorded.map((entry) => entry.query?.ddforward ?? ''))];
  expect(forwards.length).toBeGreaterThan(0);

  const upstream: string[] = [];
  const forward = createIntakeProxy({
    site: 'us2.ddog-gov.com',
    fetch: async (input) => {
      upstream.push(String(input));
      return new Response('{}', { status: 202 });
    },
  });
  for (const ddforward of forwards) {
    const response = await forward(
      new Request(`${location.origin}/dd?ddforward=${encodeURIComponent(ddforward)}`, { method: 'POST', body: '{}' }),
    );
    expect([ddforward, response.status]).toEqual([ddforward, 202]);
  }
  expect(upstream).toEqual(forwards.map((ddforward) => `https://browser-intake-us2-ddog-gov.com${ddforward}`));
  expect(forwards.every((ddforward) => ddforward.startsWith('/api/v2/logs?ddsource=browser&'))).toBe(true);
  logger.stop();
});
