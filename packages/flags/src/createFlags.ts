import {
  type ConsentStore,
  channel,
  configError,
  createVendorLoader,
  type DropCounts,
  isBrowser,
  requireConsent,
  scrubDeep,
  type VendorLifecycle,
} from '@plinth/core';
import type { LaunchDarklyAdapter } from './adapter/launchdarkly';
import { createFlagCache } from './cache';
import { createCatalogueCheck } from './catalogue';
import type { FlagCatalogue, FlagValue } from './defineFlags';
import type { AppContext, ContextAttribute, SecureModeContext } from './ldContext';
import type { createReconcile } from './reconcile';
import { createFlagStore, type FlagDetails, type FlagErrorCode, type FlagSource } from './store';
import type { UserAttributes } from './userAttributes';
import { createReadyWait, type ReadyWait } from './wait';
import { writeConfig, writeContext, writeUserAttributes } from './writer';

export interface FlagsConfig<Defaults extends Record<string, FlagValue> = Record<string, FlagValue>> {
  /** The catalogue from `defineFlags`. */
  flags: FlagCatalogue<Defaults>;
  /** The LaunchDarkly environment's client-side ID. Required (`code: 'missing_option'`). */
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
   * The consent store whose `functional` category gates the SDK, the cache and the visitor cookie, or `false`
   * for none. `FlagsProvider` takes the nearest `ConsentProvider`'s when the config has none; with neither,
   * `createFlags` throws (`source: 'config'`, `code: 'consent_required'`).
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
   * Secure mode: the hash your server computed for the context about to be evaluated: HMAC-SHA256 (hex) of its
   * `canonicalKey` with the environment's SDK key, as LaunchDarkly's server SDKs' `secureModeHash` computes it.
   * Called each time the SDK starts or identifies (a change of core's visitor: sign-in/out, `setContext`, `setUserAttributes`), with that
   * context's canonical key (the user's key, or with context kinds the multi-kind key, e.g.
   * `organization:acme:user:u-1`) and the context itself; may return a promise (a request to your server). Needed
   * when the environment requires secure mode.
   */
  hash?: ((context: SecureModeContext) => string | undefined | Promise<string | undefined>) | undefined;
  /**
   * Context kinds of the app's own beside the user (LaunchDarkly multi-kind contexts), e.g.
   * `{ organization: { key: 'acme', plan: 'pro' } }`: written to core's visitor (its `groups`) when the instance is
   * created; change them later with `setContext`. They go when a signed-in person leaves (core's visitor).
   */
  contexts?: Readonly<Record<string, AppContext | null | undefined>> | undefined;
  /**
   * Attributes of the app's own on the user context, for targeting (`{ plan: 'pro', beta: true }`), anonymous
   * or signed in: written to core's visitor (its `attributes`) when the instance is created; change them later with
   * `setUserAttributes`. Scrubbed by core's scrubber, not private (put nothing personal here; `contextAttributes`
   * sends email and name as private attributes). They go when a signed-in person leaves (core's visitor).
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

/**
 * A flags instance: what the hooks read. `FlagsProvider` creates one from a config, or takes one from
 * `createFlags`. Its lifecycle, status and failure are core's (`VendorLifecycle`).
 */
export interface Flags extends VendorLifecycle, ReadyWait {
  /** The catalogue's defaults. */
  readonly defaults: Readonly<Record<string, FlagValue>>;
  details(key: string): FlagDetails;
  /**
   * What the server drew for the flag: the bootstrap, else the default, never this browser's cache or a live value.
   * The hooks hydrate from it (React's server snapshot), so HTML rendered where the bootstrap failed (`{}`) hydrates
   * without a mismatch in a browser whose cache holds other values, which show right after. Optional for an instance
   * of your own; without it the hooks hydrate from `details`.
   */
  serverDetails?(key: string): FlagDetails;
  subscribe(key: string, listener: () => void): () => void;
  /** Catalogue flags the service answered for with an error (`FLAG_NOT_FOUND`, `TYPE_MISMATCH`), by key. */
  errors(): Readonly<Record<string, FlagErrorCode>>;
  /**
   * An experiment metric event (a conversion, or a numeric `value`) for LaunchDarkly, with `functional`
   * consent: queued until the SDK is ready, dropped when consent is denied.
   */
  track(metric: string, options?: TrackOptions): void;
  /**
   * Set (or with `null` remove) a context kind of the app's own beside the user, e.g.
   * `setContext('organization', { key: 'acme' })`: core's visitor group of that type (`channel.visitor.update`),
   * so PostHog's group of that type is the same one. The flags are evaluated again for the new context. Resolves
   * once they are (at once when the SDK is not running), or past `timeoutMs`; never rejects. Throws a `PlinthError`
   * (`source: 'flags'`, `code: 'context_kind'` or `'context_key'`) for an invalid kind or key.
   */
  setContext(kind: string, context: AppContext | null): Promise<void>;
  /**
   * Set the app's own attributes on the user context (`{ plan: 'pro' }`): core's visitor `attributes`, each given
   * set (a `null` value removes it), the others kept; `null` removes them all. Gone when a signed-in person leaves.
   * Resolves as `setContext` does; reserved names (`key`, `anonymous`, `email`, `name`…) throw a `PlinthError`
   * (`code: 'user_attributes'`).
   */
  setUserAttributes(attributes: UserAttributes | null): Promise<void>;
  /** Record that `variant` of `key` was shown: on the session channel, and with LaunchDarkly once it serves that variant. */
  exposure(key: string, variant: FlagValue): void;
  /**
   * Metric events and exposures dropped since creation, by reason (core's `DropCounts`): `overflow`, `denied`,
   * `failed`, and `visitor` (made by a person who left before they could be sent: core's one rule, never sent
   * under the next visitor's context).
   */
  dropped(): DropCounts;
}

const CATEGORY = 'functional';

/** Instances a `FlagsProvider` created from a config: it closes their SDK when it unmounts for good. */
const closers = new WeakMap<Flags, () => void>();
/** Close the SDK of an instance `FlagsProvider` owns (stream and events); for the provider only. */
export const closeFlags = (instance: Flags): void => closers.get(instance)?.();

/** Typed flag values that are right before the SDK answers, gated on `functional` consent. */
export function createFlags<Defaults extends Record<string, FlagValue>>(config: FlagsConfig<Defaults>): Flags {
  const { flags, clientSideId, timeoutMs = 1500, streaming = false } = config;
  const consent = requireConsent(
    'flags',
    config.consent,
    'a ConsentStore (or a ConsentProvider above FlagsProvider), or `false` for none',
  );
  if (typeof clientSideId !== 'string' || clientSideId === '') {
    throw configError(
      "flags: `clientSideId` is required (the LaunchDarkly environment's client-side ID)",
      'missing_option',
    );
  }
  writeConfig(config);
  const granted = () => consent === false || consent.get(CATEGORY) === 'granted';
  const cache = createFlagCache({ clientSideId, enabled: config.cache !== false, allowed: granted });
  const store = createFlagStore(flags.defaults, [
    { source: 'cache', values: cache.read() },
    { source: 'bootstrap', values: config.bootstrap as Record<string, FlagValue> | undefined },
  ]);
  const catalogue = createCatalogueCheck(flags.defaults);
  let revoking: (() => void) | undefined;
  let adapter: LaunchDarklyAdapter | undefined;
  let closed = false;
  let started = false;

  /** What the SDK reported (the adapter also prints it in development): on core's channel, which logging forwards. */
  const onError = (message: string) =>
    channel.reportOnce(`flags:${message}`, 'warn', 'LaunchDarkly error', { error: message });
  /** Core's visitor → the SDK (`./reconcile`, loaded with the adapter: nothing runs it before the SDK is there). */
  let reconcile: ReturnType<typeof createReconcile> | undefined;
  /** The evaluation of the latest reconcile (what `setContext` and `setUserAttributes` wait for). */
  let evaluation: Promise<void> = Promise.resolve();

  const loader = createVendorLoader<LaunchDarklyAdapter>({
    name: 'launchdarkly',
    consent: consent ? { store: consent, category: CATEGORY } : false,
    timeoutMs,
    load: async () => {
      const lazy = await import('./adapter/launchdarkly');
      // An anonymous visitor's key is the one the server's bootstrap read from the same cookie (not one the SDK
      // would generate), so a percentage rollout buckets them alike on both sides.
      const { contextAttributes } = config;
      const anonymousKey = lazy.browserVisitorKey;
      reconcile = lazy.createReconcile({ cache, contextAttributes, anonymousKey });
      adapter = await lazy.createLaunchDarkly({
        clientSideId,
        // Core's visitor as it is now; the loader's reconcile follows it from here, before anything else is sent.
        context: lazy.contextOf(channel.visitor.get(), contextAttributes, anonymousKey),
        hash: config.hash,
        baseUrl: config.baseUrl,
        streamUrl: config.streamUrl,
        eventsUrl: config.eventsUrl,
        streaming,
        sendEvents: config.sendEvents !== false,
        onError,
        // Loud, in Plinth's words: status `rejected`, a development warning saying what to check.
        rejected: (rejection) => void loader.ready().then(() => loader.reject(rejection)),
        onFlags(received, complete = false) {
          if (closed) return;
          const live = catalogue.checked(received, complete);
          store.set(live, 'live');
          const values: Record<string, FlagValue> = {};
          for (const [name, flag] of Object.entries(live))
            if (flag.value != null && !flag.errorCode) values[name] = flag.value;
          cache.write(values);
        },
      });
      if (closed) adapter.close();
      return adapter;
    },
    reconcile: (sdk, next, previous) => {
      if (reconcile) evaluation = reconcile(sdk, next, previous);
    },
    onRevoke: (sdk) => sdk.close(),
    // The restarted SDK evaluates the context reconcile gave it just before (core's order at a grant).
    onRegrant: (sdk) => sdk.reopen(),
  });

  /**
   * Wait for the evaluation of a visitor change: while the SDK runs (or is starting), until the service has
   * answered for it, or past `timeoutMs`; otherwise at once. Never rejects.
   */
  const evaluated = (changed: boolean): Promise<void> => {
    const status = loader.status();
    if (!changed || (status !== 'ready' && status !== 'loading' && status !== 'timeout' && status !== 'rejected')) {
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      void loader
        .ready()
        .then(() => evaluation)
        .then(() => {
          clearTimeout(timer);
          resolve();
        });
    });
  };

