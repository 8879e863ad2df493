import { channel, ErrorBoundary } from '@plinth/core';
import { createTestConsent, resetChannel } from '@plinth/core/testing';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { inject } from 'vitest';
import { render, waitFor } from '../../../tooling/render';
import { clearReceived, flush, logsOf, nextPageError, received } from '../test/intake';
import { createLogger, LoggerProvider } from './index';

// One page, one SDK (window.DD_LOGS is a singleton): one logger for the file, the real @datadog/browser-logs
// 7.16.2, and the sandbox's Datadog intake. Each test sets up its own consent (and session) first, so any one
// runs alone (`-t`); only the first needs the SDK not imported yet, and says so.
const sandboxUrl = inject('sandboxUrl');
const consent = createTestConsent();
const logger = createLogger({
  clientToken: 'pub-browser-test',
  proxy: `${sandboxUrl}/datadog/intake`,
  consent,
  service: 'plinth-browser-test',
  env: 'test',
});

/** This test's consent: monitoring granted, and the SDK there (by default the first log imports it). */
async function monitoringGranted() {
  consent.grant('monitoring');
  if (logger.status() !== 'ready') logger.info('this test needs the SDK');
  await expect.poll(() => logger.status(), { timeout: 10_000 }).toBe('ready');
}

const ddCookie = () => document.cookie.split('; ').find((c) => c.startsWith('_dd_s'));

