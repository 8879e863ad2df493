/**
 * The demo's configuration, from Vite env variables (`.env.local` or the shell). Every default points
 * at @plinth/sandbox on 127.0.0.1, so the demo runs with no vendor account: each vendor SDK talks
 * straight to the sandbox's origin (a first-party proxy stays an option for real deployments). Real
 * vendor keys and URLs in env switch it to the real services.
 */
const env = import.meta.env;
const sandboxUrl = (env.VITE_SANDBOX_URL ?? 'http://127.0.0.1:4700').replace(/\/$/, '');
/**
 * `VITE_VENDOR_PROXY=1` (`scripts/dev.mjs --proxy`): every vendor SDK talks to a path on the demo's own
 * origin (`/ingest`, `/ld`, `/dd`), which the dev and preview servers forward to the sandbox
 * (vite.config.ts), as a real app's reverse proxy forwards to the vendors against ad blockers.
 * `VITE_VENDOR_PROXY=<origin>` (`dev.mjs --preview --proxy-port <n>`): only on the page served from that origin, so
 * one build is served both ways, on two ports (the journeys, e2e/proxy.spec.ts).
 */
const vendorProxy = env.VITE_VENDOR_PROXY ?? '';
const proxied = /^https?:\/\//.test(vendorProxy)
  ? new URL(vendorProxy).origin === globalThis.location?.origin
  : Boolean(vendorProxy);
/** LaunchDarkly's SDK wants absolute URLs: the proxy path on this page's origin. */
const own = (path: string) => `${globalThis.location?.origin ?? ''}${path}`;

export const config = {
  sandboxUrl,
  proxied,
  /** The inspector reads what the sandbox received; off when no sandbox is configured. */
  inspector: !env.VITE_SANDBOX_URL?.startsWith('off'),
  /**
   * @plinth/auth: the sandbox's OpenID provider (callback `/auth/callback`), or any other with `VITE_OIDC_*`: every
   * choice a deployment makes (README, "Sign in against your own provider"). Unset, each takes @plinth/auth's default.
   */
  oidc: {
    authority: env.VITE_OIDC_AUTHORITY ?? `${sandboxUrl}/oidc`,
    clientId: env.VITE_OIDC_CLIENT_ID ?? 'plinth-demo',
    /** Which provider (`entra`, `cognito`, …): detected from discovery when unset. */
    provider: env.VITE_OIDC_PROVIDER,
    /** `memory` (default), `sealed` or `session`: what survives a reload. */
    tokenStorage: env.VITE_OIDC_TOKEN_STORAGE,
    /** The token-mediating backend's route on this origin (`@plinth/auth/server`; vite.config.ts mounts one). */
    backend: env.VITE_OIDC_BACKEND,
    /** The scopes asked for (default `openid profile email`, plus `offline_access` where listed). */
    scope: env.VITE_OIDC_SCOPE,
  },
  /** @plinth/analytics: PostHog's project token and API host. */
  posthog: {
    token: env.VITE_POSTHOG_TOKEN ?? 'phc_plinth_demo',
    apiHost: env.VITE_POSTHOG_HOST ?? (proxied ? '/ingest' : sandboxUrl),
  },
  /** @plinth/flags: LaunchDarkly's client-side ID and its three hosts. */
  launchdarkly: {
    clientSideId: env.VITE_LD_CLIENT_SIDE_ID ?? 'plinth-demo',
    baseUrl: env.VITE_LD_BASE_URL ?? (proxied ? own('/ld') : sandboxUrl),
    streamUrl: env.VITE_LD_STREAM_URL ?? (proxied ? own('/ld') : sandboxUrl),
    eventsUrl: env.VITE_LD_EVENTS_URL ?? (proxied ? own('/ld') : sandboxUrl),
  },
  /** @plinth/logging: Datadog's client token and intake proxy. */
  datadog: {
    clientToken: env.VITE_DD_CLIENT_TOKEN ?? 'pub_plinth_demo',
    proxy: env.VITE_DD_PROXY ?? (proxied ? '/dd' : `${sandboxUrl}/datadog/intake`),
  },
} as const;
