/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of @plinth/sandbox. Default http://127.0.0.1:4700. */
  readonly VITE_SANDBOX_URL?: string;
  /** OpenID provider (issuer). Default: the sandbox's, `${VITE_SANDBOX_URL}/oidc`. */
  readonly VITE_OIDC_AUTHORITY?: string;
  readonly VITE_OIDC_CLIENT_ID?: string;
  /** @plinth/auth's `provider` ('entra', 'cognito', 'keycloak', 'auth0', 'okta', 'generic'); default: detected from discovery. */
  readonly VITE_OIDC_PROVIDER?: import('@plinth/auth').IdentityProvider;
  /** @plinth/auth's `tokenStorage`: 'memory' (default), 'sealed' (a reload restores where the iframe cannot), 'session'. */
  readonly VITE_OIDC_TOKEN_STORAGE?: import('@plinth/auth').AuthConfig['tokenStorage'];
  /**
   * @plinth/auth's `backend`: the token-mediating backend's route on the demo's origin (e.g. `/api/auth/token`),
   * mounted by the dev and preview servers with `OIDC_CLIENT_SECRET` and `OIDC_COOKIE_SECRET` (vite.config.ts).
   */
  readonly VITE_OIDC_BACKEND?: string;
  /** @plinth/auth's `scope`. Default `openid profile email` (plus `offline_access` where the provider lists it). */
  readonly VITE_OIDC_SCOPE?: string;
  /** PostHog project token and API host (or your first-party proxy). Default: the sandbox. */
  readonly VITE_POSTHOG_TOKEN?: string;
  readonly VITE_POSTHOG_HOST?: string;
  /** LaunchDarkly client-side ID and hosts. Default: the sandbox. */
  readonly VITE_LD_CLIENT_SIDE_ID?: string;
  readonly VITE_LD_BASE_URL?: string;
  readonly VITE_LD_STREAM_URL?: string;
  readonly VITE_LD_EVENTS_URL?: string;
  /** Datadog client token and intake proxy. Default: the sandbox's `/datadog/intake`. */
  readonly VITE_DD_CLIENT_TOKEN?: string;
  readonly VITE_DD_PROXY?: string;
  /**
   * `1`: every vendor through a path on the demo's own origin (/ingest, /ld, /dd), forwarded to the sandbox; an
   * origin (`http://127.0.0.1:4175`): the same, only on the page served from that origin.
   */
  readonly VITE_VENDOR_PROXY?: string;
}
