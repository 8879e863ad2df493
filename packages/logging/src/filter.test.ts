// @vitest-environment node
import { channel, REDACTED } from '@plinth/core';
import { resetChannel } from '@plinth/core/testing';
import { createLogFilter, isExtensionStack, type LogEventLike } from './filter';

const CHROME_EXT = `TypeError: x is undefined
    at inject (chrome-extension://abcdefgh/content.js:1:10)
    at chrome-extension://abcdefgh/content.js:2:3`;
/** The SDK's own stack format (`toStackTraceString`). */
const SDK_FORMAT_EXT = `Error: nope
  at run @ moz-extension://1234/background.js:3:4
  at <anonymous> @ safari-web-extension://x/y.js:1:1`;
const MIXED = `Error: ours
    at handler (http://127.0.0.1:5173/src/app.tsx:10:5)
    at chrome-extension://abc/hook.js:1:1`;

describe('isExtensionStack', () => {
  it('is true only when every frame comes from an extension', () => {
    expect(isExtensionStack(CHROME_EXT)).toBe(true);
    expect(isExtensionStack(SDK_FORMAT_EXT)).toBe(true);
    expect(isExtensionStack(MIXED)).toBe(false);
    // the first line is the message, not a frame
    expect(
      isExtensionStack('Error: failed chrome-extension://abc/x.js\n    at f (https://shop.example/app.js:1:1)'),
    ).toBe(false);
    expect(isExtensionStack('Error: no frames')).toBe(false);
    expect(isExtensionStack(undefined)).toBe(false);
  });
});

