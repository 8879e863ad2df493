import { type ConsentStore, channel, createVendorLoader, isBrowser, PlinthError } from '@plinth/core';
import type { AnalyticsClient, Properties, SendOptions } from './client';
import { type AnalyticsConfig, resolveConfig } from './config';
import { onNavigate, pageKey } from './navigation';
import type { Analytics, AnyEvents } from './types';

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
 * Creates the analytics of a page (one per app). The SDK loads only once `analytics` consent is
 * granted, by dynamic import; until then calls queue (bounded, each with its original time) and
 * are dropped if consent is denied.
 */
export function createAnalytics(options: CreateAnalyticsOptions): AnalyticsInstance {
  const { consent, ...rest } = options;
  if (!rest.token) throw new PlinthError('analytics: no token', { source: 'config', code: 'token' });
  const config = resolveConfig(rest, consent);
  const caps = config.capabilities;

  const loader = createVendorLoader<AnalyticsClient>({
    name: 'posthog',
    consent: { store: consent, category: 'analytics' },
    load: async () => {
      const [{ loadPosthog }, { scrubEvent }] = await Promise.all([
        import('./adapter/posthog'),
        import('./scrubEvent'),
      ]);
      return loadPosthog(config, {
        beforeSend: (event) => scrubEvent(event, config.scrubParams),
        // PostHog refused the project key or host: status `rejected`, a warning in development.
        rejected: (httpStatus, url) =>
          loader.reject({
            message: `PostHog refused the project token or host (HTTP ${httpStatus}): check \`token\`, \`region\` and \`apiHost\``,
            httpStatus,
            url,
          }),
      });
    },
    onRevoke: (client) => client.pause(),
    onRegrant: (client) => client.resume(),
    queueLimit: config.queueLimit,
    timeoutMs: config.timeoutMs,
  });

  /**
   * Bumped when the person changes (sign-out, or another user signing in). Identity calls replay before
   * queued events, so an event queued by an earlier person is dropped rather than sent as the next one.
   */
  let person = 0;
  const byThisPerson = (fn: (client: AnalyticsClient, at: Date) => void) => {
    const by = person;
    loader.call((client, at) => by === person && fn(client, at));
  };
  const send = (event: string, properties: Properties = {}, extra: Partial<SendOptions> = {}) =>
    byThisPerson((client, at) => client.capture(event, properties, { at, ...extra }));

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
    status: () => loader.status(),
    failure: () => loader.error(),
    subscribe: (listener) => loader.subscribe(listener),
    dropped: () => {
      const { overflow, denied, failed } = loader.dropped();
      return overflow + denied + failed;
    },
    start() {
      if (!isBrowser || cleanups.length > 0) return;
      void loader.start();
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
            if (EMAIL_ID.test(user.id)) {
              channel.reportOnce('analytics:email-id', 'warn', 'analytics: not identifying an email-shaped user id');
              return;
            }
            if (lastIdentified !== undefined) person++; // someone else was signed in
            lastIdentified = user.id;
            const properties = config.personProperties?.(user);
            loader.call((client) => client.identify(user.id, properties), { state: 'identify' });
          },
          { replay: true },
        ),
        channel.on('signedOut', () => {
          lastIdentified = undefined;
          person++;
          loader.call((client) => client.reset(), { state: 'identify' });
        }),
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
      loader.dispose();
    },
  };
  return analytics;
}
