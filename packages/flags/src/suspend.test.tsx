import { createTestConsent } from '@plinth/core/testing';
import { createFlags } from './createFlags';
import { testFlags } from './test-flags';

// The wait itself is unit-tested in wait.test.ts; here, as createFlags wires it to the loader and consent.

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('flags.ready(): the wait `suspend` uses always ends, and ends early when nothing will answer', () => {
  it('with functional consent pending, ends as soon as the instance starts (no flag request until the visitor decides)', async () => {
    vi.useFakeTimers();
    const flags = createFlags({
      flags: testFlags,
      clientSideId: 'pending',
      consent: createTestConsent({ functional: 'pending' }),
    });
    // As in React: the component asks during its first render, the provider starts the instance in an effect.
    const ready = flags.ready();
    expect(flags.readyState()).toBe('waiting');
    flags.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(flags.readyState()).toBe('settled');
    await expect(ready).resolves.toBe('waiting-consent');
    flags.stop();
  });
});
