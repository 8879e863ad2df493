import { createTestConsent } from '@plinth/core/testing';
import { createFlagsClient } from './createFlagsClient';
import { testFlags } from './test-flags';

// Its own file: the "suspended above its provider" detection is page-wide (module) state.

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('client.ready(): the wait `suspend` uses always ends, and ends early when nothing will answer', () => {
  it('with functional consent pending, ends as soon as the client starts (no flag request until the visitor decides)', async () => {
    vi.useFakeTimers();
    const client = createFlagsClient({
      flags: testFlags,
      clientSideId: 'pending',
      consent: createTestConsent({ functional: 'pending' }),
    });
    // As in React: the component asks during its first render, the provider starts the client in an effect.
    const ready = client.ready();
    expect(client.readyState()).toBe('waiting');
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(client.readyState()).toBe('settled');
    await expect(ready).resolves.toBe('loading');
    client.close();
  });

  it('on a client never started (a Suspense boundary above its provider), ends at timeoutMs, says so once, and the next unstarted client does not wait', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const first = createFlagsClient({ flags: testFlags, clientSideId: 'above', consent: false, timeoutMs: 500 });
    let settled: string | undefined;
    void first.ready().then((status) => {
      settled = status;
    });
    expect(first.readyState()).toBe('waiting');
    await vi.advanceTimersByTimeAsync(499);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe('loading');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('put <Suspense> inside <FlagsProvider>'));
    // The retry of a tree that never mounted makes a new client: it must not wait again (for ever).
    const retry = createFlagsClient({ flags: testFlags, clientSideId: 'above', consent: false, timeoutMs: 500 });
    await expect(retry.ready()).resolves.toBe('loading');
    expect(retry.readyState()).toBe('settled');
  });
});
