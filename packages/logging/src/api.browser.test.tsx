import { createTestConsent, resetChannel } from '@plinth/core/testing';
import { inject } from 'vitest';
import { clearReceived, flush, logsOf } from '../test/intake';
import { createLogger, type LogEvent, type Logger } from './index';

// Child loggers, the console output, the app's beforeSend and the browser's reports, with the real
// @datadog/browser-logs 7.16.2 and the sandbox's intake. One SDK per page: one logger for the file, its
// tests in order. The last test adds a CSP to this page (a CSP cannot be lifted): keep it last.
const sandboxUrl = inject('sandboxUrl');
const consent = createTestConsent();
let logger: Logger;
/** JSON of every event the app's hook was given. */
const hookSaw: string[] = [];
let printed: Record<'info' | 'warn' | 'error', ReturnType<typeof vi.spyOn>>;

beforeAll(() => {
  // Before the logger: it prints with the console methods it was created with.
  printed = {
    info: vi.spyOn(console, 'info').mockImplementation(() => {}),
    warn: vi.spyOn(console, 'warn').mockImplementation(() => {}),
    error: vi.spyOn(console, 'error').mockImplementation(() => {}),
  };
  logger = createLogger({
    clientToken: 'pub-api-test',
    proxy: `${sandboxUrl}/datadog/intake`,
    consent,
    service: 'plinth-api-test',
    context: { app: 'shop', release: 'r1' },
    console: true,
    captureReports: true,
    beforeSend(event: LogEvent) {
      hookSaw.push(JSON.stringify(event));
      if (event.message === 'drop me') return false;
      if (event.message === 'the hook crashes on this') throw new Error('hook bug');
      if (event.message === 'edit me') {
        event.edited = true;
        event.owner = 'bo@example.com'; // what the hook adds is scrubbed too
      }
      return true;
    },
  });
  logger.start();
});
afterAll(() => {
  logger.stop();
  resetChannel();
  vi.restoreAllMocks();
});
beforeEach(() => clearReceived(sandboxUrl));

const find = async (message: string) => (await logsOf(sandboxUrl)).find((log) => log.message === message);

it('prints to the console at the call, before consent; reports a deprecation made before consent once granted', async () => {
  logger.child({ component: 'Checkout' }).warn('printed for ana@example.com', { step: 1 });
  expect(printed.warn.mock.calls).toContainEqual([
    'printed for [redacted]',
    { app: 'shop', release: 'r1', component: 'Checkout', step: 1 },
  ]);
  // A real Reporting API deprecation in Chromium: a synchronous XHR on the main thread.
  const xhr = new XMLHttpRequest();
  xhr.open('GET', `${sandboxUrl}/_sandbox/received?vendor=none`, false);
  xhr.send();
  expect('DD_LOGS' in window).toBe(false); // consent pending: nothing loaded, nothing sent
  expect(logger.sessionId()).toBeUndefined(); // no SDK, no session

  consent.grant('monitoring');
  await expect.poll(() => logger.status()).toBe('ready');
  // The SDK's ReportingObserver is buffered: the report made before it was loaded is delivered to it too, in a
  // task of its own. Once the SDK has built the log (the app's hook has seen it), a flush sends it.
  await expect
    .poll(() => hookSaw.some((json) => json.includes('"message":"deprecation: ')), { timeout: 5_000 })
    .toBe(true);
  flush(logger, 'deprecation');
  await expect.poll(() => find('printed for [redacted]'), { timeout: 10_000 }).toBeTruthy();
  await expect
    .poll(async () => (await logsOf(sandboxUrl)).find((log) => log.origin === 'report' && log.status === 'warn'), {
      timeout: 10_000,
    })
    .toMatchObject({
      message: expect.stringMatching(/^deprecation: Synchronous `XMLHttpRequest` on the main thread is deprecated/),
      service: 'plinth-api-test',
    });
});

it('child loggers: nested children merge their context over the global context, and it is scrubbed', async () => {
  const checkout = logger.child({ component: 'Checkout', release: 'child-wins' });
  const payment = checkout.child({ step: 'pay', contact: 'ana@example.com' });
  logger.setGlobalContext('tenant', 't-9');
  payment.info('card declined', { attempt: 2 });
  checkout.info('checkout left');
  flush(logger, 'child');
  await expect.poll(() => find('checkout left'), { timeout: 10_000 }).toBeTruthy();
  expect(await find('card declined')).toMatchObject({
    app: 'shop',
    tenant: 't-9',
    release: 'child-wins',
    component: 'Checkout',
    step: 'pay',
    contact: '[redacted]',
    attempt: 2,
  });
  const left = (await find('checkout left'))!;
  expect(left).toMatchObject({ component: 'Checkout', release: 'child-wins', tenant: 't-9' });
  expect(left.step).toBeUndefined(); // the grandchild's context stays with the grandchild
  logger.removeGlobalContext('tenant');
});