describe('createLogFilter', () => {
  const secretUrl = 'http://127.0.0.1:5173/callback?code=abc123&state=xyz&page=2';

  it('scrubs message, context, view URL and referrer, and error message and stack, in place', () => {
    const filter = createLogFilter();
    const event: LogEventLike = {
      message: `signed in as ana@example.com at ${secretUrl}`,
      status: 'error',
      view: { url: secretUrl, referrer: 'https://idp.example/authorize?state=s1&lang=en' },
      customer: { email: 'ana@example.com', password: 'hunter2', note: 'ok' },
      error: {
        kind: 'Error',
        message: 'Bearer abcdefghijklmnop rejected for ana@example.com',
        stack: `Error: failed\n    at f (${secretUrl})`,
      },
      date: 1,
    };
    expect(filter(event)).toBe(true);
    expect(event.message).toBe(`signed in as ${REDACTED} at http://127.0.0.1:5173/callback?page=2`);
    expect(event.view).toEqual({
      url: 'http://127.0.0.1:5173/callback?page=2',
      referrer: 'https://idp.example/authorize?lang=en',
    });
    expect(event.customer).toEqual({ email: REDACTED, password: REDACTED, note: 'ok' });
    expect(event.error!.message).toBe(`Bearer ${REDACTED} rejected for ${REDACTED}`);
    expect(event.error!.stack).toBe('Error: failed\n    at f (http://127.0.0.1:5173/callback?page=2)');
    expect(event.date).toBe(1);
    expect(JSON.stringify(event)).not.toMatch(/abc123|xyz|hunter2|ana@/);
  });

  it('drops extension-only errors by default, keeps mixed ones, and can be told not to', () => {
    const filter = createLogFilter();
    expect(filter({ message: 'a', status: 'error', error: { stack: CHROME_EXT } })).toBe(false);
    expect(filter({ message: 'b', status: 'error', error: { stack: SDK_FORMAT_EXT } })).toBe(false);
    expect(filter({ message: 'c', status: 'error', error: { stack: MIXED } })).toBe(true);
    expect(createLogFilter({ dropExtensionErrors: false })({ message: 'a', error: { stack: CHROME_EXT } })).toBe(true);
  });

  it('sends one error at most maxRepeats times (10 by default), counting kind, message and first frame', () => {
    const filter = createLogFilter();
    const sent = Array.from({ length: 12 }, () =>
      filter({
        message: 'x',
        status: 'error',
        error: { kind: 'TypeError', message: 'x', stack: 'TypeError: x\n  at f @ http://a/b.js:1:1' },
      }),
    );
    expect(sent.filter(Boolean)).toHaveLength(10);
    expect(sent.slice(10)).toEqual([false, false]);
    // another frame, another message, or a plain error-level log each count apart
    expect(
      filter({
        message: 'x',
        status: 'error',
        error: { kind: 'TypeError', message: 'x', stack: 'TypeError: x\n  at g @ http://a/b.js:9:9' },
      }),
    ).toBe(true);
    expect(filter({ message: 'y', status: 'error', error: { kind: 'TypeError', message: 'y' } })).toBe(true);
    // infos are never counted
    for (let i = 0; i < 15; i += 1) expect(filter({ message: 'tick', status: 'info' })).toBe(true);

    const strict = createLogFilter({ maxRepeats: 2 });
    expect([1, 2, 3].map(() => strict({ message: 'same', status: 'error' }))).toEqual([true, true, false]);
    // logs above error count too, even without an error object; notices do not
    expect([1, 2, 3].map(() => strict({ message: 'db down', status: 'critical' }))).toEqual([true, true, false]);
    expect([1, 2, 3].map(() => strict({ message: 'paged', status: 'emerg' }))).toEqual([true, true, false]);
    expect([1, 2, 3].map(() => strict({ message: 'fyi', status: 'notice' }))).toEqual([true, true, true]);
  });

  it('applies extra scrub parameters', () => {
    const filter = createLogFilter({ scrub: { extraParams: ['order'] } });
    const event: LogEventLike = { message: 'see /orders?order=77&tab=1', status: 'info' };
    filter(event);
    expect(event.message).toBe('see /orders?tab=1');
  });

  describe("the app's beforeSend", () => {
    afterEach(() => resetChannel());

    it('runs after the scrubber (it sees scrubbed data), can edit, and what it adds is scrubbed again', () => {
      const seen: unknown[] = [];
      const filter = createLogFilter({
        beforeSend: (event) => {
          seen.push(structuredClone(event));
          event.team = 'payments';
          event.contact = 'bo@example.com'; // the hook cannot put PII back
          delete event.noise;
        },
      });
      const event: LogEventLike = { message: 'paid by ana@example.com', status: 'info', noise: 1, date: 5 };
      expect(filter(event)).toBe(true);
      expect(seen).toEqual([{ message: `paid by ${REDACTED}`, status: 'info', noise: 1, date: 5 }]);
      expect(event).toEqual({
        message: `paid by ${REDACTED}`,
        status: 'info',
        team: 'payments',
        contact: REDACTED,
        date: 5,
      });
    });

    it('drops a log when it returns false, and is not asked about logs Plinth drops', () => {
      const hook = vi.fn((event: { message: string }) => !event.message.startsWith('healthcheck'));
      const filter = createLogFilter({ beforeSend: hook, maxRepeats: 1 });
      expect(filter({ message: 'healthcheck ok', status: 'info' })).toBe(false);
      expect(filter({ message: 'order placed', status: 'info' })).toBe(true);
      expect(filter({ message: 'a', status: 'error', error: { stack: CHROME_EXT } })).toBe(false);
      expect(filter({ message: 'twice', status: 'error' })).toBe(true);
      expect(filter({ message: 'twice', status: 'error' })).toBe(false);
      expect(hook.mock.calls.map(([event]) => event.message)).toEqual(['healthcheck ok', 'order placed', 'twice']);
    });

    it('a hook that throws keeps the log (scrubbed) and is reported once on the channel, with one development warning', () => {
      vi.useFakeTimers();
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const reports: unknown[] = [];
      const off = channel.on('report', ({ level, message }) => reports.push([level, message]));
      const filter = createLogFilter({
        beforeSend: (event) => {
          event.who = 'ana@example.com';
          throw new Error('hook bug');
        },
      });
      const first: LogEventLike = { message: 'one', status: 'info' };
      expect(filter(first)).toBe(true);
      expect(filter({ message: 'two', status: 'info' })).toBe(true);
      expect(first.who).toBe(REDACTED);
      vi.runAllTimers();
      expect(reports).toEqual([
        ['error', 'logging: config.beforeSend threw (hook bug); the log was sent anyway, scrubbed'],
      ]);
      expect(warn).toHaveBeenCalledTimes(1);
      off();
      warn.mockRestore();
      vi.useRealTimers();
    });
  });
});
