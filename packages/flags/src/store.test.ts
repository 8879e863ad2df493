import { createFlagStore } from './store';

describe('the flag store’s ready(): a wait that always ends', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves when the status leaves loading, the same promise for every caller', async () => {
    const store = createFlagStore({ a: false });
    const ready = store.ready(1500);
    expect(store.ready(1500)).toBe(ready);
    expect(store.readyState()).toBe('waiting');
    store.setStatus('ready');
    await expect(ready).resolves.toBe('ready');
    expect(store.readyState()).toBe('settled');
  });

  it('resolves with the status it has past timeoutMs, even when nothing ever starts the client', async () => {
    const store = createFlagStore({ a: false });
    let settled: string | undefined;
    void store.ready(500).then((status) => {
      settled = status;
    });
    await vi.advanceTimersByTimeAsync(499);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe('loading');
    expect(store.readyState()).toBe('settled');
  });

  it('does not wait when the status is already settled', async () => {
    const store = createFlagStore({ a: false }, [], 'failed');
    await expect(store.ready(1500)).resolves.toBe('failed');
    expect(store.readyState()).toBe('settled');
  });
});
