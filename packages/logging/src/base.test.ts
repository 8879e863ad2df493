// @vitest-environment node
import { createBaseLogger, messageOf } from './base';
import type { LogEntry } from './types';

const setup = (options?: Parameters<typeof createBaseLogger>[1]) => {
  const entries: LogEntry[] = [];
  return { entries, logger: createBaseLogger((entry) => entries.push(entry), options) };
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
    const onGlobalContext = vi.fn();
    const { entries, logger } = setup({ context: { app: 'shop' }, onGlobalContext });
    const checkout = logger.child({ component: 'Checkout', step: 1 });
    const payment = checkout.child({ step: 2 });
    logger.setGlobalContext('release', 'r42');
    payment.info('paid', { amount: 3 });
    logger.removeGlobalContext('app');
    checkout.info('left', { step: 9 });
    expect(entries[0]!.context).toEqual({ app: 'shop', release: 'r42', component: 'Checkout', step: 2, amount: 3 });
    expect(entries[1]!.context).toEqual({ release: 'r42', component: 'Checkout', step: 9 });
    expect(onGlobalContext.mock.calls.map(([context]) => context)).toEqual([
      { app: 'shop' },
      { app: 'shop', release: 'r42' },
      { release: 'r42' },
    ]);
    expect(payment.level).toBe('info');
  });

  it('turns any thrown value into a message', () => {
    expect(messageOf(new TypeError('bad'))).toBe('bad');
    expect(messageOf(new Error(''))).toBe('Error');
    expect(messageOf('plain')).toBe('plain');
    expect(messageOf({ message: 'object-like' })).toBe('object-like');
    expect(messageOf(42)).toBe('42');
  });
});
