import {
  type ConsentStore,
  channel,
  createVendorLoader,
  isBrowser,
  PlinthError,
  type PlinthUser,
  reportMisconfiguration,
  scrubDeep,
  type VendorStatus,
} from '@plinth/core';
import type { LaunchDarklyAdapter } from './adapter/launchdarkly';
import type { FlagCatalogue, FlagValue } from './defineFlags';
import type { AppContext, ContextAttribute } from './ldContext';
import {
  createFlagStore,
  type FlagDetails,
  type FlagErrorCode,
  type FlagSource,
  type FlagsStatus,
  type ReadyState,
  settledPromise,
} from './store';
import { type UserAttributes, userAttributesError } from './userAttributes';
import { forgetVisitorKey } from './visitorKey';

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
  /**
   * Secure mode: the hash your server computed for this user's context key (HMAC-SHA256 with the
   * environment's SDK key, hex; LaunchDarkly's server SDKs call it `secureModeHash`). Called at start and
   * at each sign-in and sign-out. Needed when the environment requires secure mode.
   */
  hash?: ((user: PlinthUser | null) => string | undefined) | undefined;
  /**
   * Context kinds of the app's own beside the user (LaunchDarkly multi-kind contexts), e.g.
   * `{ organization: { key: 'acme', plan: 'pro' } }`; change them later with `setContext`.
   */
  contexts?: Readonly<Record<string, AppContext | null | undefined>> | undefined;
  /**
   * Attributes of the app's own on the user context, for targeting (`{ plan: 'pro', beta: true }`), anonymous
   * or signed in; change them later with `setUserAttributes`. Scrubbed by core's scrubber, not private (put nothing
   * personal here; `contextAttributes` sends email and name as private attributes). They go at sign-out.
   */
  userAttributes?: UserAttributes | undefined;
}

/** What `track` sends with a metric event. */
export interface TrackOptions {
  /** The metric's value, for numeric metrics (revenue, duration). */
  value?: number | undefined;
  /** Extra data, scrubbed by core's scrubber before it leaves the page. */
  data?: Record<string, unknown> | undefined;
}

