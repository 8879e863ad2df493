import { useEffect, useState } from 'react';
import { act, render, screen } from '../../../tooling/render';
import type { ConsentStore } from './consent';
import { isPlinthError } from './error';
import { createConsent } from './index';
import { createTestConsent, recordChannel, resetChannel } from './testing';
import { createVendorLoader, type VendorLoader } from './vendor-loader';

interface Sdk {
  calls: { name: string; at: number }[];
  state: string[];
}

/** A consent store that counts its live subscriptions. */
function countingStore(store: ConsentStore) {
  let live = 0;
  const counted: ConsentStore = {
    ...store,
    subscribe(listener) {
      live += 1;
      const off = store.subscribe(listener);
      return () => {
        live -= 1;
        off();
      };
    },
  };
  return { store: counted, live: () => live };
}

/** A provider as a vendor package writes it: start in an effect, dispose in its cleanup. */
function Provider({ loader }: { loader: VendorLoader<Sdk> }) {
  const [status, setStatus] = useState(loader.status());
  useEffect(() => {
    const off = loader.subscribeStatus(setStatus);
    void loader.start();
    return () => {
      off();
      loader.stop();
    };
  }, [loader]);
  return <p>status: {status}</p>;
}

afterEach(() => resetChannel());

describe('a provider over createVendorLoader under StrictMode (start → dispose → start)', () => {
  it('follows consent after the remount: one load on grant, one set of listeners', async () => {
    const counting = countingStore(createConsent({ storage: null }));
    const load = vi.fn(async (): Promise<Sdk> => ({ calls: [], state: [] }));
    const loader = createVendorLoader({ name: 'sdk', load, consent: { store: counting.store, category: 'analytics' } });
    render(<Provider loader={loader} />);
    expect(screen.getByText('status: waiting-consent')).toBeTruthy();
    expect(counting.live()).toBe(1);
    await act(async () => {
      counting.store.grant('analytics');
      await loader.ready();
    });
    expect(load).toHaveBeenCalledOnce();
    expect(screen.getByText('status: ready')).toBeTruthy();
    // Revocation is still heard after the remount.
    act(() => counting.store.deny('analytics'));
    expect(screen.getByText('status: denied')).toBeTruthy();
  });

  it('loads once when consent was already granted; after unmount a revocation still stops the SDK', async () => {
    const counting = countingStore(createTestConsent({ analytics: 'granted' }));
    const load = vi.fn(async (): Promise<Sdk> => ({ calls: [], state: [] }));
    const onRevoke = vi.fn();
    const loader = createVendorLoader({
      name: 'sdk',
      load,
      consent: { store: counting.store, category: 'analytics' },
      onRevoke,
    });
    const view = render(<Provider loader={loader} />);
    await act(() => loader.ready());
    expect(load).toHaveBeenCalledOnce();
    expect(counting.live()).toBe(1);
    view.unmount();
    expect(counting.live()).toBe(1); // kept to hear a revocation
    counting.store.deny('analytics');
    expect(onRevoke).toHaveBeenCalledOnce();
    counting.store.grant('analytics');
    expect(loader.status()).toBe('denied'); // a grant while unmounted resumes nothing
  });
});

