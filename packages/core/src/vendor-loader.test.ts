import { channel } from './channel';
import { createConsent } from './consent';
import { isPlinthError } from './error';
import { resetChannel } from './testing';
import { afterNextPaint } from './timing';
import { createVendorLoader } from './vendor-loader';

interface FakeSdk {
  calls: string[];
  stopped: number;
}

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

/** The loader imports after the next paint (`afterNextPaint`): wait until this import has started. */
const importStarted = (load: ReturnType<typeof vi.fn>) => vi.waitFor(() => expect(load).toHaveBeenCalled());
/**
 * Past the turn of every loader that asked before now: `afterNextPaint` runs its callbacks in the order they
 * were asked for, then one more task for what the turn started (the import's first steps).
 */
const pastTheirTurn = async () => {
  await new Promise<void>((resolve) => afterNextPaint(resolve));
  await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('createVendorLoader', () => {
  it('imports after the click’s frame, each vendor in a task of its own; a denial before its turn imports nothing', async () => {
    const consent = createConsent({ storage: null });
    const log: string[] = [];
    /** A deep microtask chain: done before the next task, after anything else queued in this one. */
    const drain = async (name: string) => {
      for (let i = 0; i < 50; i += 1) await Promise.resolve();
      log.push(`${name} drained`);
    };
    const vendor = (name: string) => {
      const load = vi.fn(async () => {
        log.push(name);
        void drain(name);
        return { calls: [], stopped: 0 } as FakeSdk;
      });
      return { load, loader: createVendorLoader({ name, load, consent: { store: consent, category: 'analytics' } }) };
    };
    const a = vendor('a');
    const b = vendor('b');
    void a.loader.start();
    void b.loader.start();
    consent.grant('analytics');
    expect(a.loader.status()).toBe('loading');
    expect(a.load).not.toHaveBeenCalled(); // not in the click's own task
    await Promise.all([a.loader.ready(), b.loader.ready()]);
    expect(log.slice(0, 3)).toEqual(['a', 'a drained', 'b']);

    const late = vendor('late');
    void late.loader.start();
    consent.deny('analytics');
    consent.grant('analytics'); // granted again, then denied before its turn
    consent.deny('analytics');
    await pastTheirTurn();
    expect(late.load).not.toHaveBeenCalled();
    expect(late.loader.status()).toBe('denied');
  });

  it('stopped before its turn (an unmount), it imports nothing; StrictMode’s start → stop → start imports once', async () => {
    const load = vi.fn(async () => ({ calls: [], stopped: 0 }) as FakeSdk);
    const unmounted = createVendorLoader({ name: 'sdk', load, consent: false });
    void unmounted.start();
    unmounted.stop();
    await pastTheirTurn();
    expect(load).not.toHaveBeenCalled();
    expect(unmounted.status()).toBe('idle');

    const strict = vi.fn(async () => ({ calls: [], stopped: 0 }) as FakeSdk);
    const loader = createVendorLoader({ name: 'sdk', load: strict, consent: false });
    void loader.start();
    loader.stop();
    await loader.start();
    expect(strict).toHaveBeenCalledOnce();
    expect(loader.status()).toBe('ready');
  });

  it('loads once (single-flight) however often it is started', async () => {
    const load = vi.fn(async () => ({ calls: [], stopped: 0 }) as FakeSdk);
    const loader = createVendorLoader({ name: 'sdk', load, consent: false });
    const [a, b] = await Promise.all([loader.start(), loader.start()]);
    await loader.start();
    expect(load).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
    expect(loader.status()).toBe('ready');
  });

  it('queues calls made before ready and replays each exactly once, in order', async () => {
    const gate = deferred<FakeSdk>();
    const loader = createVendorLoader({ name: 'sdk', load: () => gate.promise, consent: false });
    loader.call((sdk) => sdk.calls.push('a'));
    void loader.start();
    loader.call((sdk) => sdk.calls.push('b'));
    expect(loader.queued()).toBe(2);
    const sdk: FakeSdk = { calls: [], stopped: 0 };
    gate.resolve(sdk);
    await loader.ready();
    loader.call((s) => s.calls.push('c'));
    await loader.start();
    expect(sdk.calls).toEqual(['a', 'b', 'c']);
    expect(loader.queued()).toBe(0);
  });

  it('bounds the queue: overflow drops the oldest and counts the drops', async () => {
    const gate = deferred<FakeSdk>();
    const loader = createVendorLoader({ name: 'sdk', load: () => gate.promise, queueLimit: 3, consent: false });
    for (const n of [1, 2, 3, 4, 5]) loader.call((sdk) => sdk.calls.push(String(n)));
    expect(loader.queued()).toBe(3);
    expect(loader.dropped()).toEqual({ overflow: 2, denied: 0, failed: 0, visitor: 0 });
    void loader.start();
    const sdk: FakeSdk = { calls: [], stopped: 0 };
    gate.resolve(sdk);
    await loader.ready();
    expect(sdk.calls).toEqual(['3', '4', '5']);
  });

  it('defaults to a queue of 100', () => {
    const loader = createVendorLoader({ name: 'sdk', load: () => new Promise<FakeSdk>(() => {}), consent: false });
    for (let i = 0; i < 150; i++) loader.call(() => {});
    expect(loader.queued()).toBe(100);
    expect(loader.dropped().overflow).toBe(50);
  });

  it('does not load before consent, loads on grant, drops the queue on denial', async () => {
    const consent = createConsent({ storage: null });
    const load = vi.fn(async (): Promise<FakeSdk> => ({ calls: [], stopped: 0 }));
    const loader = createVendorLoader({ name: 'sdk', load, consent: { store: consent, category: 'analytics' } });
    void loader.start();
    loader.call((sdk) => sdk.calls.push('early'));
    expect(loader.status()).toBe('waiting-consent');
    expect(load).not.toHaveBeenCalled();
    consent.grant('analytics');
    const sdk = await loader.ready();
    expect(load).toHaveBeenCalledOnce();
    expect(sdk?.calls).toEqual(['early']);

    const denied = createConsent({ storage: null });
    const load2 = vi.fn(async (): Promise<FakeSdk> => ({ calls: [], stopped: 0 }));
    const other = createVendorLoader({ name: 'sdk', load: load2, consent: { store: denied, category: 'analytics' } });
    void other.start();
    other.call(() => {});
    other.call(() => {});
    denied.deny('analytics');
    other.call(() => {});
    expect(other.status()).toBe('denied');
    expect(other.queued()).toBe(0);
    expect(other.dropped()).toEqual({ overflow: 0, denied: 3, failed: 0, visitor: 0 });
    expect(load2).not.toHaveBeenCalled();
    await expect(other.ready()).resolves.toBeUndefined();
  });

  it('calls onRevoke when consent is withdrawn after ready, and onRegrant when granted again', async () => {
    const consent = createConsent({ storage: null, initial: { analytics: 'granted' } });
    const onRevoke = vi.fn((sdk: FakeSdk) => {
      sdk.stopped++;
    });
    const onRegrant = vi.fn();
    const loader = createVendorLoader({
      name: 'sdk',
      load: async (): Promise<FakeSdk> => ({ calls: [], stopped: 0 }),
      consent: { store: consent, category: 'analytics' },
      onRevoke,
      onRegrant,
    });
    const sdk = await loader.start();
    consent.deny('analytics');
    expect(onRevoke).toHaveBeenCalledOnce();
    expect(sdk?.stopped).toBe(1);
    loader.call((s) => s.calls.push('while denied'));
    consent.grant('analytics');
    expect(onRegrant).toHaveBeenCalledOnce();
    expect(loader.status()).toBe('ready');
    expect(sdk?.calls).toEqual([]);
  });

  it('stops an SDK that finished loading after consent was withdrawn', async () => {
    const consent = createConsent({ storage: null, initial: { analytics: 'granted' } });
    const gate = deferred<FakeSdk>();
    const load = vi.fn(() => gate.promise);
    const onRevoke = vi.fn();
    const loader = createVendorLoader({
      name: 'sdk',
      load,
      consent: { store: consent, category: 'analytics' },
      onRevoke,
    });
    void loader.start();
    await importStarted(load);
    consent.deny('analytics');
    gate.resolve({ calls: [], stopped: 0 });
    await vi.waitFor(() => expect(onRevoke).toHaveBeenCalledOnce());
    expect(loader.status()).toBe('denied');
  });

  it('retries on a later grant when the import failed after consent was withdrawn (never hangs)', async () => {
    const consent = createConsent({ storage: null, initial: { analytics: 'granted' } });
    const first = deferred<FakeSdk>();
    const load = vi
      .fn<() => Promise<FakeSdk>>()
      .mockReturnValueOnce(first.promise)
      .mockResolvedValueOnce({ calls: [], stopped: 0 });
    const loader = createVendorLoader<FakeSdk>({
      name: 'sdk',
      load,
      consent: { store: consent, category: 'analytics' },
    });
    void loader.start();
    await importStarted(load);
    consent.deny('analytics');
    first.reject(new Error('init failed'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    consent.grant('analytics');
    loader.call((sdk) => sdk.calls.push('after regrant'));
    const sdk = await loader.ready();
    expect(load).toHaveBeenCalledTimes(2);
    expect(sdk?.calls).toEqual(['after regrant']);
  });

  it('a blocked import ends in "blocked" with a typed error and no unhandled rejection', async () => {
    const loader = createVendorLoader<FakeSdk>({
      name: 'sdk',
      load: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/sdk.js')),
      consent: false,
    });
    loader.call(() => {});
    await expect(loader.start()).resolves.toBeUndefined();
    expect(loader.status()).toBe('blocked');
    const error = loader.failure();
    expect(isPlinthError(error)).toBe(true);
    expect(error).toMatchObject({ source: 'loader', code: 'blocked' });
    expect(String(error?.cause)).toMatch(/dynamically imported/);
    expect(loader.dropped()).toEqual({ overflow: 0, denied: 0, failed: 1, visitor: 0 });
    loader.call(() => {});
    expect(loader.dropped()).toEqual({ overflow: 0, denied: 0, failed: 2, visitor: 0 });
  });

  it('an SDK that loaded but failed to start with a network error is "failed", not "blocked"', async () => {
    const loader = createVendorLoader<FakeSdk>({
      name: 'sdk',
      load: () => Promise.reject(new Error('LDFlagFetchError: network error fetching flags (500)')),
      consent: false,
    });
    await expect(loader.start()).resolves.toBeUndefined();
    expect(loader.status()).toBe('failed');
    expect(String(loader.failure()?.cause)).toMatch(/network error/);
  });

  it('an init that throws (sync or async) ends in "failed"', async () => {
    const sync = createVendorLoader<FakeSdk>({
      name: 'sdk',
      load: () => {
        throw new Error('bad key');
      },
      consent: false,
    });
    await expect(sync.start()).resolves.toBeUndefined();
    expect(sync.status()).toBe('failed');
    const asyncFail = createVendorLoader<FakeSdk>({
      name: 'sdk',
      load: async () => Promise.reject('nope'),
      consent: false,
    });
    await asyncFail.start();
    expect(asyncFail.failure()?.code).toBe('failed');
  });

  describe('reject: the service refused the configuration', () => {
    afterEach(() => resetChannel());

    it('moves to `rejected` with a typed error, warns once in development, reports once, and keeps delivering', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const reports: unknown[] = [];
      channel.on('report', (event) => reports.push(event));
      const sdk: FakeSdk = { calls: [], stopped: 0 };
      const loader = createVendorLoader({ name: 'sdk', load: () => sdk, consent: false });
      const statuses: string[] = [];
      loader.subscribeStatus((status) => statuses.push(status));
      await loader.start();
      loader.reject({ message: 'the service refused the key (403)', httpStatus: 403, url: '/v1/input' });
      loader.reject({ message: 'the service refused the key (403)', httpStatus: 403, url: '/v1/input' });
      expect(loader.status()).toBe('rejected');
      expect(statuses).toEqual(['loading', 'ready', 'rejected']);
      const error = loader.failure();
      expect(isPlinthError(error)).toBe(true);
      expect(error).toMatchObject({ source: 'loader', code: 'rejected', cause: { httpStatus: 403, url: '/v1/input' } });
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn).toHaveBeenCalledWith('[plinth] sdk: the service refused the key (403)');
      expect(reports).toEqual([
        expect.objectContaining({
          level: 'error',
          context: expect.objectContaining({ vendor: 'sdk', httpStatus: 403 }),
        }),
      ]);
      loader.call((client) => client.calls.push('after'));
      await expect(loader.ready()).resolves.toBe(sdk);
      expect(sdk.calls).toEqual(['after']);
      loader.accepted();
      expect(loader.status()).toBe('ready');
      expect(loader.failure()).toBeUndefined();
      warn.mockRestore();
    });

    it('is ignored before the SDK is loaded (nothing was refused yet)', () => {
      const loader = createVendorLoader<FakeSdk>({ name: 'sdk', load: () => new Promise(() => {}), consent: false });
      loader.reject({ message: 'refused' });
      expect(loader.status()).toBe('idle');
      expect(loader.failure()).toBeUndefined();
    });
  });

  it('times out, resolves waiters, then becomes ready if the SDK arrives late', async () => {
    vi.useFakeTimers();
    try {
      const gate = deferred<FakeSdk>();
      const loader = createVendorLoader({ name: 'sdk', load: () => gate.promise, timeoutMs: 1000, consent: false });
      const started = loader.start();
      loader.call((sdk) => sdk.calls.push('queued'));
      await vi.advanceTimersByTimeAsync(1000);
      expect(loader.status()).toBe('timeout');
      await expect(started).resolves.toBeUndefined();
      const sdk: FakeSdk = { calls: [], stopped: 0 };
      gate.resolve(sdk);
      await vi.advanceTimersByTimeAsync(0);
      expect(loader.status()).toBe('ready');
      expect(sdk.calls).toEqual(['queued']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('contains a throwing queued call: the rest still run', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const sdk: FakeSdk = { calls: [], stopped: 0 };
    const loader = createVendorLoader({ name: 'sdk', load: async () => sdk, consent: false });
    loader.call(() => {
      throw new Error('bug');
    });
    loader.call((s) => s.calls.push('after'));
    await loader.start();
    expect(sdk.calls).toEqual(['after']);
  });

  it('reports status changes to subscribers', async () => {
    const loader = createVendorLoader({ name: 'sdk', load: async () => ({}), consent: false });
    const seen: string[] = [];
    loader.subscribeStatus((s) => seen.push(s));
    await loader.start();
    expect(seen).toEqual(['loading', 'ready']);
  });

  it('dispose stops following consent; start resumes it (StrictMode) and the queue is kept', async () => {
    const consent = createConsent({ storage: null });
    const load = vi.fn(async (): Promise<FakeSdk> => ({ calls: [], stopped: 0 }));
    const loader = createVendorLoader({ name: 'sdk', load, consent: { store: consent, category: 'analytics' } });
    void loader.start();
    loader.call((sdk) => sdk.calls.push('early'));
    loader.stop();
    expect(loader.status()).toBe('idle');
    consent.grant('analytics');
    expect(load).not.toHaveBeenCalled(); // not following while disposed
    const sdk = await loader.start(); // the grant made meanwhile is read on start
    expect(load).toHaveBeenCalledOnce();
    expect(sdk?.calls).toEqual(['early']);
  });

  describe("state: the app's intent survives consent; events do not", () => {
    const setup = (initial: 'granted' | 'pending' = 'granted') => {
      const consent = createConsent({ storage: null, initial: { monitoring: initial } });
      const sdks: FakeSdk[] = [];
      const loader = createVendorLoader({
        name: 'sdk',
        load: async (): Promise<FakeSdk> => {
          const sdk = { calls: [], stopped: 0 };
          sdks.push(sdk);
          return sdk;
        },
        consent: { store: consent, category: 'monitoring' },
        onRevoke: (sdk) => {
          sdk.stopped++;
          sdk.calls.push('revoked');
        },
        onRegrant: (sdk) => void sdk.calls.push('regranted'),
      });
      const user = (id: string | null) => loader.call((sdk) => sdk.calls.push(`user ${id}`), { state: 'user' });
      return { consent, loader, sdks, user };
    };

    it('the kept state is applied before the restart hook, and the restart hook before any event', async () => {
      const { consent, loader, user } = setup();
      const sdk = (await loader.start())!;
      consent.deny('monitoring');
      user('dan');
      loader.call((s) => s.calls.push('event'));
      consent.grant('monitoring');
      loader.call((s) => s.calls.push('event after'));
      expect(sdk.calls).toEqual(['revoked', 'user dan', 'regranted', 'event after']);
    });

    it('a sign-out while denied reaches the SDK at the re-grant, before any event (the two-tab case)', async () => {
      const { consent, loader, user } = setup();
      user('carol');
      const sdk = (await loader.start())!;
      consent.deny('monitoring');
      user(null); // signed out in another tab while this one is denied
      loader.call((s) => s.calls.push('log while denied'));
      consent.grant('monitoring');
      loader.call((s) => s.calls.push('log after'));
      expect(sdk.calls).toEqual(['user carol', 'revoked', 'user null', 'regranted', 'log after']);
      expect(loader.dropped().denied).toBe(1);
    });

    it('applies the kept state again after every grant, in the order of its latest writes', async () => {
      const { consent, loader, user } = setup();
      user('carol');
      loader.call((s) => s.calls.push('context a'), { state: 'context' });
      const sdk = (await loader.start())!;
      consent.deny('monitoring');
      consent.grant('monitoring');
      expect(sdk.calls).toEqual(['user carol', 'context a', 'revoked', 'user carol', 'context a', 'regranted']);
    });

    it('state written before the load and while denied is applied at the load, once', async () => {
      const { consent, loader, user } = setup('pending');
      void loader.start();
      user('carol');
      consent.deny('monitoring');
      user('dave');
      expect(loader.queued()).toBe(1);
      consent.grant('monitoring');
      const sdk = (await loader.ready())!;
      expect(sdk.calls).toEqual(['user dave']);
    });

    it('clearState(reset): the reset runs once; what was kept before it is never applied again', async () => {
      const { consent, loader, user } = setup();
      user('carol');
      const sdk = (await loader.start())!;
      consent.deny('monitoring');
      loader.clearState((s) => s.calls.push('reset'));
      consent.grant('monitoring');
      consent.deny('monitoring');
      consent.grant('monitoring');
      expect(sdk.calls).toEqual(['user carol', 'revoked', 'reset', 'regranted', 'revoked', 'regranted']);
    });

    it('a pending consent keeps the state too (a consent reset), and a failed SDK drops events, not state', async () => {
      const consent = createConsent({ storage: null });
      const loader = createVendorLoader<FakeSdk>({
        name: 'sdk',
        load: () => Promise.reject(new Error('init failed')),
        consent: { store: consent, category: 'analytics' },
      });
      void loader.start();
      const request = loader.request(() => 'applied', { state: 'identify' });
      loader.call(() => {});
      consent.grant('analytics');
      await loader.ready();
      expect(loader.status()).toBe('failed');
      expect(loader.dropped().failed).toBe(1);
      expect(loader.queued()).toBe(1); // the state is still kept
      await expect(request).resolves.toBeUndefined(); // never hangs
      await expect(loader.request(() => 'x', { state: 'identify' })).resolves.toBeUndefined();
    });
  });

  describe("loadOn: 'first-event' (Sentry's lazy loader)", () => {
    const setup = (initial: 'granted' | 'pending') => {
      const consent = createConsent({ storage: null, initial: { monitoring: initial } });
      const load = vi.fn(async (): Promise<FakeSdk> => ({ calls: [], stopped: 0 }));
      const loader = createVendorLoader({
        name: 'sdk',
        load,
        consent: { store: consent, category: 'monitoring' },
        loadOn: 'first-event',
      });
      return { consent, load, loader };
    };

    it('consent alone imports nothing; state is kept; the first event imports the SDK and arrives with its time', async () => {
      const { load, loader } = setup('granted');
      void loader.start();
      loader.call((sdk) => sdk.calls.push('user carol'), { state: 'user' });
      expect(loader.status()).toBe('idle');
      expect(load).not.toHaveBeenCalled();
      const at = new Date();
      loader.call((sdk, when) => sdk.calls.push(`log at ${when.getTime() >= at.getTime()}`));
      expect(loader.status()).toBe('loading');
      await importStarted(load);
      const sdk = await loader.ready();
      expect(sdk?.calls).toEqual(['user carol', 'log at true']);
    });

    it('events made before consent import the SDK at the grant; none: the grant imports nothing', async () => {
      const early = setup('pending');
      void early.loader.start();
      early.loader.call((sdk) => sdk.calls.push('early error'));
      early.consent.grant('monitoring');
      expect((await early.loader.ready())?.calls).toEqual(['early error']);

      const quiet = setup('pending');
      void quiet.loader.start();
      quiet.consent.grant('monitoring');
      expect(quiet.loader.status()).toBe('idle');
      expect(quiet.load).not.toHaveBeenCalled();
    });

    it('nothing before consent, even an event; a denial drops it', () => {
      const { consent, load, loader } = setup('pending');
      void loader.start();
      loader.call(() => {});
      expect(load).not.toHaveBeenCalled();
      consent.deny('monitoring');
      expect(loader.dropped().denied).toBe(1);
      loader.call(() => {});
      expect(load).not.toHaveBeenCalled();
    });

    it('a stopped loader imports nothing at an event; start() again does', async () => {
      const { load, loader } = setup('granted');
      void loader.start();
      loader.stop();
      loader.call((sdk) => sdk.calls.push('while stopped'));
      expect(load).not.toHaveBeenCalled();
      expect((await loader.start())?.calls).toEqual(['while stopped']);
    });
  });

  describe('the visitor: one reconcile step, one rule for queued events', () => {
    const setup = (reconciled: string[]) => {
      const consent = createConsent({ storage: null });
      const loader = createVendorLoader({
        name: 'sdk',
        load: async (): Promise<FakeSdk> => ({ calls: [], stopped: 0 }),
        consent: { store: consent, category: 'monitoring' },
        onRevoke: (sdk) => void sdk.calls.push('revoked'),
        reconcile: (sdk, next, previous) => {
          const who = (v: typeof next | undefined) =>
            v === undefined ? 'fresh' : v.subject.kind === 'identified' ? v.subject.user.id : v.subject.kind;
          reconciled.push(`${who(previous)} → ${who(next)}`);
          sdk.calls.push(`visitor ${who(next)} ${JSON.stringify(next.attributes)}`);
        },
      });
      return { consent, loader };
    };

    it('reconciles at load before anything else, at each change while running, and again from scratch at a grant', async () => {
      const steps: string[] = [];
      const { consent, loader } = setup(steps);
      channel.signedIn({ id: 'ada' });
      loader.call((s) => s.calls.push('event'), { state: 'kind' });
      consent.grant('monitoring');
      const sdk = (await loader.start())!;
      expect(sdk.calls).toEqual(['visitor ada {}', 'event']);
      channel.visitor.update({ attributes: { plan: 'pro' } });
      expect(sdk.calls.at(-1)).toBe('visitor ada {"plan":"pro"}');
      consent.deny('monitoring');
      channel.signedOut(); // while denied: nothing reaches the SDK
      expect(sdk.calls.at(-1)).toBe('revoked');
      consent.grant('monitoring');
      expect(steps).toEqual(['fresh → ada', 'ada → ada', 'fresh → anonymous']);
      expect(sdk.calls.slice(-2)).toEqual(['visitor anonymous {}', 'event']);
    });

    it('an event queued by a person who then leaves is dropped and counted, never sent as the next visitor', async () => {
      const { consent, loader } = setup([]);
      channel.signedIn({ id: 'ada' });
      const made: string[] = [];
      loader.call(() => made.push('ada clicked'));
      const asked = loader.request(() => 'ada asked');
      channel.signedOut();
      loader.call(() => made.push('anonymous clicked'));
      channel.signedIn({ id: 'ada' }); // signing in again makes a new person: events before the sign-out stay hers
      loader.call(() => made.push('ada clicked again'));
      consent.grant('monitoring');
      await loader.start();
      expect(made).toEqual(['anonymous clicked', 'ada clicked again']);
      await expect(asked).resolves.toBeUndefined();
      expect(loader.dropped()).toMatchObject({ visitor: 2 });
    });
  });
});
