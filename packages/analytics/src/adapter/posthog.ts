/**
 * The only file that imports posthog-js. It is itself loaded with `import()` (from the loader's
 * `load`), so the SDK and each extension below are lazy chunks, fetched only after consent.
 *
 * Build: posthog-js 1.449.2 (pinned) has no `exports` map, so the slim core is a deep import of
 * `dist/module.slim.no-external.js` (no remote script loader at all). Extensions are passed through
 * `__extensionClasses` (marked `@internal` by posthog-js; covered by the browser tests). The "external
 * dependency" files (dead clicks, web vitals) register themselves on `window.__PosthogExtensions__`, which
 * posthog-js checks before it would fetch them as remote scripts through its `loadExternalDependency`, which
 * its no-external build leaves undefined. Web vitals are imported with the SDK when switched on; dead clicks
 * are answered by Plinth's own `loadExternalDependency` (`answerDependencies`), with its bundled chunk,
 * imported only when posthog-js asks (the capability is on) and only after the first event has been handed
 * over, so the SDK's start and the first page view come first.
 */
import { scrubUrl, scrubValue } from '@plinth/core';
import type { CaptureResult, PostHogConfig } from 'posthog-js/dist/module.slim.no-external.js';
import { warnIfBot } from '../botWarning';
import type { ResolvedConfig } from '../config';
import { replayPrivacy, sessionSampled } from './replay';
import { toSurveyDefinitions } from './surveys';
import type { PosthogAdapter, Properties } from './types';
import { vitalsOffCallbacks } from './webVitals';

export interface AdapterHooks {
  /** Scrubs an outgoing event (core's scrubber); `null` drops it. */
  beforeSend(event: OutgoingEvent): OutgoingEvent | null;
  /** PostHog refused the project key or host (a 4xx other than 408/429): what was sent is lost. */
  rejected?(httpStatus: number, url: string): void;
  /**
   * Before the SDK starts: the identified person posthog-js remembered in the browser (`undefined` when none).
   * The SDK is started once it resolves (time to learn who is here).
   */
  remembered?(person: string | undefined): Promise<void> | void;
  /**
   * Right after the SDK started, before it sends anything (Plinth's own events of the load included): brings it in
   * step with the visitor (`reconcile`), e.g. resets the person it remembered when they are not the visitor.
   */
  started?(adapter: PosthogAdapter): void;
}

/**
 * The identified person posthog-js persisted for `token` (its `ph_<token>_posthog`, in localStorage, else its
 * cookie), read before it starts: its `distinct_id` when `$user_state` is `identified`, else `undefined`.
 */
export function rememberedPerson(token: string): string | undefined {
  const name = `ph_${token.replace(/\+/g, 'PL').replace(/\//g, 'SL').replace(/=/g, 'EQ')}_posthog`;
  try {
    const cookie = document.cookie.split('; ').find((pair) => pair.startsWith(`${name}=`));
    const state = JSON.parse(
      localStorage.getItem(name) ?? decodeURIComponent(cookie?.slice(name.length + 1) ?? 'null'),
    ) as { distinct_id?: unknown; $user_state?: unknown } | null;
    return state?.$user_state === 'identified' && typeof state.distinct_id === 'string' ? state.distinct_id : undefined;
  } catch {
    return undefined; // storage disabled, or unreadable: nothing remembered
  }
}

/**
 * Where PostHog's own requests go, as URL prefixes: the API host's path (events, flags, remote config
 * under `/array/…`) and, on PostHog Cloud, the region's assets host. Everything else on the page is the
 * app's own traffic, the same origin included (a first-party proxy such as `/ingest`).
 */
export function posthogPrefixes(apiHost: string, base: string): string[] {
  const api = `${new URL(apiHost, base).href.replace(/\/+$/, '')}/`;
  const cloud = /^https:\/\/(us|eu)\.i\.posthog\.com\/$/.exec(api);
  return cloud ? [api, `https://${cloud[1]}-assets.i.posthog.com/`] : [api];
}

/** The part of an outgoing event the scrubber sees. */
export interface OutgoingEvent {
  event: string;
  properties: Properties;
  $set?: Properties;
  $set_once?: Properties;
}

const STORAGE_KEY = /^(__)?ph_/;

/**
 * Removes every cookie and storage key posthog-js writes (`ph_*`, `__ph_opt_in_out_*`), but the refusal posthog-js
 * keeps for `optedOut` (its `__ph_opt_in_out_<token>` in localStorage: a refusal, no identifier).
 */
