import {
  type ConsentStore,
  channel,
  createVendorLoader,
  isBrowser,
  type PlinthUser,
  type VendorStatus,
} from '@plinth/core';
import type { LaunchDarklyAdapter } from './adapter/launchdarkly';
import type { FlagCatalogue, FlagValue } from './defineFlags';
import type { ContextAttribute } from './ldContext';
import { createFlagStore, type FlagDetails, type FlagSource, type FlagsStatus } from './store';

export interface FlagsConfig<Defaults extends Record<string, FlagValue> = Record<string, FlagValue>> {
  /** The catalogue from `defineFlags`. */
  flags: FlagCatalogue<Defaults>;
  /** The LaunchDarkly environment's client-side ID. */
  clientSideId: string;
  /** Values known before the SDK answers (e.g. from `createBootstrap` on the server). They win over the cache. */
  bootstrap?: Partial<Defaults> | undefined;
  /** Where flags are fetched (`/sdk/evalx/…`). Default LaunchDarkly's. */
  baseUrl?: string | undefined;
  /** Where the stream connects (`/eval/…`). */
  streamUrl?: string | undefined;
  /** Where events go (`/events/bulk/…`). */
  eventsUrl?: string | undefined;
  /** Live updates over the streaming connection. Default `false`. */
  streaming?: boolean | undefined;
  /** Past it the status is `timeout` (values stay, and update when the service answers). Default 1500 ms. */
  timeoutMs?: number | undefined;
  /**
   * The consent store whose `functional` category gates the SDK and the cache. `FlagsProvider` uses the
   * nearest `ConsentProvider`'s. `false`: no consent needed. Without either, nothing is loaded (fail closed).
   */
  consent?: ConsentStore | false | undefined;
  /** Keep the last-known values first-party (localStorage, only with `functional` consent). Default `true`. */
  cache?: boolean | undefined;
  /**
   * User attributes sent with the context for targeting, as private attributes. Default none: only the
   * user's stable id leaves the page. `['email']` opts in (the evaluation request then carries it).
   */
  contextAttributes?: readonly ContextAttribute[] | undefined;
  /** Send evaluation (exposure) and identify events to LaunchDarkly. Default `true`. */
  sendEvents?: boolean | undefined;
}

/** What the hooks read. A `FlagsProvider` creates one from a config, or takes one from `createFlagsClient`. */
export interface FlagsClient {
  /** The catalogue's defaults. */
  readonly defaults: Readonly<Record<string, FlagValue>>;
  details(key: string): FlagDetails;
  subscribe(key: string, listener: () => void): () => void;
  status(): FlagsStatus;
  subscribeStatus(listener: () => void): () => void;
  /** Record that `variant` of `key` was shown: on the session channel, and with LaunchDarkly once it serves that variant. */
  exposure(key: string, variant: FlagValue): void;
  /** Start following consent and the session (browser only; idempotent). */
  start(): void;
  /** Stop following them; the SDK and its values stay for a later `start()`. */
  dispose(): void;
  /** Close the SDK (stream, events) for good. */
  close(): void;
}

const CATEGORY = 'functional';
/** The loader's outcomes as flag statuses; the others leave the status to the timer. */
const LOADER_STATUS: Partial<Record<VendorStatus, FlagsStatus>> = {
  ready: 'ready',
  timeout: 'timeout',
  failed: 'failed',
  blocked: 'failed',
  denied: 'failed',
};
const cacheKey = (clientSideId: string) => `plinth.flags.${clientSideId}`;

