import {
  type ConsentStore,
  channel,
  createVendorLoader,
  isBrowser,
  PlinthError,
  scrubDeep,
  type VendorCall,
  type VendorLoader,
} from '@plinth/core';
import type { AnalyticsClient, Properties, SendOptions } from './client';
import { type AnalyticsConfig, type Capabilities, resolveConfig } from './config';
import { onNavigate, pageKey } from './navigation';
import type { Analytics, AnyEvents, PersonUpdate } from './types';

/** The analytics a provider owns: `Analytics` plus the lifecycle the provider drives. */
export interface AnalyticsInstance extends Analytics<AnyEvents> {
  /** Starts following consent, navigation, the channel and the DOM. Idempotent; a no-op on the server. */
  start(): void;
  /** Removes every listener; the SDK and its queue stay, and a later `start()` resumes. */
  stop(): void;
  /** Calls dropped so far (queue overflow, consent denied, SDK failed). */
  dropped(): number;
}

export interface CreateAnalyticsOptions extends AnalyticsConfig {
  /** The consent store whose `analytics` category gates everything. */
  consent: ConsentStore;
}

/** An id that is an email address would put PII in every event: refused. */
const EMAIL_ID = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/**
 * A refusing visitor's cookieless instance sends Plinth's page views, interactions and the app's events;
 * nothing posthog-js would collect on its own (extensions, observers, page leave) and no exceptions.
 */
const COOKIELESS_OFF: Partial<Capabilities> = {
  pageLeave: false,
  exceptions: false,
  autocapture: false,
  rageClicks: false,
  deadClicks: false,
  webVitals: false,
  network: false,
};
/** Identity calls kept while the SDK cannot take them (a runaway loop is cut, the latest kept). */
const IDENTITY_LIMIT = 100;

/**
 * Creates the analytics of a page (one per app). The SDK loads only once `analytics` consent is
 * granted, by dynamic import; until then calls queue (bounded, each with its original time) and
 * are dropped if consent is denied.
 */
