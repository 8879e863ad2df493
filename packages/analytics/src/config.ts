import { type ConsentStore, configError, type PlinthUser } from '@plinth/core';
import { DEFAULT_CALLBACK_PATHS } from './callbacks';
import { type PosthogRegion, regionHosts } from './hosts';

export { POSTHOG_HOSTS, type PosthogRegion } from './hosts';

/** The capabilities that can be switched on or off (see the README for what each sends). */
export interface Capabilities {
  /** One `$pageview` per navigation (push, replace, Back/Forward), whatever the router. Default on. */
  pageViews: boolean;
  /** `$pageleave` when the page is left. Default on. */
  pageLeave: boolean;
  /** `outbound_link_clicked` for links to other origins. Default on. */
  outboundLinks: boolean;
  /** `form_submitted` with the form's id, name and action, never its values. Default on. */
  forms: boolean;
  /** `file_downloaded` for links to a file (see `downloadExtensions`) or with `download`. Default on. */
  downloads: boolean;
  /** `captureException`, the channel's `exception` events (core's ErrorBoundary). Default on. */
  exceptions: boolean;
  /** Also capture window `error` and `unhandledrejection`. Default off. */
  unhandledErrors: boolean;
  /** Experiment exposures from the channel become `$feature_flag_called`. Default on. */
  exposures: boolean;
  /** `utm_*`, `gclid`, `fbclid`, … on events (last touch) and person (first touch). Default on. */
  campaigns: boolean;
  /** Click autocapture (`$autocapture`), if remote config allows it. Default off. */
  autocapture: boolean;
  /** `$rageclick`. Default off. */
  rageClicks: boolean;
  /** `$dead_click`. Default off. */
  deadClicks: boolean;
  /** `$web_vitals` (LCP, INP, CLS, FCP from posthog-js; TTFB added by Plinth). Default off. */
  webVitals: boolean;
  /** `$network_request` for the page's fetch/XHR calls (URL scrubbed, no bodies). Default off. */
  network: boolean;
  /**
   * Session replay (posthog-js's recorder, rrweb), for sessions PostHog's remote config records and `replay.sampleRate`
   * keeps: the recorder is downloaded only then, after consent. Every text and input masked, images and canvas
   * blocked, unless `replay` unmasks or allows them (README, "Session replay"). Default off.
   */
  replay: boolean;
  /**
   * Surveys from PostHog's config, rendered by Plinth's own accessible component (`<AnalyticsSurveys />`), their
   * answers captured as PostHog's `survey shown` / `survey sent` / `survey dismissed`. Default off.
   */
  surveys: boolean;
}

export const DEFAULT_CAPABILITIES: Capabilities = {
  pageViews: true,
  pageLeave: true,
  outboundLinks: true,
  forms: true,
  downloads: true,
  exceptions: true,
  unhandledErrors: false,
  exposures: true,
  campaigns: true,
  autocapture: false,
  rageClicks: false,
  deadClicks: false,
  webVitals: false,
  network: false,
  replay: false,
  surveys: false,
};

/** What a session recording may show: everything else is masked (text, inputs) or blocked (media). */
export interface ReplayOptions {
  /**
   * The share of sessions recorded, 0 to 1 (decided per session id, as posthog-js decides it, before the recorder is
   * downloaded). Default PostHog's remote config's sample rate, else every session PostHog's config records.
   */
  sampleRate?: number;
  /**
   * A CSS selector whose elements' text (and inputs, never passwords) the recording shows, scrubbed as events are.
   * Default none: every text is masked.
   */
  unmask?: string;
  /** A CSS selector of images, video and canvas the recording may show. Default none: all are blocked. */
  allowMedia?: string;
}