// Mounted once for the whole file, outside Testing Library's per-test cleanup, in StrictMode as an app mounts it.
let root: Root;
beforeAll(async () => {
  // Test files share the browser's origin, so its cookies: an earlier file whose logger was granted leaves the
  // SDK's session cookie behind. Start from none, as a first visit does (the file order is not fixed).
  for (const cookie of document.cookie.split('; ').filter((c) => c.startsWith('_dd_s'))) {
    // biome-ignore lint/suspicious/noDocumentCookie: the test resets the page's cookies
    document.cookie = `${cookie.split('=')[0]}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  expect(ddCookie()).toBeUndefined();
  root = createRoot(document.body.appendChild(document.createElement('div')));
  root.render(
    <StrictMode>
      <LoggerProvider instance={logger} />
    </StrictMode>,
  );
  await waitFor(() => expect(logger.status()).not.toBe('idle')); // started: it follows consent
});
afterAll(() => root.unmount());
beforeEach(() => clearReceived(sandboxUrl));
afterAll(() => resetChannel());

const find = async (message: string) => (await logsOf(sandboxUrl)).find((log) => log.message === message);

describe('@plinth/logging with the real Datadog SDK', () => {
  it('downloads and sends nothing before monitoring consent, then sends what was logged meanwhile, with its time', async () => {
    consent.reset(); // monitoring pending: this test's own consent
    expect('DD_LOGS' in window).toBe(false); // the page's first load of the SDK: this test runs first
    logger.info('made before consent', { cart: 3 });
    const madeAt = Date.now();
    const seen = nextPageError();
    setTimeout(() => {
      throw new RangeError('crashed on the consent screen');
    });
    await seen; // caught by Plinth's listener while the SDK is not there
    expect('DD_LOGS' in window).toBe(false); // the SDK was never imported
    expect(ddCookie()).toBeUndefined();
    expect(await received(sandboxUrl)).toEqual([]);

    consent.grant('monitoring');
    await waitFor(() => expect('DD_LOGS' in window).toBe(true));
    flush(logger, 'consent');
    await expect.poll(() => find('made before consent'), { timeout: 10_000 }).toBeTruthy();
    const log = (await find('made before consent'))!;
    expect(log).toMatchObject({ status: 'info', cart: 3, service: 'plinth-browser-test', origin: 'logger' });
    expect(Math.abs(log.date - madeAt)).toBeLessThan(1000);
    expect(await find('crashed on the consent screen')).toMatchObject({
      status: 'error',
      origin: 'source',
      error: { kind: 'RangeError' },
    });
    expect(ddCookie()).toBeDefined();
  });

  it('sends a log with its bound context and an uncaught error, decoded, with the signed-in user id only', async () => {
    await monitoringGranted();
    channel.signedIn({ id: 'user-1', email: 'ana@example.com', name: 'Ana' });
    logger.child({ component: 'Checkout' }).info('order placed', { orderId: 42 });
    const seen = nextPageError();
    setTimeout(() => {
      throw new TypeError('kaboom in a timer');
    });
    await seen;
    flush(logger, 'uncaught');
    await expect.poll(() => find('kaboom in a timer'), { timeout: 10_000 }).toBeTruthy();
    const placed = (await find('order placed'))!;
    expect(placed).toMatchObject({ component: 'Checkout', orderId: 42, usr: { id: 'user-1' } });
    const crash = (await find('kaboom in a timer'))!;
    expect(crash).toMatchObject({ status: 'error', origin: 'source', error: { kind: 'TypeError' } });
    expect(crash.error!.stack).toContain('kaboom in a timer');
    expect(JSON.stringify(await received(sandboxUrl))).not.toContain('ana@example.com');
    channel.signedOut();
  });

  it('sends unhandled rejections and ErrorBoundary exceptions from the channel, naming nobody after a sign-out', async () => {
    await monitoringGranted();
    // This test's own sign-in and sign-out: the log before names the user (so the checks below can fail).
    channel.signedIn({ id: 'user-2' });
    logger.info('before sign-out');
    channel.signedOut();
    const seen = nextPageError();
    void Promise.reject(new Error('nobody caught this'));
    await seen;
    function Broken(): never {
      throw new Error('render exploded');
    }
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary context={{ area: 'profile' }} fallback={<p>sorry</p>}>
        <Broken />
      </ErrorBoundary>,
    );
    quiet.mockRestore();
    logger.info('after sign-out');
    flush(logger, 'rejection');
    await expect.poll(() => find('render exploded'), { timeout: 10_000 }).toBeTruthy();
    expect(await find('nobody caught this')).toMatchObject({ status: 'error', origin: 'source' });
    expect(await find('render exploded')).toMatchObject({ status: 'error', origin: 'channel', area: 'profile' });
    expect((await find('before sign-out'))!.usr).toEqual({ anonymous_id: expect.any(String), id: 'user-2' });
    // Signed out above: a log made now and the errors the SDK captured carry no user.
    const afterSignOut = await find('after sign-out');
    expect(afterSignOut).toMatchObject({ message: 'after sign-out' });
    // only the SDK's anonymous visitor id (trackAnonymousUser) is left, nothing of the user
    expect(afterSignOut!.usr).toEqual({ anonymous_id: expect.any(String) });
    expect((await find('nobody caught this'))!.usr).toEqual({ anonymous_id: expect.any(String) });
  });

  it('redacts an email and a ?code=…&state=… URL in the message, the context and the page URL', async () => {
    await monitoringGranted();
    const page = location.href;
    history.replaceState(null, '', `${location.pathname}?code=pagecode1&state=pagestate1&tab=2`);
    try {
      logger.warn('callback for ana@example.com at http://127.0.0.1:5173/callback?code=msgcode1&state=msgstate1', {
        returnTo: 'http://127.0.0.1:5173/callback?code=ctxcode1&state=ctxstate1&step=3',
        contact: 'ana@example.com',
      });
    } finally {
      history.replaceState(null, '', page);
    }
    flush(logger, 'scrub');
    await expect
      .poll(() => find('callback for [redacted] at http://127.0.0.1:5173/callback'), { timeout: 10_000 })
      .toBeTruthy();
    const log = (await find('callback for [redacted] at http://127.0.0.1:5173/callback'))!;
    expect(log.returnTo).toBe('http://127.0.0.1:5173/callback?step=3');
    expect(log.contact).toBe('[redacted]');
    expect(log.view!.url).toMatch(/\?tab=2$/);
    expect(JSON.stringify(await received(sandboxUrl))).not.toMatch(/ana@example|code1|state1/);
  });

  it('drops an error thrown from a browser extension, and sends one error at most 10 times', async () => {
    await monitoringGranted();
    const fromExtension = new Error('extension noise');
    fromExtension.stack = 'Error: extension noise\n    at inject (chrome-extension://abcdefghijklmnop/content.js:1:20)';
    const seen = nextPageError();
    setTimeout(() => {
      throw fromExtension;
    });
    await seen;
    const repeated = new Error('same again');
    for (let i = 0; i < 12; i += 1) logger.error('same again', { i }, repeated);
    logger.error('after the noise');
    flush(logger, 'noise');
    await expect.poll(() => find('after the noise'), { timeout: 10_000 }).toBeTruthy();
    const logs = await logsOf(sandboxUrl);
    expect(logs.filter((log) => log.message === 'extension noise')).toEqual([]);
    expect(logs.filter((log) => log.message === 'same again').map((log) => log.i)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
  });

  it('stops sending on "Reject all", clears the session cookie, and drops what is logged meanwhile', async () => {
    await monitoringGranted();
    // The SDK starts its session just after it is ready: the cookie below can then be seen to go.
    await expect.poll(() => logger.sessionId(), { timeout: 5_000 }).toMatch(/^[0-9a-f-]{36}$/);
    expect(ddCookie()).toBeDefined();
    consent.deny();
    await expect.poll(ddCookie, { timeout: 5000 }).toBeUndefined();
    expect(logger.sessionId()).toBeUndefined(); // the session ended with the consent
    logger.error('logged while rejected');
    channel.report('error', 'reported while rejected');
    // What the SDK collects itself, past Plinth's loader: an uncaught error (forwardErrorsToLogs), and a log the
    // app (or another script of the page) makes through the page's SDK directly. Datadog's own consent
    // (`setTrackingConsent('not-granted')`) is what keeps these from the intake.
    const dd = (window as unknown as { DD_LOGS: { logger: { info(message: string): void } } }).DD_LOGS;
    dd.logger.info('sent to the SDK directly while rejected');
    let seen = nextPageError();
    setTimeout(() => {
      throw new Error('uncaught while rejected');
    });
    await seen;
    consent.grant('monitoring');
    logger.info('after consent again');
    dd.logger.info('sent to the SDK directly after consent again');
    seen = nextPageError();
    setTimeout(() => {
      throw new Error('uncaught after consent again');
    });
    await seen;
    flush(logger, 'regrant');
    // The positive sentinels: each way in reaches the intake again once granted.
    await expect.poll(() => find('after consent again'), { timeout: 10_000 }).toBeTruthy();
    await expect.poll(() => find('sent to the SDK directly after consent again'), { timeout: 10_000 }).toBeTruthy();
    await expect.poll(() => find('uncaught after consent again'), { timeout: 10_000 }).toBeTruthy();
    const messages = (await logsOf(sandboxUrl)).map((log) => log.message);
    expect(messages).not.toContain('logged while rejected');
    expect(messages).not.toContain('reported while rejected');
    expect(messages).not.toContain('sent to the SDK directly while rejected');
    expect(messages).not.toContain('uncaught while rejected');
    // nothing but logs reached the intake: the SDK's own telemetry is off by default
    expect((await received(sandboxUrl)).filter((entry) => entry.route !== 'logs')).toEqual([]);
  });

  // Last in the file: it stops the file's logger.
  it("a logger started after another one stopped while consent was withdrawn finds the page's SDK granted again", async () => {
    await monitoringGranted();
    consent.deny(); // the page's SDK is now 'not-granted'
    logger.stop(); // unmounted, say: it hears no grant from now on
    consent.grant('monitoring');
    const next = createLogger({
      clientToken: 'pub-browser-test',
      proxy: `${sandboxUrl}/datadog/intake`,
      consent,
      service: 'plinth-browser-test',
      loadOn: 'consent',
      console: false,
    });
    next.start();
    await expect.poll(() => next.status(), { timeout: 10_000 }).toBe('ready'); // the page's SDK, shared
    next.info('from the next logger');
    flush(next, 'next logger');
    await expect.poll(() => find('from the next logger'), { timeout: 10_000 }).toBeTruthy();
    next.stop();
  });
});