describe('consent fails closed', () => {
  it('a category the store does not know is a PlinthError at creation', () => {
    const store = createConsent({ storage: null });
    let error: unknown;
    try {
      createVendorLoader({ name: 'sdk', load: async () => ({}), consent: { store, category: 'marketing' } });
    } catch (e) {
      error = e;
    }
    expect(isPlinthError(error)).toBe(true);
    expect(error).toMatchObject({ source: 'config', code: 'unknown_category' });
    expect(String((error as Error).message)).toMatch(
      /unknown consent category "marketing".*analytics, monitoring, functional/,
    );
  });

  it('a missing consent option is an error, not "granted"', () => {
    expect(() =>
      createVendorLoader({ name: 'sdk', load: async () => ({}) } as unknown as Parameters<
        typeof createVendorLoader
      >[0]),
    ).toThrow(/consent` is required/);
  });

  it('consent: false loads without a store', async () => {
    const loader = createVendorLoader({ name: 'auth', load: async () => 'client', consent: false });
    await expect(loader.start()).resolves.toBe('client');
  });

  it('functional is a built-in category', () => {
    const store = createConsent({ storage: null });
    expect(store.categories).toEqual(['analytics', 'monitoring', 'functional']);
    expect(() =>
      createVendorLoader({ name: 'f', load: async () => ({}), consent: { store, category: 'functional' } }),
    ).not.toThrow();
  });
});

describe('the pre-init queue', () => {
  const deferred = <T,>() => {
    let resolve!: (value: T) => void;
    const promise = new Promise<T>((res) => {
      resolve = res;
    });
    return { promise, resolve };
  };

  it('keeps state calls in their own slots (last write wins) and replays them before events', async () => {
    const gate = deferred<Sdk>();
    const loader = createVendorLoader({ name: 'sdk', load: () => gate.promise, consent: false, queueLimit: 2 });
    loader.call((sdk) => sdk.state.push('identify:alice'), { state: 'identify' });
    for (const n of [1, 2, 3, 4]) loader.call((sdk) => sdk.calls.push({ name: `e${n}`, at: 0 }));
    loader.call((sdk) => sdk.state.push('register:a'), { state: 'register' });
    loader.call((sdk) => sdk.state.push('identify:bob'), { state: 'identify' });
    expect(loader.queued()).toBe(4); // two slots + two events
    void loader.start();
    const sdk: Sdk = { calls: [], state: [] };
    gate.resolve(sdk);
    await loader.ready();
    // identify was written last, so it replays after register; both before the events; events overflowed.
    expect(sdk.state).toEqual(['register:a', 'identify:bob']);
    expect(sdk.calls.map((c) => c.name)).toEqual(['e3', 'e4']);
    expect(loader.dropped()).toEqual({ overflow: 2, denied: 0, failed: 0, visitor: 0 });
  });

  it('reports the overflow count once on the channel', async () => {
    const reports = recordChannel();
    const gate = deferred<Sdk>();
    const loader = createVendorLoader({ name: 'sdk', load: () => gate.promise, consent: false, queueLimit: 1 });
    for (const n of [1, 2, 3]) loader.call((sdk) => sdk.calls.push({ name: `e${n}`, at: 0 }));
    void loader.start();
    gate.resolve({ calls: [], state: [] });
    await loader.ready();
    loader.call(() => {});
    expect(reports.of('report')).toEqual([
      expect.objectContaining({ level: 'warn', context: expect.objectContaining({ vendor: 'sdk', dropped: 2 }) }),
    ]);
  });

  it('a queued call keeps the time it was made', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    try {
      const gate = deferred<Sdk>();
      const loader = createVendorLoader({ name: 'sdk', load: () => gate.promise, consent: false });
      loader.call((sdk, at) => sdk.calls.push({ name: 'first', at: at.getTime() }));
      await vi.advanceTimersByTimeAsync(5000);
      loader.call((sdk, at) => sdk.calls.push({ name: 'second', at: at.getTime() }));
      await vi.advanceTimersByTimeAsync(5000);
      void loader.start();
      const sdk: Sdk = { calls: [], state: [] };
      gate.resolve(sdk);
      await vi.advanceTimersByTimeAsync(100); // the import starts after the next paint (at most 100 ms)
      expect(sdk.calls).toEqual([
        { name: 'first', at: Date.parse('2026-01-01T00:00:00Z') },
        { name: 'second', at: Date.parse('2026-01-01T00:00:05Z') },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('request() resolves with the result once ready, and undefined when dropped or throwing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const gate = deferred<{ id: () => string }>();
    const store = createTestConsent();
    const loader = createVendorLoader({
      name: 'sdk',
      load: () => gate.promise,
      consent: { store, category: 'analytics' },
    });
    void loader.start();
    const id = loader.request((client) => client.id());
    const throwing = loader.request(() => {
      throw new Error('bug');
    });
    const rejecting = loader.request(async () => Promise.reject(new Error('async bug')));
    store.grant('analytics');
    gate.resolve({ id: () => 'anon-1' });
    await expect(id).resolves.toBe('anon-1');
    await expect(throwing).resolves.toBeUndefined();
    await expect(rejecting).resolves.toBeUndefined();

    store.deny('analytics');
    await expect(loader.request((client) => client.id())).resolves.toBeUndefined();
    expect(loader.dropped()).toEqual({ overflow: 0, denied: 1, failed: 0, visitor: 0 });
  });

  it('request() whose state slot is overwritten before ready resolves undefined (last write wins)', async () => {
    const gate = deferred<{ who: string[] }>();
    const loader = createVendorLoader({ name: 'sdk', load: () => gate.promise, consent: false });
    void loader.start();
    const first = loader.request((client) => client.who.push('a'), { state: 'identify' });
    const second = loader.request((client) => client.who.push('b'), { state: 'identify' });
    await expect(first).resolves.toBeUndefined();
    const client = { who: [] as string[] };
    gate.resolve(client);
    await expect(second).resolves.toBe(1);
    expect(client.who).toEqual(['b']);
  });

  it('request() queued before a denial resolves undefined (dropped, reason denied)', async () => {
    const store = createTestConsent();
    const loader = createVendorLoader({
      name: 'sdk',
      load: async () => ({}),
      consent: { store, category: 'analytics' },
    });
    void loader.start();
    const pending = loader.request(() => 'never');
    store.deny('analytics');
    await expect(pending).resolves.toBeUndefined();
    expect(loader.dropped().denied).toBe(1);
  });
});
