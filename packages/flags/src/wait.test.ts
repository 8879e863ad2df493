import type { VendorStatus } from '@plinth/core';
import { createReadyWait } from './wait';

/** A status source as the loader is: a status and its listeners. */
function source(initial: VendorStatus, started = true) {
  let status = initial;
  const listeners = new Set<(status: VendorStatus) => void>();
  return {
    status: () => status,
    subscribeStatus(listener: (status: VendorStatus) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    started: () => started,
    set(next: VendorStatus) {
      status = next;
      for (const listener of [...listeners]) listener(next);
    },
    listeners,
  };
}

// A file of its own: the "suspended above its provider" detection is page-wide (module) state.

describe('the suspend wait: ready() always ends, at the answer, when nothing will answer, or at timeoutMs', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits while idle or loading, ends at the answer; the same promise for every caller; its listener goes', async () => {
    const loader = source('idle');
    const wait = createReadyWait(loader, 1500);
    expect(wait.readyState()).toBe('unasked');
    const ready = wait.ready();
    expect(wait.ready()).toBe(ready);
    expect(wait.readyState()).toBe('waiting');
    loader.set('loading');
    await vi.advanceTimersByTimeAsync(0);
    expect(wait.readyState()).toBe('waiting');
    loader.set('ready');
    await expect(ready).resolves.toBe('ready');
    expect(wait.readyState()).toBe('settled');
    expect(loader.listeners.size).toBe(0);
  });

  it.each(['waiting-consent', 'denied', 'failed', 'blocked', 'rejected'] as const)(
    'ends at once on %s: nothing will answer before the visitor decides, or at all',
    async (status) => {
      const loader = source('loading');
      const wait = createReadyWait(loader, 1500);
      const ready = wait.ready();
      loader.set(status);
      expect(wait.readyState()).toBe('settled');
      await expect(ready).resolves.toBe(status);
    },
  );

  it('past timeoutMs, resolves with the status it has, even while loading', async () => {
    const loader = source('loading');
    const wait = createReadyWait(loader, 500);
    let settled: VendorStatus | undefined;
    void wait.ready().then((status) => {
      settled = status;
    });
    await vi.advanceTimersByTimeAsync(499);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe('loading');
    expect(wait.readyState()).toBe('settled');
  });

  it('does not wait when the status has already answered, and marks the promise as settled for use()', async () => {
    const wait = createReadyWait(source('timeout'), 1500);
    const ready = wait.ready();
    expect(wait.readyState()).toBe('settled');
    await expect(ready).resolves.toBe('timeout');
    expect(ready).toMatchObject({ status: 'fulfilled', value: 'timeout' });
  });

  it('on an instance never started (a Suspense boundary above its provider): ends at timeoutMs, warns once, and the next unstarted instance does not wait', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const first = createReadyWait(source('idle', false), 500);
    const ready = first.ready();
    await vi.advanceTimersByTimeAsync(500);
    await expect(ready).resolves.toBe('idle');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('put <Suspense> inside <FlagsProvider>'));
    const retry = createReadyWait(source('idle', false), 500);
    const again = retry.ready();
    expect(retry.readyState()).toBe('settled');
    await expect(again).resolves.toBe('idle');
    // A started instance still waits.
    const started = createReadyWait(source('loading', true), 500);
    void started.ready();
    expect(started.readyState()).toBe('waiting');
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
