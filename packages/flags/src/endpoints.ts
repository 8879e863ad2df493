/**
 * Where LaunchDarkly is reached when the config names no URL: one source for the adapter (which passes these to
 * the SDK explicitly), the server's bootstrap and the README's CSP. `endpoints.test.ts` checks the README's CSP
 * hosts against these, and these against launchdarkly-js-client-sdk's own defaults in `node_modules`, so neither
 * the README nor an SDK upgrade can drift from them unnoticed.
 */
export const LAUNCHDARKLY_URLS = {
  /** Evaluations (`GET /sdk/evalx/…`): the `baseUrl` default of launchdarkly-js-client-sdk 3.x (js-sdk-common's `configuration.js`). */
  baseUrl: 'https://app.launchdarkly.com',
  /** The stream (`GET /eval/…`, server-sent events), with `streaming: true`. */
  streamUrl: 'https://clientstream.launchdarkly.com',
  /** Events (`POST /events/bulk/…`, `/events/diagnostic/…`): exposures, identify, metrics. */
  eventsUrl: 'https://events.launchdarkly.com',
} as const;

/**
 * `createBootstrap`'s default (server side, not subject to the page's CSP): LaunchDarkly's client-side SDK host, the
 * polling `baseUri` of its current SDKs (`@launchdarkly/js-client-sdk` 4.x, the mobile and C++ client SDKs), which
 * serves the same `/sdk/evalx/<client-side ID>/contexts/<context>` evaluation as `baseUrl` above.
 */
export const LAUNCHDARKLY_BOOTSTRAP_URL = 'https://clientsdk.launchdarkly.com';
