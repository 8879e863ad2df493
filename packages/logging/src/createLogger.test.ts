import { channel, PlinthError } from '@plinth/core';
import { createTestConsent, resetChannel } from '@plinth/core/testing';
import type { LogClient } from './adapter/datadog';
import { startDatadog } from './adapter/datadog';
import { createLogger } from './createLogger';
import type { LogEntry, LoggerConfig } from './types';

// The subject is our own logic (queue, consent, channel, lifecycle): the SDK adapter is replaced by a recording fake.
vi.mock('./adapter/datadog', () => ({ startDatadog: vi.fn() }));

interface FakeClient extends LogClient {
  logs: (LogEntry & { sentAt: Date })[];
  calls: string[];
}

function fakeClient(): FakeClient {
  const client: FakeClient = {
    logs: [],
    calls: [],
    log: (entry, at) => client.logs.push({ ...entry, sentAt: at }),
    setGlobalContext: (context) => client.calls.push(`context ${JSON.stringify(context)}`),
    setUser: (user) => client.calls.push(`user ${JSON.stringify(user ?? null)}`),
    revoke: () => client.calls.push('revoke'),
    regrant: () => client.calls.push('regrant'),
    sessionId: () => 'fake-session',
  };
  return client;
}

let client: FakeClient;
beforeEach(() => {
  client = fakeClient();
  vi.mocked(startDatadog).mockReset().mockReturnValue(client);
});
afterEach(() => resetChannel());

/** Marks synthetic page errors as handled by the page, as an app's own listener would (else the runner counts them). */
function pageHandlesErrors() {
  const swallow = (event: Event) => event.preventDefault();
  window.addEventListener('error', swallow);
  return () => window.removeEventListener('error', swallow);
}

const config = (overrides: Partial<LoggerConfig> = {}): LoggerConfig => ({
  clientToken: 'pub-token',
  proxy: 'http://127.0.0.1:4700/datadog/intake',
  consent: createTestConsent({ monitoring: 'granted' }),
  console: false, // quiet test output; the console tests below set it
  ...overrides,
});

