import {
  channel,
  configError,
  createVendorLoader,
  isBrowser,
  requireConsent,
  scrubDeep,
  type VendorCall,
  type VendorLoader,
} from '@plinth/core';
import type { PosthogAdapter, Properties, SendOptions } from './adapter/types';
import { type AnalyticsConfig, resolveConfig } from './config';
import { COOKIELESS_OFF, createCookieless } from './cookieless';
import { createPageViewTracker } from './pageViewTracker';
import type { createReconcile } from './reconcile';
import { createSessionMirror } from './sessionId';
import type { Analytics } from './types';
import { createWriters } from './writers';

/**
 * Creates the analytics of a page (one per app). The SDK loads only once `analytics` consent is granted, by
 * dynamic import; until then events queue (bounded, each with its original time) and are dropped if consent
 * is denied. Who the visitor is lives in core's visitor (`channel.visitor`): the writers below write it
 * (`./writers`), and the loader's `reconcile` (`./reconcile`) tells posthog-js before any event.
 */
export function createAnalytics(options: AnalyticsConfig): Analytics {
  if (!options.token) throw configError('analytics: `token` (the project API key) is required', 'missing_option');
  const consent = requireConsent('analytics', options.consent);
  const config = resolveConfig(options);
  const caps = config.capabilities;
  const scrub = <T>(value: T): T => scrubDeep(value, { extraParams: config.scrubParams });
  /** The next session starts now, as posthog-js's get_session_id() starts it. */
  const onReset = (adapter: PosthogAdapter) => session.report(adapter.sessionId());
  /** `./reconcile`, imported with the adapter: the loader runs it only once the SDK is there. */
  let reconciler: ReturnType<typeof createReconcile> | undefined;
  const reconcile: ReturnType<typeof createReconcile> = (adapter, next, previous) =>
    reconciler?.(adapter, next, previous);

  /** Imports the adapter and the scrubber; a refused key or host (4xx) makes `target` `rejected`, loudly. */
  const loadAdapter = async (target: () => Pick<VendorLoader<PosthogAdapter>, 'reject'>, cookieless = false) => {
    const [{ loadPosthog }, { scrubEvent }, { createReconcile }] = await Promise.all([
      import('./adapter/posthog'),
      import('./scrubEvent'),
      import('./reconcile'),
    ]);
    reconciler ??= createReconcile({ scrub, personProperties: config.personProperties, onReset });
    return loadPosthog(
      cookieless ? { ...config, capabilities: { ...caps, ...COOKIELESS_OFF } } : config,
      {
        // A person the SDK remembered in the browser: wait until auth says who is here (at most `timeoutMs`)…
        remembered: async (person) => {
          if (person !== undefined) await channel.visitor.settled(config.timeoutMs);
        },
        // …and bring the SDK in step with the visitor before it sends anything (anyone else is reset).
        started: (adapter) => reconcile(adapter, channel.visitor.get(), undefined),
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

  const loader: VendorLoader<PosthogAdapter> = createVendorLoader<PosthogAdapter>({
    name: 'posthog',
    consent: consent && { store: consent, category: 'analytics' },
    load: async () => {
      const adapter = await loadAdapter(() => loader);
      adapter.subscribeSessionId(session.report);
      return adapter; // reconciled again next (nothing new to say), then the kept state, then the queued events
    },
    // The visitor first, at a grant too: `reconcile` from `undefined` resumes the SDK before it identifies anyone
    // (core runs `onRegrant` after the kept state, and a paused posthog-js would drop what they send).
    reconcile,
    onRevoke: (adapter) => adapter.pause(),
    queueLimit: config.queueLimit,
    timeoutMs: config.timeoutMs,
  });
  /** Loaded and taking calls (`rejected` too: the SDK is there, PostHog refused the data). */
  const usable = () => /^(ready|rejected)$/.test(loader.status());
  const session = createSessionMirror(usable);
  loader.subscribeStatus(session.sync);
  const writers = createWriters(loader, { scrub, onReset });
  const cookieless =
    consent && config.cookieless === 'on-reject'
      ? createCookieless({
          consent,
          load: (self) => loadAdapter(() => self, true),
          queueLimit: config.queueLimit,
          timeoutMs: config.timeoutMs,
        })
      : undefined;

  const send = (event: string, properties: Properties = {}, extra: Partial<SendOptions> = {}) => {
    const capture: VendorCall<PosthogAdapter> = (adapter, at) => adapter.capture(event, properties, { at, ...extra });
    if (cookieless?.refused()) cookieless.call(capture);
    else loader.call(capture); // an event queued by a person who then leaves is dropped by core (counted `visitor`)
  };
  const captureException = (error: unknown, context: Properties = {}) => {
    if (caps.exceptions) loader.call((adapter, at) => adapter.captureException(error, context, at));
  };
  /** A chunk of our own that cannot load (offline, blocked): reported once, never an unhandled rejection. */
  const chunkFailed = (error: unknown) =>
    channel.reportOnce('analytics:chunk', 'warn', 'analytics: a chunk failed to load', { reason: String(error) });
  const pages = createPageViewTracker({
    campaigns: caps.campaigns,
    callbackPaths: config.callbackPaths,
    send,
    chunkFailed,
  });

  let cleanups: (() => void)[] = [];
  let epoch = 0;

  const analytics: Analytics = {
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
    ...writers,
    distinctId: () => {
      let id: string | undefined;
      if (usable()) loader.call((adapter) => (id = adapter.distinctId()));
      return id;
    },
    sessionId: session.current,
    subscribeSessionId: session.subscribe,
    subscribeSurveys(listener) {
      // `null` once unsubscribed, before the SDK is there too (the adapter answers nothing without the capability).
      let off: (() => void) | undefined | null;
      loader.call((adapter) => {
        if (off !== null) off = adapter.subscribeSurveys(listener);
      });
      return () => {
        off?.();
        off = null;
      };
    },
    status: () => loader.status(),
    failure: () => loader.failure(),
    subscribeStatus: (listener) => loader.subscribeStatus(listener),
    dropped: () => loader.dropped(),
    start() {
      if (!isBrowser || cleanups.length > 0) return;
      void loader.start();
      if (cookieless) cleanups.push(cookieless.start());
      if (caps.pageViews) cleanups.push(pages.follow());
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
