import { channel } from '@plinth/core';
import { createTestConsent, resetChannel } from '@plinth/core/testing';
import { inject } from 'vitest';
import { clearReceived, flush, type IntakeLog, logsOf, nextPageError, received } from '../test/intake';
import { createLogger, type Logger, type LoggerConfig } from './index';

// The identity matrix with the real @datadog/browser-logs 7.16.2 and the sandbox's intake: who a log names
// after every sequence of sign-in, sign-out and consent pending / denied / granted / revoked / granted again.
// Two kinds of log are checked each time: Plinth's own (`logger.info`), and an uncaught error the SDK
// captures itself, which carries the SDK's user context (what the loader's `reconcile` sets from core's visitor).
// One SDK per page: one logger for the file. Each test sets its own session and consent first; only the
// first needs the SDK not loaded yet, and says so.
const sandboxUrl = inject('sandboxUrl');
const consent = createTestConsent();
let logger: Logger;
const config: LoggerConfig = {
  clientToken: 'pub-identity-test',
  proxy: `${sandboxUrl}/datadog/intake`,
  consent,
  service: 'plinth-identity-test',
  console: false,
};

beforeAll(() => {
  // Test files share the browser's cookies: start without the SDK's session cookie, as a first visit does.
  for (const cookie of document.cookie.split('; ').filter((c) => c.startsWith('_dd_s'))) {
    // biome-ignore lint/suspicious/noDocumentCookie: the test resets the page's cookies
    document.cookie = `${cookie.split('=')[0]}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  logger = createLogger(config);
  logger.start();
});
afterAll(() => {
  logger.stop();
  resetChannel();
});
beforeEach(() => clearReceived(sandboxUrl));

const find = async (message: string) => (await logsOf(sandboxUrl)).find((log) => log.message === message);
/** The user the intake saw on a log (the SDK's anonymous visitor id aside). */
const userOf = (log: IntakeLog | undefined) => {
  const { anonymous_id: _, ...usr } = log?.usr ?? {};
  return usr;
};

/** An uncaught error, captured by the SDK itself (it stamps its own user context on it). */
async function crash(message: string) {
  const seen = nextPageError();
  setTimeout(() => {
    throw new Error(message);
  });
  await seen;
}

/** Logs `message` and an uncaught error `message (crash)`, flushes, and waits until the intake has both. */
async function logAndCrash(message: string) {
  logger.info(message);
  await crash(`${message} (crash)`);
  flush(logger, message);
  await expect.poll(() => find(`${message} (crash)`), { timeout: 10_000 }).toBeTruthy();
  return { log: await find(message), crashed: await find(`${message} (crash)`) };
}

/** Monitoring granted and the SDK loaded (bounded by the browser tests' 10 s poll: vitest.shared.ts). */
const ready = async () => {
  consent.grant('monitoring');
  await expect.poll(() => logger.status()).toBe('ready');
};
/** The SDK's own user context, as it stamps it on the errors it captures. */
const sdkUser = () => (window as unknown as { DD_LOGS: { getUser(): object } }).DD_LOGS.getUser();

describe('who a log names, with the real Datadog SDK', () => {
  it("consent pending: logs queued across a sign-out are dropped and counted (core's rule), never sent naming the old user nor the new one; the SDK starts with the user signed in now", async () => {
    expect('DD_LOGS' in window).toBe(false); // the first load: this test runs first
    channel.signedIn({ id: 'pending-1' });
    logger.info('made by pending-1');
    channel.signedOut(); // she leaves while her log waits for consent
    logger.info('made signed out');
    channel.signedIn({ id: 'pending-2' }); // the anonymous visitor signs in: the same person as 'made signed out'
    logger.info('made by pending-2');
    await ready();
    // Loaded; wait until the SDK has started too: an error thrown between its init and its start is assembled
    // before the context calls it buffered meanwhile (the user included): the SDK's own order.
    await expect.poll(() => logger.sessionId()).toBeDefined();
    await crash('crashed after the first load (crash)');
    flush(logger, 'pending');
    await expect.poll(() => find('crashed after the first load (crash)'), { timeout: 10_000 }).toBeTruthy();
    expect(userOf(await find('made signed out'))).toEqual({});
    expect(userOf(await find('made by pending-2'))).toEqual({ id: 'pending-2' });
    expect(userOf(await find('crashed after the first load (crash)'))).toEqual({ id: 'pending-2' });
    expect(await find('made by pending-1')).toBeUndefined(); // hers: not sent under anyone
    expect(logger.dropped().visitor).toBe(1);
    expect(JSON.stringify(await received(sandboxUrl))).not.toContain('pending-1');
    channel.signedOut();
  });

  it('granted: sign-in names the user, sign-out forgets it', async () => {
    await ready();
    channel.signedIn({ id: 'ana', email: 'ana@example.com' });
    const signedIn = await logAndCrash('signed in as ana');
    expect(userOf(signedIn.log)).toEqual({ id: 'ana' }); // the id only, by default
    expect(userOf(signedIn.crashed)).toEqual({ id: 'ana' });
    channel.signedOut();
    const signedOut = await logAndCrash('after ana signed out');
    expect(userOf(signedOut.log)).toEqual({});
    expect(userOf(signedOut.crashed)).toEqual({});
    expect(JSON.stringify(await received(sandboxUrl))).not.toContain('ana@example.com');
  });

  it('denied: a sign-in made while denied names the user once granted again', async () => {
    await ready();
    channel.signedOut();
    consent.deny('monitoring');
    channel.signedIn({ id: 'bob' });
    logger.info('logged while denied');
    await ready();
    const after = await logAndCrash('bob after the grant');
    expect(userOf(after.log)).toEqual({ id: 'bob' });
    expect(userOf(after.crashed)).toEqual({ id: 'bob' });
    expect(await find('logged while denied')).toBeUndefined();
    channel.signedOut();
  });

  it('revoked to pending: the session changed meanwhile is the one the SDK resumes with', async () => {
    await ready();
    channel.signedIn({ id: 'dan' });
    consent.reset(); // back to pending
    channel.signedIn({ id: 'eve' });
    await ready();
    const after = await logAndCrash('eve after the grant');
    expect(userOf(after.log)).toEqual({ id: 'eve' });
    expect(userOf(after.crashed)).toEqual({ id: 'eve' });
    channel.signedOut();
  });

  it('two tabs: granted and signed in, denied here, signed out in the other tab, granted again here: nothing names the user', async () => {
    await ready();
    channel.signedIn({ id: 'carol' });
    const before = await logAndCrash('carol before');
    expect(userOf(before.log)).toEqual({ id: 'carol' }); // the SDK knew carol: the check below can fail
    expect(userOf(before.crashed)).toEqual({ id: 'carol' });
    expect(sdkUser()).toEqual({ id: 'carol' });
    await clearReceived(sandboxUrl);

    consent.deny('monitoring'); // tab 1: "Reject all"
    channel.signedOut(); // tab 2 signs out; auth's cross-tab message reaches tab 1's channel
    await ready(); // tab 1: "Accept all" again
    const after = await logAndCrash('after the re-grant');
    expect(after.log).toMatchObject({ message: 'after the re-grant' });
    expect(userOf(after.log)).toEqual({});
    expect(userOf(after.crashed)).toEqual({});
    expect(sdkUser()).toEqual({}); // the SDK heard the sign-out
    expect(JSON.stringify(await received(sandboxUrl))).not.toContain('carol');
  });

  it("the visitor's attributes are Datadog's user fields and its properties the global context, on Plinth's logs and the SDK's captured errors; a sign-out empties both (issue 34)", async () => {
    await ready();
    channel.signedIn({ id: 'hal' });
    channel.visitor.update({ attributes: { plan: 'pro' }, properties: { release: 'r7' } });
    const during = await logAndCrash('hal with attributes');
    for (const log of [during.log, during.crashed]) {
      expect(userOf(log)).toEqual({ id: 'hal', plan: 'pro' });
      expect(log).toMatchObject({ release: 'r7' });
    }
    await clearReceived(sandboxUrl);
    channel.signedOut();
    const after = await logAndCrash('after hal left');
    for (const log of [after.log, after.crashed]) {
      expect(userOf(log)).toEqual({});
      expect(log).not.toHaveProperty('release');
    }
    expect(JSON.stringify(await received(sandboxUrl))).not.toMatch(/"hal"|"pro"|"r7"/);
  });

  it('a sign-out while the logger is stopped reaches the SDK at once, and its next start names nobody (issue 34)', async () => {
    await ready();
    channel.signedIn({ id: 'fay' });
    const before = await logAndCrash('fay before');
    expect(userOf(before.crashed)).toEqual({ id: 'fay' }); // the SDK knew fay: the check below can fail
    await clearReceived(sandboxUrl);
    logger.stop(); // the provider unmounted; the SDK still captures errors
    channel.signedOut(); // another tab, or an expiry
    expect(sdkUser()).toEqual({});
    logger.start();
    const after = await logAndCrash('after the restart');
    expect(userOf(after.log)).toEqual({});
    expect(userOf(after.crashed)).toEqual({});
    expect(JSON.stringify(await received(sandboxUrl))).not.toContain('fay');
  });

  it('a restore that fails at start-up after an identified session: nothing names her, before or after auth settles (issue 34)', async () => {
    await ready();
    channel.signedIn({ id: 'gia' });
    expect(userOf((await logAndCrash('gia before')).crashed)).toEqual({ id: 'gia' });
    await clearReceived(sandboxUrl);
    // The next page load: the visitor is unknown until auth settles, and a new logger starts. The SDK is still the
    // page's and still names her: what a reload's SDK would remember, were it to keep a user.
    resetChannel();
    logger.stop();
    logger = createLogger({ ...config, loadOn: 'consent' });
    logger.start();
    await ready();
    expect(sdkUser()).toEqual({}); // forgotten at load, before any log or captured error
    const during = await logAndCrash('while the restore is under way');
    channel.signedOut(); // the silent restore failed
    const after = await logAndCrash('after the restore failed');
    for (const { log, crashed } of [during, after]) {
      expect(log).toBeTruthy();
      expect(userOf(log)).toEqual({});
      expect(userOf(crashed)).toEqual({});
    }
    expect(JSON.stringify(await received(sandboxUrl))).not.toContain('gia');
  });
});