  const instance: Flags = {
    defaults: flags.defaults,
    track(metric, options = {}) {
      const data = options.data === undefined ? undefined : scrubDeep(options.data);
      loader.call((sdk) => sdk.track(metric, data, options.value));
    },
    setContext: (kind, context) => evaluated(writeContext(kind, context)),
    setUserAttributes: (attributes) => evaluated(writeUserAttributes(attributes)),
    ...createReadyWait(
      { status: loader.status, subscribeStatus: loader.subscribeStatus, started: () => started },
      timeoutMs,
    ),
    details: store.get,
    serverDetails: store.getServer,
    subscribe: store.subscribe,
    status: loader.status,
    subscribeStatus: loader.subscribeStatus,
    errors: catalogue.errors,
    failure: loader.failure,
    dropped: loader.dropped,
    exposure(name, variant) {
      const source: FlagSource = store.get(name).source;
      channel.exposure(name, variant, { source });
      loader.call((sdk) => sdk.exposure(name, variant, flags.defaults[name] ?? null));
    },
    start() {
      if (!isBrowser || closed) return;
      started = true;
      void loader.start();
      // After the loader's own subscription: the SDK is closed first, then its storage goes. Kept while
      // stopped, as the loader's is: a revocation after an unmount still clears the cache.
      if (consent && !revoking) revoking = consent.onRevoke(CATEGORY, cache.revoke);
    },
    stop() {
      loader.stop();
    },
  };
  closers.set(instance, () => {
    instance.stop();
    closed = true;
    adapter?.close();
  });
  return instance;
}