it("the app's beforeSend runs after the scrubber: it sees scrubbed data, drops and edits; what it adds is scrubbed", async () => {
  hookSaw.length = 0;
  logger.info('drop me', { email: 'ana@example.com' });
  logger.info('edit me', { note: 'call ana@example.com' });
  logger.info('kept as is');
  flush(logger, 'hook');
  await expect.poll(() => find('kept as is'), { timeout: 10_000 }).toBeTruthy();
  const messages = (await logsOf(sandboxUrl)).map((log) => log.message);
  expect(messages).toContain('edit me');
  expect(messages).not.toContain('drop me');
  expect(await find('edit me')).toMatchObject({ edited: true, owner: '[redacted]', note: 'call [redacted]' });
  // the hook was given all three, scrubbed
  expect(hookSaw.filter((json) => /"(drop me|edit me|kept as is)"/.test(json))).toHaveLength(3);
  expect(hookSaw.join('\n')).not.toContain('ana@example.com');
});

it('a beforeSend that throws keeps the log, and is reported once on the channel (a log itself) and warned in development', async () => {
  // The development warning is printed with the console as it is now (the SDK has wrapped it since).
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  logger.info('the hook crashes on this');
  logger.info('the hook crashes on this');
  // the report is made after the throwing log is on its way
  await expect
    .poll(() => warn.mock.calls.map(([first]) => String(first)))
    .toContain('[plinth] logging: config.beforeSend threw (hook bug); the log was sent anyway, scrubbed');
  flush(logger, 'hook-throws');
  await expect.poll(() => find('flush hook-throws'), { timeout: 10_000 }).toBeTruthy();
  const logs = await logsOf(sandboxUrl);
  expect(logs.filter((log) => log.message === 'the hook crashes on this')).toHaveLength(2);
  expect(
    logs.filter(
      (log) => log.message === 'logging: config.beforeSend threw (hook bug); the log was sent anyway, scrubbed',
    ),
  ).toMatchObject([{ status: 'error', origin: 'report', misconfiguration: 'logging:beforeSend' }]);
  expect(warn.mock.calls.filter(([first]) => String(first).startsWith('[plinth]'))).toHaveLength(1);
});

it("sends Datadog's other levels with their status (critical for monitors), follows setLevel, and names the logs' session", async () => {
  const payments = logger.child({ component: 'Payments' });
  logger.setLevel('critical'); // the child follows its parent
  payments.error('below the new level');
  const socket = new TypeError('socket closed for ana@example.com');
  payments.critical('payments down', { provider: 'acme' }, new Error('charge failed', { cause: socket }));
  logger.setLevel('ok');
  payments.ok('health check ok');
  logger.setLevel(undefined);
  expect(printed.error.mock.calls).toContainEqual([
    'payments down',
    { app: 'shop', release: 'r1', component: 'Payments', provider: 'acme' },
    expect.any(Error),
  ]);
  flush(logger, 'levels');
  await expect.poll(() => find('payments down'), { timeout: 10_000 }).toBeTruthy();
  const sessionId = logger.sessionId();
  expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
  expect(await find('payments down')).toMatchObject({
    status: 'critical',
    component: 'Payments',
    provider: 'acme',
    session_id: sessionId,
    // the SDK's own cause chain, scrubbed like the rest of the event
    error: { message: 'charge failed', causes: [{ message: 'socket closed for [redacted]', type: 'TypeError' }] },
  });
  expect(await find('health check ok')).toMatchObject({ status: 'ok', session_id: sessionId });
  expect(await find('below the new level')).toBeUndefined();
});

it('forwards a real CSP violation (a page CSP blocks a media URL), scrubbed', async () => {
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = "media-src 'none'";
  document.head.appendChild(meta);
  const seen = new Promise<SecurityPolicyViolationEvent>((resolve) =>
    document.addEventListener('securitypolicyviolation', resolve, { once: true }),
  );
  const audio = new Audio(`${sandboxUrl}/blocked.mp3?token=secret123&track=7`);
  void audio.play().catch(() => undefined);
  expect((await seen).effectiveDirective).toBe('media-src');
  await expect.poll(() => hookSaw.some((json) => json.includes('"message":"csp_violation: '))).toBe(true);
  flush(logger, 'csp');
  await expect
    .poll(async () => (await logsOf(sandboxUrl)).find((log) => log.message.startsWith('csp_violation:')), {
      timeout: 10_000,
    })
    .toMatchObject({
      message: `csp_violation: '${sandboxUrl}/blocked.mp3?track=7' blocked by 'media-src' directive`,
      status: 'error',
      origin: 'report',
      error: { kind: 'media-src' },
    });
  expect(JSON.stringify(await logsOf(sandboxUrl))).not.toContain('secret123');
});
