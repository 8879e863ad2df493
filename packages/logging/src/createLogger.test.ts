import { channel, PlinthError } from '@plinth/core';
import { createTestConsent, resetChannel } from '@plinth/core/testing';
import type { DatadogAdapter } from './adapter/datadog';
import { startDatadog } from './adapter/datadog';
import { createLogger } from './createLogger';
import type { LogContext, LogEntry, Logger, LoggerConfig } from './types';

// The subject is our own logic (queue, consent, channel, lifecycle): the SDK adapter is replaced by a recording fake.
vi.mock('./adapter/datadog', () => ({ startDatadog: vi.fn() }));

interface FakeAdapter extends DatadogAdapter {
  logs: (LogEntry & { sentAt: Date })[];
  calls: string[];
}

/** Records what reaches the SDK; it holds a user and a global context as the SDK does. */
function fakeAdapter(): FakeAdapter {
  let user: LogContext = {};
  let context: LogContext = {};
  const adapter: FakeAdapter = {
    logs: [],
    calls: [],
    log: (entry, at) => adapter.logs.push({ ...entry, sentAt: at }),
    globalContext: () => context,
    setGlobalContext: (next) => {
      context = next;
      adapter.calls.push(`context ${JSON.stringify(next)}`);
    },
    user: () => user,
    setUser: (next) => {
      user = next;
      adapter.calls.push(`user ${JSON.stringify(next)}`);
    },
    clearUser: () => {
      user = {};
      adapter.calls.push('user null');
    },
    revoke: () => adapter.calls.push('revoke'),
    regrant: () => adapter.calls.push('regrant'),
    sessionId: () => 'fake-session',
  };
  return adapter;
}

let client: FakeAdapter;
beforeEach(() => {
  client = fakeAdapter();
  vi.mocked(startDatadog).mockReset().mockReturnValue(client);
});
afterEach(() => resetChannel());

/** Marks synthetic page errors as handled by the page, as an app's own listener would (else the runner counts them). */
function pageHandlesErrors() {
  const swallow = (event: Event) => event.preventDefault();
  window.addEventListener('error', swallow);
  return () => window.removeEventListener('error', swallow);
}

/** Waits until the SDK is loaded, or could not be (`start()` returns nothing to await). */
async function settled(logger: Logger) {
  await vi.waitFor(() => expect(['idle', 'waiting-consent', 'loading']).not.toContain(logger.status()));
  return logger;
}

/**
 * Starts the logger and has the SDK loaded: by default (`loadOn: 'first-event'`) the first log imports it,
 * so a test about something else logs `'first'` and starts from there.
 */
async function loaded(logger: Logger) {
  logger.start();
  logger.info('first');
  await settled(logger);
  return logger;
}

const config = (overrides: Partial<LoggerConfig> = {}): LoggerConfig => ({
  clientToken: 'pub-token',
  proxy: 'http://127.0.0.1:4700/datadog/intake',
  consent: createTestConsent({ monitoring: 'granted' }),
  console: false, // quiet test output; the console tests below set it
  ...overrides,
});