describe('createLogger', () => {
  it('does nothing on creation; start() loads the SDK once with the config (consent granted)', async () => {
    const logger = createLogger(config({ service: 'shop', maxRepeats: 3 }));
    expect(logger.status()).toBe('idle');
    expect(startDatadog).not.toHaveBeenCalled();
    await logger.start();
    await logger.start();
    expect(logger.status()).toBe('ready');
    expect(startDatadog).toHaveBeenCalledTimes(1);
    expect(vi.mocked(startDatadog).mock.calls[0]![0]).toMatchObject({
      clientToken: 'pub-token',
      proxy: 'http://127.0.0.1:4700/datadog/intake',
      service: 'shop',
      maxRepeats: 3,
    });
    logger.info('hello', { a: 1 });
    expect(client.logs.map((l) => [l.level, l.message, l.context])).toEqual([['info', 'hello', { a: 1 }]]);
    logger.dispose();
  });

  it('rejects a config without a client token with a PlinthError', () => {
    expect(() => createLogger(config({ clientToken: '' }))).toThrow(PlinthError);
  });

  it('keeps logs made before consent (with their time) and sends them once granted; loads nothing before', async () => {
    const consent = createTestConsent();
    const logger = createLogger(config({ consent }));
    void logger.start();
    logger.warn('before consent');
    const made = new Date();
    await Promise.resolve();
    expect(logger.status()).toBe('waiting-consent');
    expect(startDatadog).not.toHaveBeenCalled();
    consent.grant('monitoring');
    await vi.waitFor(() => expect(logger.status()).toBe('ready'));
    expect(client.logs).toHaveLength(1);
    expect(client.logs[0]!.message).toBe('before consent');
    expect(Math.abs(client.logs[0]!.sentAt.getTime() - made.getTime())).toBeLessThan(50);
    logger.dispose();
  });

  it('drops queued logs when monitoring is denied and never loads the SDK', async () => {
    const consent = createTestConsent();
    const logger = createLogger(config({ consent }));
    void logger.start();
    logger.error('queued');
    consent.deny('monitoring');
    logger.error('after deny');
    expect(logger.status()).toBe('denied');
    consent.grant('monitoring'); // changed their mind: only what comes next is sent
    logger.info('sentinel');
    await vi.waitFor(() => expect(client.logs.map((l) => l.message)).toEqual(['sentinel']));
    expect(startDatadog).toHaveBeenCalledTimes(1);
    logger.dispose();
  });

  it('revokes the SDK when consent is withdrawn, drops logs meanwhile, and regrants', async () => {
    const consent = createTestConsent({ monitoring: 'granted' });
    const logger = createLogger(config({ consent }));
    await logger.start();
    consent.deny('monitoring');
    logger.info('while revoked');
    expect(client.calls).toContain('revoke');
    consent.grant('monitoring');
    logger.info('sentinel');
    expect(client.calls.slice(-1)).toEqual(['regrant']);
    expect(client.logs.map((l) => l.message)).toEqual(['sentinel']);
    logger.dispose();
  });

  it('applies the level threshold before the queue', async () => {
    const logger = createLogger(config({ level: 'warn' }));
    await logger.start();
    logger.info('too low');
    logger.warn('kept');
    expect(client.logs.map((l) => l.message)).toEqual(['kept']);
    logger.dispose();
  });

  it('setLevel on the browser logger moves its threshold (and its children’s) at run time, before the queue', async () => {
    const logger = createLogger(config({ level: 'warn' }));
    await logger.start();
    const child = logger.child({ component: 'Checkout' });
    logger.setLevel('debug');
    expect(logger.level).toBe('debug');
    child.debug('now kept');
    logger.setLevel('critical');
    logger.error('too low now');
    child.critical('kept', {}, new Error('db down'));
    expect(client.logs.map((l) => [l.level, l.message])).toEqual([
      ['debug', 'now kept'],
      ['critical', 'kept'],
    ]);
    logger.dispose();
  });

  it('sessionId(): undefined before consent and once withdrawn, the SDK’s session once loaded', async () => {
    const consent = createTestConsent();
    const logger = createLogger(config({ consent }));
    void logger.start();
    expect(logger.sessionId()).toBeUndefined();
    consent.grant('monitoring');
    await vi.waitFor(() => expect(logger.status()).toBe('ready'));
    expect(logger.sessionId()).toBe('fake-session');
    expect(logger.child({ a: 1 }).sessionId()).toBe('fake-session');
    consent.deny('monitoring');
    expect(logger.sessionId()).toBeUndefined();
    logger.dispose();
  });

  it('follows the channel: user id only (sticky for a logger created after sign-in), cleared on sign-out', async () => {
    channel.signedIn({ id: 'u1', email: 'ana@example.com', name: 'Ana' });
    const logger = createLogger(config());
    await logger.start();
    expect(client.calls).toContain('user {"id":"u1"}');
    logger.info('as ana');
    channel.signedOut();
    logger.info('anonymous');
    expect(client.calls.slice(-1)).toEqual(['user null']);
    expect(client.logs[0]!.context).toEqual({ usr: { id: 'u1' } });
    expect(client.logs[1]!.context).toEqual({});
    logger.dispose();
  });

  it('maps the user as configured', async () => {
    const logger = createLogger(config({ user: (user) => ({ id: user.id, plan: user.plan }) }));
    await logger.start();
    channel.signedIn({ id: 'u2', plan: 'pro', email: 'x@example.com' });
    expect(client.calls).toContain('user {"id":"u2","plan":"pro"}');
    logger.dispose();
  });

  it('logs channel exceptions and reports (through the threshold), and stops listening on dispose', async () => {
    const logger = createLogger(config({ level: 'info' }));
    await logger.start();
    const error = new TypeError('render failed');
    channel.exception(error, { area: 'checkout' });
    channel.report('warn', 'flags: slow', { vendor: 'launchdarkly' });
    channel.report('debug', 'too chatty');
    channel.reportOnce('k', 'info', 'once');
    channel.reportOnce('k', 'info', 'once');
    expect(client.logs.map((l) => [l.level, l.message])).toEqual([
      ['error', 'render failed'],
      ['warn', 'flags: slow'],
      ['info', 'once'],
    ]);
    expect(client.logs[0]!.error).toBe(error);
    expect(client.logs[0]!.context).toEqual({ origin: 'channel', area: 'checkout' });
    expect(client.logs[1]!.context).toEqual({ origin: 'report', vendor: 'launchdarkly' });
    logger.dispose();
    channel.report('error', 'after dispose');
    channel.report('error', 'sentinel');
    logger.error('direct sentinel');
    expect(client.logs.map((l) => l.message).slice(3)).toEqual(['direct sentinel']);
  });

  it('does not follow the channel with channel: false', async () => {
    const logger = createLogger(config({ channel: false }));
    await logger.start();
    channel.report('error', 'ignored');
    logger.error('sentinel');
    expect(client.logs.map((l) => l.message)).toEqual(['sentinel']);
    logger.dispose();
  });

  it('sends global context to the SDK (last write wins while queued) and stamps it on each log', async () => {
    const consent = createTestConsent();
    const logger = createLogger(config({ consent, context: { app: 'shop' } }));
    void logger.start();
    logger.setGlobalContext('release', 'r1');
    logger.info('one');
    logger.setGlobalContext('release', 'r2');
    logger.removeGlobalContext('app');
    consent.grant('monitoring');
    await vi.waitFor(() => expect(logger.status()).toBe('ready'));
    expect(client.calls.filter((c) => c.startsWith('context'))).toEqual(['context {"release":"r2"}']);
    expect(client.logs[0]!.context).toEqual({ app: 'shop', release: 'r1' });
    logger.dispose();
  });

  it('catches uncaught errors and rejections before the SDK is imported, and hands over once it is', async () => {
    const consent = createTestConsent();
    const logger = createLogger(config({ consent }));
    onTestFinished(pageHandlesErrors());
    void logger.start();
    const early = new Error('early crash');
    window.dispatchEvent(new ErrorEvent('error', { error: early, message: 'early crash' }));
    const rejection = new Event('unhandledrejection') as Event & { reason: unknown };
    rejection.reason = 'early rejection';
    window.dispatchEvent(rejection);
    consent.grant('monitoring');
    await vi.waitFor(() => expect(logger.status()).toBe('ready'));
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('late crash'), message: 'late crash' }));
    logger.info('sentinel');
    expect(client.logs.map((l) => [l.level, l.message])).toEqual([
      ['error', 'early crash'],
      ['error', 'early rejection'],
      ['info', 'sentinel'],
    ]);
    expect(client.logs[0]!.error).toBe(early);
    expect(client.logs[0]!.context).toEqual({ origin: 'source' });
    logger.dispose();
  });

  it('installs no early capture with captureErrors: false', async () => {
    const consent = createTestConsent();
    const logger = createLogger(config({ consent, captureErrors: false }));
    onTestFinished(pageHandlesErrors());
    void logger.start();
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('x'), message: 'x' }));
    logger.info('sentinel');
    consent.grant('monitoring');
    await vi.waitFor(() => expect(client.logs.map((l) => l.message)).toEqual(['sentinel']));
    expect(vi.mocked(startDatadog).mock.calls[0]![0].captureErrors).toBe(false);
    logger.dispose();
  });

  it('survives start → dispose → start (StrictMode) with one load and one set of channel listeners', async () => {
    const logger = createLogger(config());
    void logger.start();
    logger.dispose();
    await logger.start();
    channel.report('warn', 'once');
    expect(startDatadog).toHaveBeenCalledTimes(1);
    expect(client.logs.map((l) => l.message)).toEqual(['once']);
    logger.dispose();
  });

  it('reports a failed SDK load as a status, never as a rejection', async () => {
    vi.mocked(startDatadog).mockImplementation(() => {
      throw new Error('init exploded');
    });
    const logger = createLogger(config());
    await expect(logger.start()).resolves.toBeUndefined();
    expect(logger.status()).toBe('failed');
    logger.error('dropped');
    logger.dispose();
  });

  describe('console', () => {
    const spyConsole = () => ({
      debug: vi.spyOn(console, 'debug').mockImplementation(() => {}),
      info: vi.spyOn(console, 'info').mockImplementation(() => {}),
      warn: vi.spyOn(console, 'warn').mockImplementation(() => {}),
      error: vi.spyOn(console, 'error').mockImplementation(() => {}),
    });
    afterEach(() => {
      vi.restoreAllMocks();
      vi.unstubAllEnvs();
    });

    it('prints each log at the call in development (before consent too), scrubbed, at its level', async () => {
      const out = spyConsole(); // before the logger: it keeps the console methods it was created with
      const logger = createLogger(config({ consent: createTestConsent(), console: undefined }));
      void logger.start();
      const boom = new Error('boom');
      logger.child({ component: 'Checkout' }).warn('mail ana@example.com', { token: 'abc', n: 1 });
      logger.error('failed', {}, boom);
      logger.debug('below the threshold');
      expect(out.warn.mock.calls).toEqual([['mail [redacted]', { component: 'Checkout', token: '[redacted]', n: 1 }]]);
      expect(out.error.mock.calls).toEqual([['failed', boom]]);
      expect(out.info).not.toHaveBeenCalled();
      expect(startDatadog).not.toHaveBeenCalled(); // printed, not sent
      logger.dispose();
    });

    it('prints the levels the console has no method for as the SDK does: ok → debug, notice → info, critical/alert/emerg → error', () => {
      const out = spyConsole();
      const logger = createLogger(config({ consent: createTestConsent(), console: true, level: 'ok' }));
      logger.ok('ok');
      logger.notice('notice');
      logger.critical('critical');
      logger.alert('alert');
      logger.emerg('emerg');
      expect(out.debug.mock.calls).toEqual([['ok']]);
      expect(out.info.mock.calls).toEqual([['notice']]);
      expect(out.error.mock.calls).toEqual([['critical'], ['alert'], ['emerg']]);
    });

    it('prints nothing with console: false, nor by default in a production build', async () => {
      const out = spyConsole();
      const quiet = createLogger(config({ console: false }));
      quiet.warn('not printed');
      vi.stubEnv('NODE_ENV', 'production');
      const production = createLogger(config({ console: undefined }));
      production.warn('not printed either');
      expect(out.warn).not.toHaveBeenCalled();
    });

    it("with console: 'only' prints, and never loads the SDK nor queues for it", async () => {
      const out = spyConsole();
      const logger = createLogger(config({ console: 'only' }));
      await logger.start();
      logger.info('local only');
      expect(out.info.mock.calls).toEqual([['local only']]);
      expect(startDatadog).not.toHaveBeenCalled();
      expect(logger.status()).toBe('idle');
      logger.dispose();
    });
  });
});