export function createAnalytics(options: CreateAnalyticsOptions): AnalyticsInstance {
  const { consent, ...rest } = options;
  if (!rest.token) throw new PlinthError('analytics: no token', { source: 'config', code: 'token' });
  const config = resolveConfig(rest, consent);
  const caps = config.capabilities;

  /** Imports the adapter and the scrubber; a refused key or host (4xx) makes `target` `rejected`, loudly. */
  const loadClient = async (target: () => VendorLoader<AnalyticsClient>, cookieless = false) => {
    const [{ loadPosthog }, { scrubEvent }] = await Promise.all([import('./adapter/posthog'), import('./scrubEvent')]);
    return loadPosthog(
      cookieless ? { ...config, capabilities: { ...caps, ...COOKIELESS_OFF } } : config,
      {
        beforeSend: (event) => scrubEvent(event, config.scrubParams),
        rejected: (httpStatus, url) =>
          target().reject({
            message: `PostHog refused the project token or host (HTTP ${httpStatus}): check \`token\`, \`region\` and \`apiHost\``,
            httpStatus,
            url,
          }),
      },
      { cookieless },
    );
  };

  const loader: VendorLoader<AnalyticsClient> = createVendorLoader<AnalyticsClient>({
    name: 'posthog',
    consent: { store: consent, category: 'analytics' },
    load: async () => {
      const client = await loadClient(() => loader);
      applyIdentity(client); // before the queued events replay
      client.onSessionId((id) => {
        reported = id;
        syncSession();
      });
      return client;
    },
    onRevoke: (client) => client.pause(),
    onRegrant: (client) => {
      client.resume();
      applyIdentity(client); // what was called while consent was denied
    },
    queueLimit: config.queueLimit,
    timeoutMs: config.timeoutMs,
  });

  /**
   * Identity calls (identify, reset, person and group properties, alias, super properties) in call order.
   * Applied at once when the SDK is ready; otherwise kept, never dropped by a denial, and applied when it
   * loads (before the queued events) or when consent is granted again: an identity call is never lost
   * and never sent before consent.
   */
  let identityOps: ((client: AnalyticsClient) => void)[] = [];
  /** Loaded and taking calls (`rejected` too: the SDK is there, PostHog refused the data). */
  const usable = () => /^(ready|rejected)$/.test(loader.status());
  const applyIdentity = (client: AnalyticsClient) => {
    const ops = identityOps;
    identityOps = [];
    for (const op of ops) {
      try {
        op(client);
      } catch (error) {
        console.error('[plinth] analytics:', error);
      }
    }
  };
  const identity = (op: (client: AnalyticsClient) => void) => {
    identityOps.push(op);
    if (identityOps.length > IDENTITY_LIMIT) identityOps.shift();
    if (usable()) loader.call(applyIdentity);
  };

  /**
   * posthog-js's session id as it reports it (`onSessionId`), kept here so `sessionId()` is a plain read (a
   * `useSyncExternalStore` snapshot) that never makes posthog-js touch its storage; `undefined` unless the SDK
   * is usable (before consent, after a refusal or revocation).
   */
  let reported: string | undefined;
  let session: string | undefined;
  const sessionListeners = new Set<(id: string | undefined) => void>();
  const syncSession = () => {
    const id = usable() ? reported : undefined;
    if (id === session) return;
    session = id;
    for (const listener of [...sessionListeners]) {
      try {
        listener(id);
      } catch (error) {
        console.error('[plinth] analytics:', error);
      }
    }
  };
  loader.subscribeStatus(syncSession);
  const scrub = <T>(value: T): T => scrubDeep(value, { extraParams: config.scrubParams });

  /**
   * Bumped when the person changes (sign-out, or another user signing in). Identity calls replay before
   * queued events, so an event queued by an earlier person is dropped rather than sent as the next one.
   */
  let person = 0;
  const byThisPerson = (fn: (client: AnalyticsClient, at: Date) => void) => {
    const by = person;
    loader.call((client, at) => by === person && fn(client, at));
  };
  /**
   * `cookieless: 'on-reject'`: a second, separate posthog-js instance in its cookieless mode, loaded only
   * once a visitor refuses consent and used only while they do. It never stores anything and takes no
   * identity call; the consented instance above is untouched by it.
   */
  const cookieless: VendorLoader<AnalyticsClient> | undefined =
    config.cookieless === 'on-reject'
      ? createVendorLoader<AnalyticsClient>({
          name: 'posthog (cookieless)',
          consent: false, // loaded only on an explicit refusal, see `start()`
          load: () => loadClient(() => cookieless!, true),
          queueLimit: config.queueLimit,
          timeoutMs: config.timeoutMs,
        })
      : undefined;
  const refused = () => consent.get('analytics') === 'denied';

  const send = (event: string, properties: Properties = {}, extra: Partial<SendOptions> = {}) => {
    const capture: VendorCall<AnalyticsClient> = (client, at) => client.capture(event, properties, { at, ...extra });
    if (cookieless && refused()) cookieless.call(capture);
    else byThisPerson(capture);
  };

  const captureException = (error: unknown, context: Properties = {}) => {
    if (caps.exceptions) byThisPerson((client, at) => client.captureException(error, context, at));
  };

  let lastPage: string | undefined;
  let pages: Promise<{ view(href: string, at: Date, title: string): void }> | undefined;
  /**
   * One page view per new URL: URL, time and title are taken now; `./pageViews` (its own chunk) sends it
   * with the new page's title once the router has set it. A pending page view survives `stop()`
   * (StrictMode's stop → start must not send it early).
   */
  const pageView = () => {
    const key = pageKey(location);
    if (key === lastPage) return;
    lastPage = key;
    const [href, at, title] = [location.href, new Date(), document.title];
    pages ??= import('./pageViews').then(({ createPageViews }) => createPageViews(caps.campaigns, send));
    pages.then((p) => p.view(href, at, title)).catch(chunkFailed);
  };
  /** A chunk of our own that cannot load (offline, blocked): reported once, never an unhandled rejection. */
  const chunkFailed = (error: unknown) =>
    channel.reportOnce('analytics:chunk', 'warn', 'analytics: a chunk failed to load', { reason: String(error) });

  let lastIdentified: string | undefined;
  /** Identifies `id` unless it is email-shaped; a different person than before: earlier events are theirs. */
  const identify = (id: string, update: PersonUpdate = {}) => {
    if (EMAIL_ID.test(id)) {
      channel.reportOnce('analytics:email-id', 'warn', 'analytics: not identifying an email-shaped user id');
      return;
    }
    if (lastIdentified !== undefined && id !== lastIdentified) person++;
    lastIdentified = id;
    const [set, setOnce] = [update.set && scrub(update.set), update.setOnce && scrub(update.setOnce)];
    identity((client) => client.identify(id, set, setOnce));
  };
  /**
   * Sign-out: the next person is not merged into the last. The channel's `signedOut` and the public `reset()`
   * are this one function.
   */
  const reset = () => {
    lastIdentified = undefined;
    person++;
    identityOps = []; // what the previous person did not get to send goes, as their events do
    identity((client) => {
      client.reset();
      reported = client.sessionId(); // the next session starts now, as posthog-js's get_session_id() starts it
      syncSession();
    });
  };
  let cleanups: (() => void)[] = [];
  let epoch = 0;

  const analytics: AnalyticsInstance = {
    capture: (event, properties) => send(event, properties),
    time(event) {
      const started = performance.now();
      let stopped = false;
      return (properties) => {
        if (stopped) return;
        stopped = true;
        send(event, { ...properties, $duration: Math.round(performance.now() - started) / 1000 });
      };
    },
    captureException,
    identify,
    setPersonProperties: ({ set, setOnce }) => {
      const [s, o] = [set && scrub(set), setOnce && scrub(setOnce)];
      identity((client) => client.setPersonProperties(s, o));
    },
    alias: (alias) => {
      if (EMAIL_ID.test(alias)) {
        channel.reportOnce('analytics:email-id', 'warn', 'analytics: not aliasing an email-shaped id');
        return;
      }
      identity((client) => client.alias(alias));
    },
    group: (type, key, properties) => {
      const props = properties && scrub(properties as Record<string, unknown>);
      identity((client) => client.group(type, key, props));
    },
    resetGroups: () => identity((client) => client.resetGroups()),
    register: (properties, { once = false } = {}) => {
      const props = scrub(properties as Record<string, unknown>);
      identity((client) => client.register(props, once));
    },
    unregister: (name) => identity((client) => client.unregister(name)),
    distinctId: () => {
      let id: string | undefined;
      if (usable()) loader.call((client) => (id = client.distinctId()));
      return id;
    },
    reset,
    sessionId: () => session,
    onSessionId: (listener) => {
      sessionListeners.add(listener);
      return () => void sessionListeners.delete(listener);
    },
    status: () => loader.status(),
    failure: () => loader.failure(),
    subscribe: (listener) => loader.subscribeStatus(listener),
    dropped: () => {
      const { overflow, denied, failed } = loader.dropped();
      return overflow + denied + failed;
    },
    start() {
      if (!isBrowser || cleanups.length > 0) return;
      void loader.start();
      if (cookieless) {
        const follow = () => {
          if (refused()) void cookieless.start();
        };
        follow();
        cleanups.push(consent.subscribe(follow));
      }
      if (caps.pageViews) {
        pageView();
        cleanups.push(onNavigate(pageView));
      }
      if (caps.outboundLinks || caps.downloads || caps.forms || caps.unhandledErrors) {
        // Its own small chunk, fetched after mount: the delegated listeners are off the first render.
        const current = ++epoch;
        void import('./interactions').then(({ trackInteractions }) => {
          if (current !== epoch) return; // stopped meanwhile
          cleanups.push(
            trackInteractions({
              ...caps,
              downloadExtensions: config.downloadExtensions,
              outboundDelayMs: config.outboundDelayMs,
              status: loader.status,
              ready: loader.ready,
              send: (event, properties, beacon) => send(event, properties, { beacon }),
              unhandledErrors: caps.exceptions && caps.unhandledErrors,
              captureException,
            }),
          );
        }, chunkFailed);
      }
      cleanups.push(
        channel.on(
          'signedIn',
          ({ user }) => {
            if (user.id === lastIdentified) return;
            const set = config.personProperties?.(user);
            identify(user.id, set ? { set } : {});
          },
          { replay: true },
        ),
        channel.on('signedOut', reset),
      );
      if (caps.exceptions) {
        cleanups.push(channel.on('exception', ({ error, context }) => captureException(error, context)));
      }
      if (caps.exposures) {
        cleanups.push(
          channel.on('exposure', ({ flag, variant }) =>
            send('$feature_flag_called', { $feature_flag: flag, $feature_flag_response: variant }),
          ),
        );
      }
    },
    stop() {
      epoch++;
      for (const cleanup of cleanups) cleanup();
      cleanups = [];
      loader.stop();
    },
  };
  return analytics;
}