const storage = (): Storage | undefined => {
  try {
    return isBrowser ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
};

function readCache(key: string): Record<string, FlagValue> | undefined {
  try {
    return JSON.parse(storage()?.getItem(key) ?? 'null') ?? undefined;
  } catch {
    return undefined; // unreadable: as if there were none
  }
}

/** Removes Plinth's cache and the SDK's own first-party storage (`ld:…` keys). */
function clearStorage(key: string) {
  try {
    const store = storage();
    if (!store) return;
    store.removeItem(key);
    for (let i = store.length - 1; i >= 0; i -= 1) {
      const name = store.key(i);
      if (name?.startsWith('ld:')) store.removeItem(name);
    }
  } catch {
    // disabled storage: nothing to clear
  }
}

/** The flags client behind `FlagsProvider`: typed values that are right before the SDK answers. */
export function createFlagsClient<Defaults extends Record<string, FlagValue>>(
  config: FlagsConfig<Defaults>,
): FlagsClient {
  const { flags, clientSideId, consent, timeoutMs = 1500, streaming = false } = config;
  const useCache = config.cache !== false && consent !== undefined;
  const key = cacheKey(clientSideId);
  const granted = () => consent === false || consent?.get(CATEGORY) === 'granted';
  const store = createFlagStore(flags.defaults, [
    { source: 'cache', values: useCache && isBrowser && granted() ? readCache(key) : undefined },
    { source: 'bootstrap', values: config.bootstrap as Record<string, FlagValue> | undefined },
  ]);
  let user: PlinthUser | null = null;
  let following: (() => void)[] = [];
  let closed = false;
  let adapter: LaunchDarklyAdapter | undefined;

  const onError = (error: unknown) =>
    channel.reportOnce(`flags:${String(error)}`, 'warn', 'LaunchDarkly error', { error: String(error) });

  const loader = createVendorLoader<LaunchDarklyAdapter>({
    name: 'launchdarkly',
    consent: consent ? { store: consent, category: CATEGORY } : false,
    timeoutMs,
    load: async () => {
      const { createLaunchDarkly } = await import('./adapter/launchdarkly');
      adapter = await createLaunchDarkly({
        clientSideId,
        user,
        contextAttributes: config.contextAttributes,
        baseUrl: config.baseUrl,
        streamUrl: config.streamUrl,
        eventsUrl: config.eventsUrl,
        streaming,
        sendEvents: config.sendEvents !== false,
        onError,
        onFlags(live) {
          if (closed) return;
          store.set(live, 'live');
          if (useCache && granted()) {
            const values: Record<string, FlagValue> = {};
            for (const [name, flag] of Object.entries(live)) if (flag.value != null) values[name] = flag.value;
            try {
              storage()?.setItem(key, JSON.stringify({ ...readCache(key), ...values }));
            } catch {
              // quota or disabled storage: the values still hold for this page
            }
          }
        },
      });
      if (closed) adapter.close();
      return adapter;
    },
    onRevoke: (client) => {
      client.close();
      clearStorage(key);
    },
    onRegrant: (client) => client.reopen(),
  });

  const fromLoader = (status: VendorStatus) => {
    const next = LOADER_STATUS[status];
    if (next) store.setStatus(next);
  };

  const identify = (next: PlinthUser | null) => {
    user = next;
    loader.call((client) => void client.identify(next), { state: 'identify' });
  };

  const client: FlagsClient = {
    defaults: flags.defaults,
    details: store.get,
    subscribe: store.subscribe,
    status: store.status,
    subscribeStatus: store.subscribeStatus,
    exposure(name, variant) {
      const source: FlagSource = store.get(name).source;
      channel.exposure(name, variant, { source });
      loader.call((sdk) => sdk.exposure(name, variant, flags.defaults[name] ?? null));
    },
    start() {
      if (!isBrowser || closed || following.length > 0) return;
      if (consent === undefined) {
        channel.reportOnce(
          'flags:no-consent',
          'warn',
          '@plinth/flags: no ConsentProvider (or consent: false), so no flag service',
        );
      }
      const timer = setTimeout(() => {
        if (store.status() === 'loading') store.setStatus('timeout');
      }, timeoutMs);
      following = [
        () => clearTimeout(timer),
        channel.on('signedIn', (event) => identify(event.user), { replay: true }),
        channel.on('signedOut', () => identify(null)),
        loader.subscribe(fromLoader),
      ];
      if (consent) following.push(consent.onRevoke(CATEGORY, () => clearStorage(key)));
      if (consent === undefined) return;
      fromLoader(loader.status());
      void loader.start();
    },
    dispose() {
      for (const stop of following) stop();
      following = [];
      loader.dispose();
    },
    close() {
      client.dispose();
      closed = true;
      adapter?.close();
    },
  };
  return client;
}