/** What the hooks read. A `FlagsProvider` creates one from a config, or takes one from `createFlagsClient`. */
export interface FlagsClient {
  /** The catalogue's defaults. */
  readonly defaults: Readonly<Record<string, FlagValue>>;
  details(key: string): FlagDetails;
  subscribe(key: string, listener: () => void): () => void;
  status(): FlagsStatus;
  subscribeStatus(listener: () => void): () => void;
  /**
   * Why the status is `failed` or `timeout` (LaunchDarkly's `useLDClientError`): a `PlinthError` from the
   * loader (`code`: `'failed'` — the SDK's init was refused or errored, e.g. a 400 in secure mode without
   * `hash`: its `cause` is the SDK's error —, `'blocked'`, `'timeout'`);
   * `undefined` otherwise, and when consent is denied (a choice, not a failure).
   */
  failure(): PlinthError | undefined;
  /** Catalogue flags the service answered for with an error (`FLAG_NOT_FOUND`, `TYPE_MISMATCH`), by key. */
  errors(): Readonly<Record<string, FlagErrorCode>>;
  /**
   * An experiment metric event (a conversion, or a numeric `value`) for LaunchDarkly, with `functional`
   * consent: queued until the SDK is ready, dropped when consent is denied.
   */
  track(metric: string, options?: TrackOptions): void;
  /**
   * Set (or with `null` remove) a context kind of the app's own beside the user, e.g.
   * `setContext('organization', { key: 'acme' })`: the flags are evaluated again for the new context.
   * Resolves once they are (at once when the SDK is not running: the context applies when it starts), or
   * past `timeoutMs`; never rejects. Throws a `PlinthError` for an invalid kind or key.
   */
  setContext(kind: string, context: AppContext | null): Promise<void>;
  /**
   * Set (or with `null` remove) the app's own attributes on the user context (`{ plan: 'pro' }`), merged
   * with the key the session gives; they go at sign-out. Like `setContext`, resolves once the flags are
   * evaluated for the new context (at once when the SDK is not running; never rejects); reserved names
   * (`key`, `anonymous`, `email`, `name`…) throw a `PlinthError` (`code: 'user_attributes'`) at the call.
   */
  setUserAttributes(attributes: UserAttributes | null): Promise<void>;
  /**
   * Resolves with the status once the flag service answered, failed or `timeoutMs` passed (from the first
   * call), whichever comes first: what to await before a first render that must not flicker.
   */
  ready(): Promise<FlagsStatus>;
  /** Where `ready()`'s wait is (`'unasked'`, `'waiting'`, `'settled'`): what the hooks' `suspend` reads. */
  readyState(): ReadyState;
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
/** Nothing will answer until the visitor decides: a wait for the flag service ends at once. */
const UNANSWERED: ReadonlySet<VendorStatus> = new Set(['waiting-consent', 'denied']);
/**
 * Set when a `ready()` wait ended on a client that was never started: a component suspended above its
 * `FlagsProvider`, whose client (created again at each retry of a tree that never mounts) would make it wait
 * for ever. From then on `suspend` does not wait (the values show as they are) and the mistake is reported.
 */
let suspendAboveProvider = false;

/**
 * The first-party cache, per client-side ID and per context: a signed-in user's values are never shown to
 * another visitor of the same browser (and they go at sign-out).
 */
const cacheKey = (clientSideId: string, user: PlinthUser | null | undefined) =>
  `plinth.flags.${clientSideId}.${user ? `user:${user.id}` : 'anonymous'}`;

/** The JSON kind of a value, to compare what the service serves with the catalogue's default. */
const kindOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

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

/** Removes Plinth's cache (`key`, or every context's when it ends with `.`) and the SDK's own storage (`ld:…` keys). */
function clearStorage(key: string) {
  try {
    const store = storage();
    if (!store) return;
    store.removeItem(key);
    for (let i = store.length - 1; i >= 0; i -= 1) {
      const name = store.key(i);
      if (name?.startsWith('ld:') || (key.endsWith('.') && name?.startsWith(key))) store.removeItem(name);
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
  const everyContext = `plinth.flags.${clientSideId}.`;
  let key = cacheKey(clientSideId, channel.session()?.user);
  const granted = () => consent === false || consent?.get(CATEGORY) === 'granted';
  const store = createFlagStore(flags.defaults, [
    { source: 'cache', values: useCache && isBrowser && granted() ? readCache(key) : undefined },
    { source: 'bootstrap', values: config.bootstrap as Record<string, FlagValue> | undefined },
  ]);
  let user: PlinthUser | null = null;
  let following: (() => void)[] = [];
  let closed = false;
  let adapter: LaunchDarklyAdapter | undefined;
  const errors: Record<string, FlagErrorCode> = {};
  let started = false;
  let waited: Promise<FlagsStatus> | undefined;
  const kinds: Record<string, AppContext> = {};
  let attributes: UserAttributes = {};

  /**
   * What the service serves, checked against the catalogue: a value of another type than the default is
   * refused (`TYPE_MISMATCH`, the default is used), and on a complete answer a catalogue flag it does not
   * serve is `FLAG_NOT_FOUND` (LaunchDarkly leaves out flags not available to client-side SDKs, silently).
   * Each is reported once: a console warning in development, an error report on the channel.
   */
  const checked = (live: Record<string, { value: FlagValue | undefined; reason: string }>, complete: boolean) => {
    const out: Record<string, { value: FlagValue | undefined; reason: string; errorCode?: FlagErrorCode }> = {};
    for (const [name, flag] of Object.entries(live)) {
      const fallback = flags.defaults[name];
      const mismatch =
        fallback !== undefined && flag.value != null && fallback !== null && kindOf(flag.value) !== kindOf(fallback);
      if (mismatch) {
        errors[name] = 'TYPE_MISMATCH';
        reportMisconfiguration(
          `launchdarkly:type:${name}`,
          `launchdarkly: flag "${name}" is a ${kindOf(flag.value)} in LaunchDarkly but a ${kindOf(fallback)} in the catalogue: its default is used (TYPE_MISMATCH)`,
          { flag: name, errorCode: 'TYPE_MISMATCH' },
        );
        out[name] = { ...flag, errorCode: 'TYPE_MISMATCH' };
      } else {
        delete errors[name];
        out[name] = flag;
      }
    }
    if (complete) {
      for (const name of Object.keys(flags.defaults)) {
        if (Object.hasOwn(live, name)) continue;
        errors[name] = 'FLAG_NOT_FOUND';
        reportMisconfiguration(
          `launchdarkly:missing:${name}`,
          `launchdarkly: flag "${name}" is not in the client-side evaluation, so its default is used (FLAG_NOT_FOUND). Is it available to client-side SDKs ("SDKs using Client-side ID" in the flag's settings), and spelled as in LaunchDarkly?`,
          { flag: name, errorCode: 'FLAG_NOT_FOUND' },
        );
        out[name] = { value: undefined, reason: 'ERROR', errorCode: 'FLAG_NOT_FOUND' };
      }
    }
    return out;
  };

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
        hash: config.hash,
        kinds: () => kinds,
        userAttributes: () => attributes,
        onError,
        onFlags(received, complete = false) {
          if (closed) return;
          const live = checked(received, complete);
          store.set(live, 'live');
          if (useCache && granted()) {
            const values: Record<string, FlagValue> = {};
            for (const [name, flag] of Object.entries(live))
              if (flag.value != null && !flag.errorCode) values[name] = flag.value;
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
      clearStorage(everyContext);
    },
    onRegrant: (client) => client.reopen(),
  });

  const fromLoader = (status: VendorStatus) => {
    const next = LOADER_STATUS[status];
    // Notified even when the flags' status stays (the client's own timer may have set `timeout` first): the
    // loader's error, which `failure()` reads, has changed.
    if (next) store.setStatus(next, true);
    if (UNANSWERED.has(status)) store.settle();
  };

  const identify = (next: PlinthUser | null) => {
    // Signed out: that user's cached values and attributes go; either way the cache follows the new context.
    if (user && !next) {
      clearStorage(key);
      attributes = {};
    }
    key = cacheKey(clientSideId, next);
    user = next;
    loader.call((client) => void client.identify(next), { state: 'identify' });
  };

  const setContext = (kind: string, context: AppContext | null) => {
    if (!/^[A-Za-z0-9._-]+$/.test(kind) || kind === 'kind' || kind === 'multi' || kind === 'user') {
      throw new PlinthError(
        `flags: "${kind}" cannot be a context kind (letters, digits, . _ -; not kind, multi or user)`,
        { source: 'flags', code: 'context_kind' },
      );
    }
    if (context !== null && (typeof context?.key !== 'string' || context.key === '')) {
      throw new PlinthError(`flags: the "${kind}" context needs a non-empty string key`, {
        source: 'flags',
        code: 'context_key',
      });
    }
    if (context === null) delete kinds[kind];
    else kinds[kind] = scrubDeep(context); // PII scrubbed before it leaves the page, as everywhere
  };
  for (const [kind, context] of Object.entries(config.contexts ?? {})) if (context != null) setContext(kind, context);
  const setAttributes = (next: UserAttributes | null) => {
    const problem = userAttributesError(next);
    if (problem) throw new PlinthError(`flags: ${problem}`, { source: 'flags', code: 'user_attributes' });
    attributes = scrubDeep({ ...next });
  };
  setAttributes(config.userAttributes ?? null);

  /** Apply a change to the app's part of the context; evaluate again only if it changed anything. */
  const changeContext = (apply: () => void): Promise<void> => {
    const before = JSON.stringify([kinds, attributes]);
    apply();
    return JSON.stringify([kinds, attributes]) === before ? Promise.resolve() : reevaluate();
  };

  /**
   * Evaluate again for the context as it is now. While the SDK runs (or is starting), resolves when the
   * service has answered for it, or past `timeoutMs`; otherwise at once (the SDK starts on the current
   * context). Never rejects.
   */
  const reevaluate = (): Promise<void> => {
    const evaluated = loader.request((sdk) => sdk.identify(user), { state: 'identify' });
    const status = loader.status();
    if (status !== 'ready' && status !== 'loading' && status !== 'timeout' && status !== 'rejected') {
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      void evaluated.then(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  };

  const client: FlagsClient = {
    defaults: flags.defaults,
    track(metric, options = {}) {
      const data = options.data === undefined ? undefined : scrubDeep(options.data);
      loader.call((sdk) => sdk.track(metric, data, options.value));
    },
    setContext: (kind, context) => changeContext(() => setContext(kind, context)),
    setUserAttributes: (next) => changeContext(() => setAttributes(next)),
    ready() {
      if (waited) return waited;
      if (suspendAboveProvider && !started) {
        waited = settledPromise(Promise.resolve(store.status()));
        return waited;
      }
      const wait = store.ready(timeoutMs);
      if (UNANSWERED.has(loader.status())) store.settle();
      waited = settledPromise(
        wait.then((status) => {
          if (!started && isBrowser) {
            suspendAboveProvider = true;
            reportMisconfiguration(
              'flags:suspend-above-provider',
              'flags: suspend waited on a client never started: put <Suspense> inside <FlagsProvider>',
            );
          }
          return status;
        }),
      );
      return waited;
    },
    readyState: () => (waited && store.readyState() === 'unasked' ? 'settled' : store.readyState()),
    details: store.get,
    subscribe: store.subscribe,
    status: store.status,
    subscribeStatus: store.subscribeStatus,
    errors: () => ({ ...errors }),
    failure: () => loader.failure(),
    exposure(name, variant) {
      const source: FlagSource = store.get(name).source;
      channel.exposure(name, variant, { source });
      loader.call((sdk) => sdk.exposure(name, variant, flags.defaults[name] ?? null));
    },
    start() {
      if (!isBrowser || closed || following.length > 0) return;
      started = true;
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
        loader.subscribeStatus(fromLoader),
      ];
      if (consent) {
        following.push(
          consent.onRevoke(CATEGORY, () => {
            clearStorage(everyContext);
            forgetVisitorKey();
          }),
        );
      }
      if (consent === undefined) return;
      fromLoader(loader.status());
      void loader.start();
    },
    dispose() {
      for (const stop of following) stop();
      following = [];
      loader.stop();
    },
    close() {
      client.dispose();
      closed = true;
      adapter?.close();
    },
  };
  return client;
}