export function clearPosthogStorage(optedOut?: string): void {
  const refusal = optedOut === undefined ? undefined : `__ph_opt_in_out_${optedOut}`;
  for (const store of [globalThis.localStorage, globalThis.sessionStorage]) {
    try {
      for (const key of Object.keys(store)) if (STORAGE_KEY.test(key) && key !== refusal) store.removeItem(key);
    } catch {
      // storage disabled
    }
  }
  const host = location.hostname.split('.');
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=', 1)[0]!.trim();
    if (!STORAGE_KEY.test(name)) continue;
    // posthog may have set it on a parent domain (cross_subdomain_cookie): expire it on each.
    for (let i = 0; i < host.length; i++) {
      const domain = i === 0 ? '' : `; domain=.${host.slice(i).join('.')}`;
      // biome-ignore lint/suspicious/noDocumentCookie: expiring synchronously on revocation; the Cookie Store API is not in every browser
      document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/${domain}`;
    }
  }
}

/**
 * `cookieless`: the instance for visitors who refused consent, when the app chose counting them
 * (`cookieless: 'on-reject'`): posthog-js's own `cookieless_mode: 'always'`, nothing stored in the browser,
 * no person; PostHog counts them by a daily server-side hash.
 */
/** The external dependencies posthog-js may ask for, as Plinth's own chunks (never a remote script). */
const DEPENDENCIES: Readonly<Record<string, () => Promise<unknown>>> = {
  'dead-clicks-autocapture': () => import('posthog-js/dist/dead-clicks-autocapture.js'),
  // rrweb and posthog-js's recorder (`initSessionRecording`): asked for only when replay is on, consent given, remote
  // config records sessions, and (below) this session is sampled.
  'lazy-recorder': () => import('posthog-js/dist/lazy-recorder.js'),
  // posthog-js's survey matching (targeting, seen-state, event triggers; its own renderer is left unused): asked for
  // only when surveys are on, consent given, and PostHog's config has surveys.
  surveys: () => import('posthog-js/dist/surveys.js'),
};

/** The persisted replay config posthog-js's replay extension keeps (its sample rate: the app's, else the remote one). */
const REPLAY_CONFIG = '$session_recording_remote_config';

/** The posthog-js instances whose remote config has surveys for this visitor (see `withSurveyConfig`). */
const surveysOffered = new WeakSet<object>();

/**
 * posthog-js's survey extension asks for its code after any remote config, surveys or none; this one notes first
 * whether the config has any (its `surveys`: `true` or a non-empty list), so nothing is fetched when it has none.
 */
// biome-ignore lint/suspicious/noExplicitAny: a mixin's base takes any[] (TypeScript's rule)
type Extension = new (...args: any[]) => { onRemoteConfig(result: never): void };
function withSurveyConfig<T extends Extension>(Base: T): T {
  return class extends Base {
    // biome-ignore lint/suspicious/noExplicitAny: a mixin's constructor takes any[] (TypeScript's rule)
    constructor(...args: any[]) {
      super(...args);
      const [instance] = args as [object];
      const inner = this.onRemoteConfig.bind(this);
      this.onRemoteConfig = (result: unknown) => {
        const offered = (result as { ok?: boolean; config?: { surveys?: unknown } }).config?.surveys;
        if (offered === true || (Array.isArray(offered) && offered.length > 0)) surveysOffered.add(instance);
        else surveysOffered.delete(instance);
        inner(result as never);
      };
    }
  };
}

interface AskingInstance {
  get_session_id?(): string;
  get_property?(name: string): unknown;
}

/**
 * Whether posthog-js may have the recorder now: only for a session that is sampled, decided as posthog-js decides it
 * once the recorder runs (the same hash, the same rate), so an unsampled session downloads nothing.
 */
function recordable(instance: unknown): boolean {
  const asking = instance as AskingInstance;
  const rate = (asking.get_property?.(REPLAY_CONFIG) as { sampleRate?: number | null } | undefined)?.sampleRate;
  const session = asking.get_session_id?.();
  return !!session && sessionSampled(session, rate);
}

/** Resolved when the first event of the page is handed to posthog-js (any instance). */
let markFirstCapture: () => void;
const firstCapture = new Promise<void>((resolve) => {
  markFirstCapture = resolve;
});

type DependencyLoader = (instance: unknown, kind: string, callback: (error?: unknown) => void) => void;

/** Answers posthog-js's requests for an extension's code (see the file's comment). Once per page. */
function answerDependencies() {
  const host = window as { __PosthogExtensions__?: { loadExternalDependency?: DependencyLoader } };
  host.__PosthogExtensions__ ??= {};
  const registry = host.__PosthogExtensions__;
  registry.loadExternalDependency ??= (instance, kind, callback) => {
    const load = DEPENDENCIES[kind];
    if (!load) return callback(new Error(`posthog-js asked for "${kind}", which Plinth does not bundle`));
    // Not sampled: nothing is downloaded and posthog-js waits (it asks again at the next session, see `replay` below).
    if (kind === 'lazy-recorder') return void (recordable(instance) && load().then(() => callback(), callback));
    // No survey in PostHog's config: posthog-js waits, nothing is fetched.
    if (kind === 'surveys')
      return void (surveysOffered.has(instance as object) && load().then(() => callback(), callback));
    firstCapture.then(load).then(
      () => callback(),
      (error: unknown) => callback(error),
    );
  };
}

export async function loadPosthog(
  config: ResolvedConfig,
  hooks: AdapterHooks,
  { cookieless = false }: { cookieless?: boolean } = {},
): Promise<PosthogAdapter> {
  const caps = config.capabilities;
  const clicks = caps.autocapture || caps.rageClicks;
  // Each extension set is picked by name in `.then(({ … }))`, which lets the bundler keep only those
  // exports of extension-bundles.js (a namespace import would keep all of it: surveys, tours, replay…,
  // 71 KB gz instead of ~21 KB for both sets).
  // Replay needs a session: never in cookieless mode (posthog-js refuses it there).
  const replay = caps.replay && !cookieless;
  const surveys = caps.surveys && !cookieless;
  const [{ PostHog }, analytics, errors, , recording, surveying] = await Promise.all([
    import('posthog-js/dist/module.slim.no-external.js'),
    clicks || caps.deadClicks || caps.webVitals
      ? import('posthog-js/dist/extension-bundles.js').then(({ AnalyticsExtensions }) => AnalyticsExtensions)
      : undefined,
    caps.exceptions
      ? import('posthog-js/dist/extension-bundles.js').then(({ ErrorTrackingExtensions }) => ErrorTrackingExtensions)
      : undefined,
    // Web vitals are imported with the SDK: started late, posthog-js's web-vitals extension reported none of
    // the page's paint metrics in Chromium (only dead clicks wait for the first capture).
    caps.webVitals ? import('posthog-js/dist/web-vitals.js') : undefined,
    // The replay extension only (a few KB): it reads the remote config and asks for the recorder when it records.
    replay
      ? import('posthog-js/dist/extension-bundles.js').then(({ SessionReplayExtensions }) => SessionReplayExtensions)
      : undefined,
    // The survey extension (with feature flags, its targeting): it reads the remote config and asks for the rest.
    surveys
      ? import('posthog-js/dist/extension-bundles.js').then(({ SurveysExtensions }) => SurveysExtensions)
      : undefined,
  ]);
  answerDependencies();

  const extensions: NonNullable<PostHogConfig['__extensionClasses']> = {};
  if (analytics) {
    if (clicks) extensions.autocapture = analytics.autocapture;
    if (caps.deadClicks) extensions.deadClicksAutocapture = analytics.deadClicksAutocapture;
    if (caps.webVitals) extensions.webVitalsAutocapture = analytics.webVitalsAutocapture;
  }
  if (errors) extensions.exceptions = errors.exceptions;
  if (recording) extensions.sessionRecording = recording.sessionRecording;
  if (surveying) {
    extensions.surveys = withSurveyConfig(surveying.surveys);
    extensions.featureFlags = surveying.featureFlags; // survey targeting by flag
  }

  let paused = false;
  /** A page view was sent on this instance, and no `$pageleave` since: the page being seen. */
  let onPage = false;
  /** The person who saw the page left (`leavePage`): its late `$pageleave` and web vitals are not the next visitor's. */
  let pageOfLeaver = false;
  const beforeSend = (result: CaptureResult | null): CaptureResult | null => {
    if (!result || paused) return null;
    // Rage clicks ride on posthog's autocapture: keep them, drop plain `$autocapture` when it is off.
    if (result.event === '$autocapture' && !caps.autocapture) return null;
    if (result.event === '$pageview') [onPage, pageOfLeaver] = [true, false];
    if (result.event === '$pageleave' || result.event === '$web_vitals') {
      if (pageOfLeaver) return null;
      if (result.event === '$pageleave') onPage = false;
    }
    // posthog stamps a page view with the title current when it is sent; a queued one keeps its own.
    const { $plinth_title: title, ...rest } = result.properties;
    const properties = result.event === '$web_vitals' ? vitalsOffCallbacks(rest, config.callbackPaths) : rest;
    if (properties === null) return null;
    if (typeof title === 'string') properties.title = title;
    const out = hooks.beforeSend({
      event: result.event,
      properties,
      $set: result.$set,
      $set_once: result.$set_once,
    });
    return out && { ...result, ...out };
  };

  // What the browser remembers of a person, before posthog-js reads it and sends under it.
  if (!cookieless) await hooks.remembered?.(rememberedPerson(config.token));
  const instance = new PostHog();
  instance.init(config.token, {
    api_host: config.apiHost,
    ui_host: config.uiHost,
    // A refused key or host is answered 4xx where PostHog looks the project up (remote config 404, flags 401; event
    // posts are answered 200 whatever the token: PostHog/posthog#54670); posthog-js only logs it.
    on_request_error: (response) => {
      const status = response.statusCode;
      if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
        hooks.rejected?.(status, config.apiHost);
      }
    },
    __extensionClasses: extensions,
    ...(cookieless && { cookieless_mode: 'always', persistence: 'memory' }),
    disable_external_dependency_loading: true,
    disable_surveys: !surveys,
    disable_surveys_automatic_display: true, // Plinth's own accessible component draws them (`AnalyticsSurveys`)
    disable_session_recording: !replay,
    ...(replay && {
      session_recording: replayPrivacy(config.replay, {
        text: (text) => scrubValue(text, { extraParams: config.scrubParams }),
        url: (url) => scrubUrl(url, { extraParams: config.scrubParams }),
      }),
      enable_recording_console_log: false, // console messages carry what the masking hides
    }),
    disable_product_tours: true,
    disable_conversations: true,
    capture_pageview: false, // Plinth's own history listener: one per navigation, with any router
    capture_pageleave: caps.pageLeave,
    autocapture: clicks,
    rageclick: caps.rageClicks,
    capture_dead_clicks: caps.deadClicks,
    capture_exceptions: false, // window errors are Plinth's (`unhandledErrors`), through captureException
    capture_performance: caps.webVitals ? { web_vitals: true, web_vitals_attribution: false } : false,
    save_campaign_params: caps.campaigns,
    opt_out_useragent_filter: !config.filterBots,
    person_profiles: 'identified_only',
    before_send: beforeSend,
    // One storage (cookie + localStorage) write per 250 ms, not one per event (posthog-js's own advice
    // for pages that capture many events; flushed on pagehide).
    persistence_save_debounce_ms: 250,
    // A burst is kept (10,000), a runaway loop is still cut to 10 a second (posthog-js: 100, then 10).
    rate_limiting: {
      events_per_second: config.rateLimit?.eventsPerSecond ?? 10,
      events_burst_limit: config.rateLimit?.burst ?? 10_000,
    },
    ...(config.flushIntervalMs !== undefined && {
      request_queue_config: { flush_interval_ms: config.flushIntervalMs },
    }),
  });
  const identifiedId = () =>
    instance.get_property('$user_state') === 'identified' ? instance.get_distinct_id() : undefined;
  type WebVitals = { _flushToCapture?: (onPageHide?: boolean) => void };
  const adapter: PosthogAdapter = {
    capture(event, properties, { at, beacon, set, setOnce }) {
      markFirstCapture();
      const title = event === '$pageview' ? properties.title : undefined;
      instance.capture(event, title === undefined ? properties : { ...properties, $plinth_title: title }, {
        timestamp: at,
        // posthog-js sends a capture that has options but no `_batchKey` at once, one request per event
        // (`@internal`, its default key): with it, events go through posthog's batch queue.
        _batchKey: 'events',
        ...(set && { $set: set }),
        ...(setOnce && { $set_once: setOnce }),
        ...(beacon && { transport: 'sendBeacon', send_instantly: true }),
      });
    },
    captureException(error, properties, at) {
      // posthog's captureException takes no timestamp; the original time rides along as a property.
      instance.captureException(error, { ...properties, $plinth_occurred_at: at.toISOString() });
    },
    identify(id, set) {
      instance.identify(id, set);
    },
    setPersonProperties(set, setOnce) {
      instance.setPersonProperties(set, setOnce);
    },
    unsetPersonProperties(names) {
      instance.unsetPersonProperties(names);
    },
    alias(alias) {
      instance.alias(alias);
    },
    groups: () => ({ ...(instance.getGroups() as Record<string, string>) }),
    group(type, key, properties) {
      instance.group(type, key, properties);
    },
    ungroup(type) {
      const { [type]: _, ...rest } = instance.getGroups() as Record<string, string>;
      instance.register({ $groups: rest });
      instance.resetGroupPropertiesForFlags(type);
    },
    register(properties) {
      instance.register(properties);
    },
    unregister(name) {
      instance.unregister(name);
    },
    distinctId: () => instance.get_distinct_id(),
    identifiedId,
    // posthog-js answers '' when it keeps no session (cookieless mode, not initialised).
    sessionId: () => instance.get_session_id() || undefined,
    subscribeSessionId: (listener) => instance.onSessionId((id) => listener(id)),
    subscribeSurveys: (listener) =>
      surveys ? instance.onActiveMatchingSurveysChanged((found) => listener(toSurveyDefinitions(found))) : () => {},
    leavePage() {
      // Sent now, stamped with the person who saw the page (posthog-js stamps the distinct id at capture).
      (instance.webVitalsAutocapture as WebVitals | undefined)?._flushToCapture?.();
      if (onPage && caps.pageLeave) instance.capture('$pageleave');
      pageOfLeaver = true;
    },
    reset() {
      instance.reset();
    },
    pause() {
      paused = true; // before_send drops everything from now on, the observers' events and snapshots included
      // posthog-js's own switch agrees with the store: its recorder stops now (set_config below restarts nothing while
      // opted out), and the refusal is what it keeps (its `__ph_opt_in_out_<token>`, the one key left).
      if (!cookieless) instance.opt_out_capturing();
      instance.set_config({ disable_persistence: true });
      clearPosthogStorage(cookieless ? undefined : config.token);
    },
    resume() {
      // A refusal posthog-js kept (this page's pause, another tab's, an earlier visit's) gives way to the grant.
      const optedOut = !cookieless && instance.has_opted_out_capturing();
      if (!paused && !optedOut) return;
      paused = false;
      instance.set_config({ disable_persistence: false });
      // A new recording after a revocation: a new session, then the recorder starts again (opt_in_capturing).
      if (replay) instance.sessionManager?.resetSessionId();
      if (optedOut) instance.opt_in_capturing({ captureEventName: null });
    },
  };
  if (replay) {
    // A session that was not sampled leaves posthog-js waiting for the recorder; the next session asks again.
    instance.onSessionId(() => {
      if (instance.sessionRecording && !instance.sessionRecording.started)
        instance.sessionRecording.startIfEnabledOrStop();
    });
  }
  // In step with the visitor at once, before anything is sent (init's own requests wait for a timer), Plinth's own
  // events below included: a person remembered from an earlier visit who is not the visitor is forgotten.
  if (!cookieless) hooks.started?.(adapter);

  // Asked with the check posthog-js's capture() runs before it drops an event (`_is_bot`: its user-agent list over
  // the user agent and the brands, and navigator.webdriver), so Plinth's warning and the filter cannot disagree.
  warnIfBot(() => instance._is_bot() === true, config.filterBots);

  if (caps.network && typeof PerformanceObserver !== 'undefined') {
    // The page's fetch/XHR calls (not posthog's own): URL (scrubbed by before_send), method-free timing, status.
    // PostHog's own are told apart by path, not origin: behind a first-party proxy (`/ingest`) the app's own
    // API calls share PostHog's origin and are kept; PostHog's config fetch is never recorded.
    const own = posthogPrefixes(config.apiHost, location.href);
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
        if (!/^(fetch|xmlhttprequest)$/.test(entry.initiatorType)) continue;
        if (own.some((prefix) => entry.name.startsWith(prefix))) continue;
        instance.capture('$network_request', {
          url: entry.name,
          initiator: entry.initiatorType,
          duration_ms: Math.round(entry.duration),
          status: entry.responseStatus || undefined,
          transfer_size: entry.transferSize,
        });
      }
    });
    observer.observe({ type: 'resource', buffered: false });
  }
  if (caps.webVitals) {
    // posthog-js reports LCP, INP, CLS and FCP; TTFB comes from the navigation entry.
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    if (navigation && navigation.responseStart > 0) {
      instance.capture('$web_vitals', { $web_vitals_TTFB_value: Math.round(navigation.responseStart) });
    }
  }

  return adapter;
}
