// @vitest-environment node
import { createBaseLogger, LEVELS, messageOf, ownContext } from './base';
import type { LogEntry } from './types';

/** A logger with its own global context (`context`, as the server's and a test logger's), or the one given. */
const setup = (
  options: Partial<Parameters<typeof createBaseLogger>[1]> & { context?: Record<string, unknown> } = {},
) => {
  const entries: LogEntry[] = [];
  const { context, ...rest } = options;
  return {
    entries,
    logger: createBaseLogger((entry) => entries.push(entry), { globalContext: ownContext(context), ...rest }),
  };
};

describe('the shared logger', () => {
  it('drops calls below the threshold (info by default) and passes the rest with message, context, error and time', () => {
    const { entries, logger } = setup();
    const error = new Error('boom');
    logger.debug('not me');
    logger.info('hello', { a: 1 });
    logger.warn('careful');
    logger.error('failed', { step: 'pay' }, error);
    expect(logger.level).toBe('info');
    expect(entries.map((e) => [e.level, e.message])).toEqual([
      ['info', 'hello'],
      ['warn', 'careful'],
      ['error', 'failed'],
    ]);
    expect(entries[0]!.context).toEqual({ a: 1 });
    expect(entries[2]!.error).toBe(error);
    expect(entries[0]!.error).toBeUndefined();
    expect(entries[0]!.at).toBeInstanceOf(Date);
  });

  it('honours a configured threshold', () => {
    const { entries, logger } = setup({ level: 'error' });
    logger.warn('no');
    logger.error('yes');
    expect(entries.map((e) => e.message)).toEqual(['yes']);
    // an unknown level from an untyped caller ranks as info
    const loose = setup({ level: 'verbose' as never });
    loose.logger.debug('dropped');
    loose.logger.info('kept');
    expect(loose.entries.map((e) => e.message)).toEqual(['kept']);
  });

  it('binds context in children (nested, later keys win) and shares the global context with them', () => {
    const { entries, logger } = setup({ context: { app: 'shop' } });
    const checkout = logger.child({ component: 'Checkout', step: 1 });
    const payment = checkout.child({ step: 2 });
    logger.setGlobalContext('release', 'r42');
    payment.info('paid', { amount: 3 });
    logger.removeGlobalContext('app');
    checkout.info('left', { step: 9 });
    expect(entries[0]!.context).toEqual({ app: 'shop', release: 'r42', component: 'Checkout', step: 2, amount: 3 });
    expect(entries[1]!.context).toEqual({ release: 'r42', component: 'Checkout', step: 9 });
    expect(payment.level).toBe('info');
  });

  it("reads and writes the global context where it is given to live (the browser logger: core's visitor)", () => {
    const store: Record<string, unknown> = { app: 'shop' };
    const writes: string[] = [];
    const { entries, logger } = setup({
      globalContext: {
        get: () => ({ ...store }),
        set: (key, value) => {
          writes.push(`set ${key}`);
          store[key] = value;
        },
        remove: (key) => {
          writes.push(`remove ${key}`);
          delete store[key];
        },
      },
    });
    logger.child({ component: 'Checkout' }).setGlobalContext('release', 'r1');
    logger.info('one');
    store.release = 'r2'; // written elsewhere (another package through the visitor): read at the log
    logger.removeGlobalContext('app');
    logger.info('two');
    expect(writes).toEqual(['set release', 'remove app']);
    expect(entries.map((e) => e.context)).toEqual([{ app: 'shop', release: 'r1' }, { release: 'r2' }]);
  });

  it("has Datadog's nine levels in Datadog's order, each with its method", () => {
    const { entries, logger } = setup({ level: 'ok' });
    for (const level of LEVELS) logger[level](level);
    expect(entries.map((e) => [e.level, e.message])).toEqual(LEVELS.map((level) => [level, level]));
    const critical = setup({ level: 'critical' });
    critical.logger.error('below');
    critical.logger.critical('at');
    critical.logger.alert('above');
    critical.logger.emerg('top');
    expect(critical.entries.map((e) => e.level)).toEqual(['critical', 'alert', 'emerg']);
    const notice = setup({ level: 'notice' });
    notice.logger.info('below');
    notice.logger.notice('at');
    notice.logger.warn('above');
    expect(notice.entries.map((e) => e.level)).toEqual(['notice', 'warn']);
  });

  it('setLevel changes the threshold at run time; children follow their parent unless they set their own', () => {
    const { entries, logger } = setup({ level: 'info' });
    const child = logger.child({ c: 1 });
    const grandchild = child.child({ g: 1 });
    const quiet = logger.child({ q: 1 });
    quiet.setLevel('error');
    logger.setLevel('debug'); // after the children were made: they follow it
    child.debug('child debug');
    grandchild.debug('grandchild debug');
    quiet.warn('quiet warn (dropped: its own level)');
    expect([logger.level, child.level, grandchild.level, quiet.level]).toEqual(['debug', 'debug', 'debug', 'error']);
    child.setLevel('warn'); // the grandchild follows its own parent
    grandchild.info('grandchild info (dropped)');
    logger.info('root info');
    expect(grandchild.level).toBe('warn');
    child.setLevel(undefined); // back to the parent's
    grandchild.info('grandchild info again');
    logger.setLevel(undefined); // the root goes back to the configured level
    logger.debug('root debug (dropped)');
    expect(logger.level).toBe('info');
    expect(entries.map((e) => e.message)).toEqual([
      'child debug',
      'grandchild debug',
      'root info',
      'grandchild info again',
    ]);
  });

  it('answers sessionId() with what it is given (undefined without), on children too', () => {
    expect(setup().logger.sessionId()).toBeUndefined();
    let id = 's-1';
    const { logger } = setup({ sessionId: () => id });
    const child = logger.child({ a: 1 });
    expect(child.sessionId()).toBe('s-1');
    id = 's-2'; // read at each call: the SDK starts new sessions
    expect(logger.sessionId()).toBe('s-2');
  });

  it('turns any thrown value into a message', () => {
    expect(messageOf(new TypeError('bad'))).toBe('bad');
    expect(messageOf(new Error(''))).toBe('Error');
    expect(messageOf('plain')).toBe('plain');
    expect(messageOf({ message: 'object-like' })).toBe('object-like');
    expect(messageOf(42)).toBe('42');
  });
});
