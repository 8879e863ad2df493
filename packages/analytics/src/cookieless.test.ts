import { afterNextPaint } from '@plinth/core';
import { createTestConsent } from '@plinth/core/testing';
import type { PosthogAdapter } from './adapter/types';
import { createCookieless } from './cookieless';

function setup(decision: 'pending' | 'denied' | 'granted') {
  const consent = createTestConsent({ analytics: decision });
  const sent: string[] = [];
  let loads = 0;
  const adapter = { capture: (event: string) => sent.push(event) } as unknown as PosthogAdapter;
  const cookieless = createCookieless({
    consent,
    load: async () => {
      loads++;
      return adapter;
    },
    queueLimit: 10,
    timeoutMs: 1000,
  });
  const capture = (event: string) => cookieless.call((a, at) => a.capture(event, {}, { at }));
  return { consent, cookieless, sent, capture, loads: () => loads };
}
/**
 * Past the turn of every loader that asked before now (core's `afterNextPaint` runs its callbacks in order), then
 * one more task for what the turn started.
 */
const settle = async () => {
  await new Promise<void>((resolve) => afterNextPaint(resolve));
  await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('the cookieless second loader', () => {
  it('pending consent is never a refusal: nothing loads', async () => {
    const { cookieless, loads } = setup('pending');
    const stop = cookieless.start();
    await settle();
    expect(cookieless.refused()).toBe(false);
    expect(loads()).toBe(0);
    stop();
  });

  it('loads at the first refusal, once, and sends what was called meanwhile', async () => {
    const { consent, cookieless, sent, capture, loads } = setup('pending');
    const stop = cookieless.start();
    consent.deny('analytics');
    expect(cookieless.refused()).toBe(true);
    capture('counted');
    await settle();
    consent.grant('analytics');
    expect(cookieless.refused()).toBe(false);
    consent.deny('analytics');
    await settle();
    expect(loads()).toBe(1);
    expect(sent).toEqual(['counted']);
    stop();
  });

  it('a refusal before start() loads at start(); after stop() a later refusal loads nothing', async () => {
    const refusedFirst = setup('denied');
    refusedFirst.cookieless.start()();
    await settle();
    expect(refusedFirst.loads()).toBe(1);

    const { consent, cookieless, loads } = setup('granted');
    cookieless.start()();
    consent.deny('analytics');
    await settle();
    expect(loads()).toBe(0);
  });
});