export interface AnalyticsConfig {
  /** The project's public API key. */
  token: string;
  /**
   * The consent store whose `analytics` category gates everything, or `false` when the app needs none. Required
   * by `createAnalytics`; `AnalyticsProvider` takes the nearest `ConsentProvider`'s when it is not given.
   */
  consent?: ConsentStore | false;
  /**
   * The PostHog Cloud region your project lives in (Project settings → "Region"). Default `'us'`. Events sent
   * to the other region are answered 200 and dropped, so this must match: every host derives from it
   * (README, "Going live"). Ignored for the API when `apiHost` is given (a proxy or a self-hosted instance).
   */
  region?: PosthogRegion;
  /**
   * Where events go instead of the region's host: your first-party proxy (an absolute URL, or a path on the
   * page's own origin such as `'/ingest'`), a self-hosted PostHog, or the sandbox (`http://127.0.0.1:4700`).
   */
  apiHost?: string;
  /**
   * The PostHog app's host, passed to posthog-js as `ui_host` (links into the app: toolbar, replay URL, surveys,
   * its Sentry/Intercom/Crisp integrations). None of those runs in Plinth's build, so it has no visible effect
   * today (README, "What `uiHost` does"). Default the region's (`https://us.posthog.com`).
   */
  uiHost?: string;
  /**
   * What happens for a visitor who refused `analytics` consent: `'off'` (default) sends nothing and loads
   * nothing; `'on-reject'` counts them with PostHog's cookieless mode (posthog-js's `cookieless_mode`): page
   * views and events with no cookie, no storage, no identity and no person, which PostHog counts by a daily
   * server-side hash. The product owner's choice, for jurisdictions where that needs no consent; the PostHog
   * project must have cookieless server hash mode enabled, or PostHog drops these events (README).
   * Consent not yet given (`pending`) is never a refusal: nothing is sent then.
   */
  cookieless?: 'off' | 'on-reject';
  /** Switch capabilities on or off; unspecified ones keep their defaults. */
  capabilities?: Partial<Capabilities>;
  /** Drop events from bot-like user agents (posthog's filter; it counts HeadlessChrome as a bot). Default true. */
  filterBots?: boolean;
  /** File extensions counted as downloads. Default: common documents, archives, installers and media (see the README). */
  downloadExtensions?: readonly string[];
  /** How long a same-tab outbound navigation may wait for the event to be handed over. Default 250 ms. */
  outboundDelayMs?: number;
  /**
   * The sign-in's own routes, which are not pages (paths on this origin, whatever their query: `?code=…`,
   * `?error=…`): no page view, and no later page's web vitals carry their URL. Default `['/auth/callback',
   * '/silent-callback']`, @plinth/auth's `callbackPath` and `silentCallbackPath`: give yours if you changed them,
   * or `[]` for none.
   */
  callbackPaths?: readonly string[];
  /** Person properties sent with `identify` on sign-in. Default none (only the stable id). */
  personProperties?: (user: PlinthUser) => Record<string, unknown>;
  /** Extra URL parameter names (or patterns) to scrub, on top of core's list. */
  scrubParams?: readonly (string | RegExp)[];
  /** How often batched events are sent. Default posthog-js's (3,000 ms). */
  flushIntervalMs?: number;
  /** Calls kept until consent and load; past it the oldest go. Default 100. */
  queueLimit?: number;
  /** Status becomes `timeout` when not ready by then. Default 10,000 ms. */
  timeoutMs?: number;
  /**
   * posthog-js's client-side rate limit (a token bucket per browser, against runaway loops): past it,
   * events are dropped. Plinth's default keeps a burst of 10,000 and then 10 a second; posthog-js's own
   * (100, then 10 a second) would drop most of a legitimate burst (a long list's impressions, a queue
   * flushed after being offline). See the README.
   */
  rateLimit?: RateLimit;
  /** What a session recording may show (with `capabilities.replay`). */
  replay?: ReplayOptions;
}

/** posthog-js's client-side rate limit, in Plinth's words. */
export interface RateLimit {
  /** Events a second, on average, once the burst is spent. Default 10. */
  eventsPerSecond?: number;
  /** Events that can be captured at once. Default 10,000. */
  burst?: number;
}

export interface ResolvedConfig
  extends Required<
    Omit<
      AnalyticsConfig,
      | 'capabilities'
      | 'personProperties'
      | 'flushIntervalMs'
      | 'downloadExtensions'
      | 'rateLimit'
      | 'region'
      | 'consent'
      | 'replay'
    >
  > {
  replay: ReplayOptions;
  flushIntervalMs?: number;
  rateLimit?: RateLimit;
  downloadExtensions?: readonly string[];
  capabilities: Capabilities;
  personProperties?: AnalyticsConfig['personProperties'];
}

export function resolveConfig({ consent: _, ...config }: AnalyticsConfig): ResolvedConfig {
  const hosts = regionHosts(config.region, (message) => configError(message, 'invalid_option'));
  return {
    filterBots: true,
    cookieless: 'off',
    outboundDelayMs: 250,
    scrubParams: [],
    queueLimit: 100,
    timeoutMs: 10_000,
    ...config,
    callbackPaths: config.callbackPaths ?? DEFAULT_CALLBACK_PATHS,
    apiHost: (config.apiHost ?? hosts.api).replace(/\/+$/, ''),
    uiHost: config.uiHost ?? hosts.ui,
    capabilities: { ...DEFAULT_CAPABILITIES, ...config.capabilities },
    replay: { ...config.replay },
  };
}