describe('createLogger', () => {
  it('does nothing on creation nor at start (consent granted); the first log loads the SDK once with the config', async () => {
    const logger = createLogger(config({ service: 'shop', maxRepeats: 3 }));
    expect(logger.status()).toBe('idle');
    logger.start();
    logger.setGlobalContext('release', 'r1'); // state, not an event: loads nothing
    channel.signedIn({ id: 'u1' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(logger.status()).toBe('idle');
    expect(startDatadog).not.toHaveBeenCalled();
    const made = new Date();
    logger.info('hello', { a: 1 });
    logger.info('again');
    expect(logger.status()).toBe('loading');
    await settled(logger);
    expect(logger.status()).toBe('ready');
    expect(startDatadog).toHaveBeenCalledTimes(1);
    expect(vi.mocked(startDatadog).mock.calls[0]![0]).toMatchObject({
      clientToken: 'pub-token',
      proxy: 'http://127.0.0.1:4700/datadog/intake',
      service: 'shop',
      maxRepeats: 3,
    });
    expect(client.calls).toEqual(['user {"id":"u1"}', 'context {"release":"r1"}']); // the visitor, before the logs
    expect(client.logs.map((l) => [l.level, l.message, l.context])).toEqual([
      ['info', 'hello', { usr: { id: 'u1' }, release: 'r1', a: 1 }],
      ['info', 'again', { usr: { id: 'u1' }, release: 'r1' }],
    ]);
    expect(Math.abs(client.logs[0]!.sentAt.getTime() - made.getTime())).toBeLessThan(50); // its own time
    logger.info('later');
    expect(client.logs.at(-1)!.message).toBe('later'); // ready: straight to the SDK
    logger.stop();
  });

  it("loads at consent with loadOn: 'consent', and by default when captureConsoleErrors or captureReports asks the SDK to watch", async () => {
    for (const overrides of [
      { loadOn: 'consent' },
      { captureConsoleErrors: true },
      { captureReports: true },
      { captureReports: ['csp_violation'] },
    ] as Partial<LoggerConfig>[]) {
      vi.mocked(startDatadog).mockClear();
      const consent = createTestConsent();
      const logger = createLogger(config({ consent, ...overrides }));
      logger.start();
      await Promise.resolve();
      expect(logger.status()).toBe('waiting-consent');
      consent.grant('monitoring');
      await settled(logger); // no log made
      expect(logger.status(), JSON.stringify(overrides)).toBe('ready');
      expect(startDatadog).toHaveBeenCalledTimes(1);
      logger.stop();
    }
    // Asked for nothing the SDK watches (an empty list), or `loadOn: 'first-event'` set explicitly: the first log.
    for (const overrides of [
      { captureReports: [] },
      { captureReports: false, captureConsoleErrors: false },
      { captureReports: true, loadOn: 'first-event' },
    ] as Partial<LoggerConfig>[]) {
      vi.mocked(startDatadog).mockClear();
      const logger = createLogger(config(overrides));
      logger.start();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(logger.status(), JSON.stringify(overrides)).toBe('idle');
      expect(startDatadog).not.toHaveBeenCalled();
      logger.stop();
    }
  });

  it('throws a config PlinthError, the same code as every package: missing token, unknown site, no consent', () => {
    const thrown = (overrides: Partial<LoggerConfig>) => {
      try {
        createLogger(config(overrides));
      } catch (error) {
        expect(error).toBeInstanceOf(PlinthError);
        return { source: (error as PlinthError).source, code: (error as PlinthError).code };
      }
      return 'nothing thrown';
    };
    expect(thrown({ clientToken: '' })).toEqual({ source: 'config', code: 'missing_option' });
    expect(thrown({ site: 'datadoghq.org' as never })).toEqual({ source: 'config', code: 'invalid_option' });
    expect(thrown({ consent: undefined })).toEqual({ source: 'config', code: 'consent_required' });
    expect(thrown({ consent: false })).toBe('nothing thrown');
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
    logger.stop();
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
    logger.stop();
  });

  it('revokes the SDK when consent is withdrawn, drops logs meanwhile, and regrants', async () => {
    const consent = createTestConsent({ monitoring: 'granted' });
    const logger = createLogger(config({ consent }));
    await loaded(logger);
    consent.deny('monitoring');
    logger.info('while revoked');
    expect(client.calls).toContain('revoke');
    consent.grant('monitoring');
    logger.info('sentinel');
    // The SDK kept its (empty) user and context: nothing to tell it again, the restart only.
    expect(client.calls).toEqual(['revoke', 'regrant']);
    expect(client.logs.map((l) => l.message)).toEqual(['first', 'sentinel']);
    logger.stop();
  });

  it('applies the level threshold before the queue', async () => {
    const logger = createLogger(config({ level: 'warn' }));
    logger.start();
    logger.info('too low');
    expect(logger.status()).toBe('idle'); // dropped before the queue: it does not load the SDK either
    logger.warn('kept');
    await settled(logger);
    logger.info('too low again');
    expect(client.logs.map((l) => l.message)).toEqual(['kept']);
    logger.stop();
  });

  it('setLevel on the browser logger moves its threshold (and its children’s) at run time, before the queue', async () => {
    const logger = createLogger(config({ level: 'warn' }));
    logger.start();
    const child = logger.child({ component: 'Checkout' });
    child.debug('too low');
    expect(logger.status()).toBe('idle');
    logger.setLevel('debug');
    expect(logger.level).toBe('debug');
    child.debug('now kept');
    await settled(logger);
    logger.setLevel('critical');
    logger.error('too low now');
    child.critical('kept', {}, new Error('db down'));
    expect(client.logs.map((l) => [l.level, l.message])).toEqual([
      ['debug', 'now kept'],
      ['critical', 'kept'],
    ]);
    logger.stop();
  });

  it('sessionId(): undefined before consent and once withdrawn, the SDK’s session once loaded', async () => {
    const consent = createTestConsent();
    const logger = createLogger(config({ consent }));
    void logger.start();
    expect(logger.sessionId()).toBeUndefined();
    consent.grant('monitoring');
    expect(logger.sessionId()).toBeUndefined(); // granted, but nothing logged: no SDK, no session
    logger.info('first');
    await vi.waitFor(() => expect(logger.status()).toBe('ready'));
    expect(logger.sessionId()).toBe('fake-session');
    expect(logger.child({ a: 1 }).sessionId()).toBe('fake-session');
    consent.deny('monitoring');
    expect(logger.sessionId()).toBeUndefined();
    logger.stop();
  });

  it('follows the channel: user id only (sticky for a logger created after sign-in), cleared on sign-out', async () => {
    channel.signedIn({ id: 'u1', email: 'ana@example.com', name: 'Ana' });
    const logger = createLogger(config());
    logger.start();
    logger.info('as ana');
    await settled(logger);
    expect(client.calls).toContain('user {"id":"u1"}');
    channel.signedOut();
    logger.info('anonymous');
    expect(client.calls.slice(-1)).toEqual(['user null']);
    expect(client.logs[0]!.context).toEqual({ usr: { id: 'u1' } });
    expect(client.logs[1]!.context).toEqual({});
    logger.stop();
  });

  it('maps the user as configured', async () => {
    const logger = createLogger(config({ user: (user) => ({ id: user.id, plan: user.plan }) }));
    await loaded(logger);
    channel.signedIn({ id: 'u2', plan: 'pro', email: 'x@example.com' });
    expect(client.calls).toContain('user {"id":"u2","plan":"pro"}');
    logger.stop();
  });

  it('a sign-out while denied reaches the SDK at the grant, before any log; sign-in too', async () => {
    const consent = createTestConsent({ monitoring: 'granted' });
    channel.signedIn({ id: 'carol' });
    const logger = await loaded(createLogger(config({ consent })));
    consent.deny('monitoring');
    channel.signedOut(); // e.g. another tab's sign-out, heard on this tab's channel
    client.calls.length = 0;
    consent.grant('monitoring');
    logger.info('after the grant');
    expect(client.calls).toEqual(['user null', 'regrant']); // the visitor first, then the restart (core's order)
    expect(client.logs.at(-1)).toMatchObject({ message: 'after the grant', context: {} });
    consent.deny('monitoring');
    channel.signedIn({ id: 'bob' });
    client.calls.length = 0;
    consent.grant('monitoring');
    expect(client.calls).toEqual(['user {"id":"bob"}', 'regrant']);
    logger.stop();
  });

  it('a log names who was signed in when it was made, not when it is sent', async () => {
    const consent = createTestConsent();
    const logger = createLogger(config({ consent }));
    logger.start();
    logger.info('signed out');
    channel.signedIn({ id: 'u1' }); // the same person, now named
    logger.info('as u1');
    channel.visitor.update({ attributes: { plan: 'pro' } });
    consent.grant('monitoring');
    await vi.waitFor(() => expect(logger.status()).toBe('ready'));
    expect(client.calls).toEqual(['user {"plan":"pro","id":"u1"}']); // the SDK starts with the visitor as it is now
    expect(client.logs.map((l) => [l.message, l.context])).toEqual([
      ['signed out', {}],
      ['as u1', { usr: { id: 'u1' } }],
    ]);
    expect(logger.dropped().visitor).toBe(0);
    logger.stop();
  });

  it("logs queued across a sign-out follow core's rule: dropped and counted, never sent naming the old user nor the new one", async () => {
    const consent = createTestConsent();
    const logger = createLogger(config({ consent }));
    logger.start();
    channel.signedIn({ id: 'u1' });
    logger.info('as u1');
    channel.signedOut();
    logger.info('anonymous, after u1');
    channel.signedIn({ id: 'u2' }); // the anonymous visitor signs in: the same person
    logger.info('as u2');
    consent.grant('monitoring');
    await vi.waitFor(() => expect(logger.status()).toBe('ready'));
    expect(client.logs.map((l) => [l.message, l.context])).toEqual([
      ['anonymous, after u1', {}],
      ['as u2', { usr: { id: 'u2' } }],
    ]);
    expect(logger.dropped()).toMatchObject({ visitor: 1, denied: 0, overflow: 0 });
    logger.stop();
  });

  it("maps the visitor's attributes to Datadog user fields (the subject's own fields over them), on the SDK and each log", async () => {
    const logger = await loaded(createLogger(config({ user: (user) => ({ id: user.id, name: user.name }) })));
    client.calls.length = 0;
    channel.visitor.update({ attributes: { plan: 'free', id: 'not-the-subject' } });
    logger.info('anonymous with attributes');
    channel.signedIn({ id: 'u1', name: 'Ana' });
    channel.visitor.update({ attributes: { plan: 'pro' } });
    logger.info('signed in');
    channel.signedOut(); // she leaves with everything said of her
    logger.info('after');
    expect(client.calls).toEqual([
      'user {"plan":"free","id":"not-the-subject"}',
      'user {"plan":"free","id":"u1","name":"Ana"}',
      'user {"plan":"pro","id":"u1","name":"Ana"}',
      'user null',
    ]);
    expect(client.logs.slice(1).map((l) => l.context.usr)).toEqual([
      { plan: 'free', id: 'not-the-subject' },
      { plan: 'pro', id: 'u1', name: 'Ana' },
      undefined,
    ]);
    logger.stop();
  });

  it('a stopped logger still hears sign-outs (its SDK still captures errors); start() reads the visitor', async () => {
    const logger = await loaded(createLogger(config()));
    channel.signedIn({ id: 'u1' });
    logger.stop();
    channel.signedOut();
    expect(client.calls.at(-1)).toBe('user null');
    channel.signedIn({ id: 'u2' });
    resetChannel(); // the session goes without an event (listeners too)
    logger.start();
    logger.info('after restart');
    expect(client.calls.at(-1)).toBe('user null');
    expect(client.logs.at(-1)!.context).toEqual({});
    logger.stop();
  });

  it('a restore that fails at start-up after an identified session: the SDK starts with no user, and no log names one (issue 34)', async () => {
    // The SDK remembers her (the page's SDK, told before; what it held when this logger loads it).
    client.setUser({ id: 'gia' });
    client.calls.length = 0;
    // The page starts before auth has settled (core's visitor is unknown): nobody is named yet.
    const logger = createLogger(config());
    logger.start();
    logger.info('before auth settled');
    await settled(logger);
    expect(client.calls[0]).toBe('user null'); // the SDK's user is cleared before any log
    expect(client.user()).toEqual({});
    channel.signedOut(); // the silent restore failed: nobody is signed in
    logger.info('after');
    expect(client.calls.filter((call) => call !== 'user null')).toEqual([]);
    expect(client.logs.map((l) => [l.message, l.context])).toEqual([
      ['before auth settled', {}],
      ['after', {}],
    ]);
    logger.stop();
  });

  it('logs channel exceptions and reports (through the threshold), and stops listening on stop', async () => {
    const logger = createLogger(config({ level: 'info' }));
    logger.start();
    channel.report('debug', 'too chatty');
    expect(logger.status()).toBe('idle'); // below the threshold: not an event, no SDK
    const error = new TypeError('render failed');
    channel.exception(error, { area: 'checkout' }); // a captured error: the first event loads the SDK
    channel.report('warn', 'flags: slow', { vendor: 'launchdarkly' });
    await settled(logger);
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
    logger.stop();
    channel.report('error', 'after stop');
    channel.report('error', 'sentinel');
    logger.error('direct sentinel');
    expect(client.logs.map((l) => l.message).slice(3)).toEqual(['direct sentinel']);
  });

  it('does not follow the channel with channel: false', async () => {
    const logger = createLogger(config({ channel: false }));
    logger.start();
    channel.report('error', 'ignored');
    expect(logger.status()).toBe('idle'); // not heard: nothing loaded
    logger.error('sentinel');
    await settled(logger);
    expect(client.logs.map((l) => l.message)).toEqual(['sentinel']);
    logger.stop();
  });

  it("the global context is the visitor's properties (core's one writer) over the logger's own context: on the SDK and stamped on each log", async () => {
    const consent = createTestConsent();
    const logger = createLogger(config({ consent, context: { app: 'shop' } }));
    void logger.start();
    logger.setGlobalContext('release', 'r1');
    expect(channel.visitor.get().properties).toEqual({ release: 'r1' }); // written to the visitor, not kept here
    logger.info('one');
    logger.child({ component: 'Checkout' }).setGlobalContext('release', 'r2');
    channel.visitor.update({ properties: { plan: 'pro' } }); // another package's write (PostHog's `register`)
    logger.removeGlobalContext('app'); // the logger's own context is configuration: it stays
    logger.removeGlobalContext('plan');
    consent.grant('monitoring');
    await vi.waitFor(() => expect(logger.status()).toBe('ready'));
    expect(client.calls.filter((c) => c.startsWith('context'))).toEqual(['context {"app":"shop","release":"r2"}']);
    expect(client.logs[0]!.context).toEqual({ app: 'shop', release: 'r1' }); // as it was when made
    channel.signedIn({ id: 'u1' });
    channel.signedOut(); // a person leaves with everything said of them
    expect(client.calls.at(-1)).toBe('context {"app":"shop"}');
    logger.stop();
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
    logger.stop();
  });

  it('an uncaught error with consent granted and no SDK yet imports it, and is sent once, first, with its time', async () => {
    const logger = createLogger(config());
    onTestFinished(pageHandlesErrors());
    logger.start();
    expect(logger.status()).toBe('idle');
    const crash = new Error('first crash');
    const made = new Date();
    window.dispatchEvent(new ErrorEvent('error', { error: crash, message: 'first crash' }));
    logger.info('next');
    expect(logger.status()).toBe('loading');
    await settled(logger);
    // From here the SDK captures uncaught errors itself: the early capture is gone (no second copy).
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('late crash'), message: 'late crash' }));
    expect(client.logs.map((l) => [l.level, l.message, l.context])).toEqual([
      ['error', 'first crash', { origin: 'source' }],
      ['info', 'next', {}],
    ]);
    expect(client.logs[0]!.error).toBe(crash); // its stack, as thrown
    expect(Math.abs(client.logs[0]!.sentAt.getTime() - made.getTime())).toBeLessThan(50);
    expect(startDatadog).toHaveBeenCalledTimes(1);
    logger.stop();
  });

  it('keeps nothing an uncaught error carried past a denial: caught while pending, dropped when denied', async () => {
    const consent = createTestConsent();
    const logger = createLogger(config({ consent }));
    onTestFinished(pageHandlesErrors());
    logger.start();
    window.dispatchEvent(
      new ErrorEvent('error', { error: new Error('ana@example.com failed'), message: 'ana@example.com failed' }),
    );
    consent.deny('monitoring');
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('while denied'), message: 'while denied' }));
    consent.grant('monitoring'); // changed their mind: nothing from before is loaded or sent
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(logger.status()).toBe('idle');
    expect(startDatadog).not.toHaveBeenCalled();
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('after'), message: 'after' }));
    await settled(logger);
    expect(client.logs.map((l) => l.message)).toEqual(['after']);
    logger.stop();
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
    logger.stop();
  });

  it('survives start → stop → start (StrictMode) with one load and one set of channel listeners', async () => {
    const logger = createLogger(config());
    void logger.start();
    logger.stop();
    logger.start();
    channel.report('warn', 'once'); // the first event: loads the SDK
    await settled(logger);
    expect(startDatadog).toHaveBeenCalledTimes(1);
    expect(client.logs.map((l) => l.message)).toEqual(['once']);
    logger.stop();
  });

  it('reports a failed SDK load as a status, never as a rejection', async () => {
    vi.mocked(startDatadog).mockImplementation(() => {
      throw new Error('init exploded');
    });
    const logger = createLogger(config());
    expect(logger.start()).toBeUndefined();
    logger.error('the first log loads the SDK');
    await vi.waitFor(() => expect(logger.status()).toBe('failed'));
    expect(logger.failure()).toMatchObject({ source: 'loader', code: 'failed' });
    logger.error('dropped');
    logger.stop();
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
      logger.stop();
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
      logger.start();
      logger.info('local only');
      expect(out.info.mock.calls).toEqual([['local only']]);
      expect(startDatadog).not.toHaveBeenCalled();
      expect(logger.status()).toBe('idle');
      logger.stop();
    });
  });
});
