import { DEFAULT_SUBJECT_KEY } from './accounts';
import { OIDC_PROFILES, type OidcProfile } from './profiles';

/** Where the OpenID provider is mounted; the issuer is `<sandbox url>/oidc`. */
export const OIDC_PATH = '/oidc';

/** The public PKCE client every Plinth app uses against the sandbox (the `clientId` option's default). */
export const DEMO_CLIENT_ID = 'plinth-demo';

/** The OIDC module's options (`startSandbox({ vendorOptions: { oidc: { … } } })`). Lifetimes are in seconds. */
export interface OidcOptions {
  /** The `client_id` of the built-in public PKCE client. Default `plinth-demo`. */
  clientId: string;
  /**
   * Redirect URIs of that client. Loopback URIs match on any port, so `http://127.0.0.1/callback`
   * allows `http://127.0.0.1:5173/callback`. Default: `/callback`, `/auth/callback`,
   * `/signin-callback`, `/silent-callback` and `/` on 127.0.0.1 and localhost.
   */
  redirectUris: string[];
  /** Post-logout redirect URIs of that client (any port, as above). Default: `/`, `/signed-out`, `/logout/callback`. */
  postLogoutRedirectUris: string[];
  /** Extra OpenID clients (RFC 7591 metadata), or a replacement for the built-in one when one has its `client_id`. */
  clients: OidcClientMetadata[];
  /** Access token lifetime. Default 3600 (1 h). Set it to a few seconds to exercise renewal. */
  accessTokenTtl: number;
  /** ID token lifetime. Default 3600. */
  idTokenTtl: number;
  /** Refresh token lifetime. Default 14 days. */
  refreshTokenTtl: number;
  /**
   * When refresh tokens are issued: `'always'` (to every client allowed the `refresh_token` grant,
   * as oidc-client-ts expects out of the box), `'offline_access'` (only when the granted scope
   * holds `offline_access`, which oidc-provider keeps only with `prompt=consent`, as strict IdPs
   * do) or `'never'`. Default `'always'`.
   */
  refreshTokens: 'always' | 'offline_access' | 'never';
  /** Rotate refresh tokens on use (the old one stops working, as for public clients at most IdPs). Default true. */
  rotateRefreshTokens: boolean;
  /**
   * Answer `prompt=none` (silent sign-in in a hidden iframe) as a browser that blocks third-party cookies
   * makes every provider on another site answer it: `login_required`, the session cookie unseen. Default
   * true (the cookie is sent, as to a provider on the app's own site).
   */
  thirdPartyCookies: boolean;
  /**
   * Honour `offline_access` without `prompt=consent`, as Auth0, Okta and Entra ID do for a first-party SPA
   * (oidc-provider, following OpenID Connect Core 11, keeps it only with `prompt=consent`). Default false.
   */
  offlineAccessWithoutConsent: boolean;
  /** Serve a revocation endpoint (Entra ID has none). Default true. */
  revocation: boolean;
  /** Serve an `end_session_endpoint` (Cognito and older Auth0 tenants have none). Default true. */
  endSession: boolean;
  /** ID tokens carry only the standard claims (`sub`, …), the profile only from UserInfo, as Okta's SPA default. Default false. */
  thinIdTokens: boolean;
  /**
   * The issuer's path after `/oidc`: `'/realms/plinth'` (Keycloak's `/realms/<realm>`), or a template with
   * `{tenantid}` (Entra ID's `/{tenantid}/v2.0`), served with any tenant in its place (`/oidc/common/v2.0/…`).
   * Default `''`.
   */
  issuerPath: string;
  /**
   * Entra ID: each account's tenant (the ID token's `tid`) by its email domain, `'*'` for any other. ID tokens
   * then carry `tid`, and `iss` is the `{tenantid}` issuer template with it (or with the tenant set through
   * `PUT /_sandbox/oidc/id-token-tenant`). Default `null` (no tenants).
   */
  tenants: Record<string, string> | null;
  /**
   * Each key of the JWKS carries `issuer`, as Entra ID's do: the discovery issuer (its `{tenantid}` template), or
   * one tenant's issuer after `PUT /_sandbox/oidc/signing-key-tenant` `{ "tenant": "<id>" }` (a tenant's own
   * signing key, as an app with custom signing keys has; `null` undoes it). Default false.
   */
  signingKeyIssuer: boolean;
  /**
   * ID tokens carry `iss` without its scheme (`127.0.0.1:4700/oidc` for `http://127.0.0.1:4700/oidc`), as Google's
   * may (`accounts.google.com` for `https://accounts.google.com`, its documented alternative). Default false.
   */
  schemelessIdTokenIssuer: boolean;
  /** RFC 9207: the authorization response carries `iss`, and discovery says so. Default true (Entra ID sends none). */
  authorizationResponseIss: boolean;
  /**
   * How RP-initiated sign-out is asked for: `'rp-initiated'` (OpenID's `id_token_hint`/`post_logout_redirect_uri`,
   * with a "Sign out?" page) or `'client_id+logout_uri'` (Cognito's `<issuer>/logout?client_id=…&logout_uri=…`,
   * listed as `end_session_endpoint`; a request without `client_id` and an allowed `logout_uri` gets a 400 page).
   * Default `'rp-initiated'`.
   */
  logout: 'rp-initiated' | 'client_id+logout_uri';
  /** The token types the revocation endpoint takes; another is answered 400 `unsupported_token_type` (Cognito: refresh tokens only). Default both. */
  revocableTokens: readonly ('refresh_token' | 'access_token')[];
  /**
   * The provider's session cookies' `SameSite`: `'lax'` (oidc-provider's own) or `'none'` (`SameSite=None;
   * Secure`, as Auth0, Okta, Entra ID and Keycloak set theirs so that a hidden iframe on the app's site can
   * see the session): then only the browser decides whether a `prompt=none` iframe from another site sees it
   * (Safari, Firefox and Chromium's automation profile block it as a third-party cookie). Default `'lax'`.
   */
  sessionCookieSameSite: 'lax' | 'none';
  /** Whether the provider's pages may be framed; `false`: a request from an iframe gets a page with `X-Frame-Options: DENY` (Cognito). Default true. */
  frames: boolean;
  /**
   * The built-in client's secret: set, the client is confidential (`client_secret_post`) and a token request
   * without the secret is answered 400 `invalid_request` "client_secret is missing." (Google). Default `null`.
   */
  clientSecret: string | null;
  /**
   * `'required'`: an authorization request whose scope holds `openid` and that carries no `nonce` is answered at
   * the redirect URI with `error=invalid_request&error_description=nonce required` (Glewlwyd, whose
   * `validate_endpoint_auth` in `src/plugin/protocol_oidc.c` asks it of every request with the openid scope; it
   * checks it once the visitor has a session, after its sign-in page; the sandbox answers before any page).
   * `prompt=none` without a session gets the no-session answer first, as there. Default `'optional'`
   * (OpenID Connect Core 3.1.2.1: optional for the code flow).
   */
  nonce: 'optional' | 'required';
  /**
   * What a silent sign-in (`prompt=none`) with a session needs: `'session'` (the session cookie, as most providers)
   * or `'id_token_hint'`: also an `id_token_hint` that is the last ID token issued to this client for this account
   * (from the token endpoint, by a code or a refresh); none is answered `error=invalid_request` "id_token mandatory",
   * another (an older one, another account's) "id_token invalid" (Glewlwyd, `validate_endpoint_auth`). Default
   * `'session'`.
   */
  silentSignIn: 'session' | 'id_token_hint';
  /**
   * Whether the answer to a refresh token grant carries a new ID token (oidc-provider's, as most providers with the
   * openid scope); `false`: access and refresh tokens only, so the last ID token issued stays the code exchange's
   * (Glewlwyd's `get_access_token_from_refresh` in `src/plugin/protocol_oidc.c`). Default true.
   */
  refreshIdTokens: boolean;
  /**
   * The error a `prompt=none` without a session is answered: `'login_required'` (OpenID Connect Core 3.1.2.6, as
   * oidc-provider, Auth0, Okta, Entra ID, Keycloak) or `'interaction_required'`, without `error_description`
   * (Glewlwyd, `validate_endpoint_auth`). Default `'login_required'`.
   */
  noSessionError: 'login_required' | 'interaction_required';
  /**
   * Whether a public client (no secret) may revoke its tokens; `false`: the revocation endpoint answers it 401
   * `invalid_client` and revokes nothing (Glewlwyd's revocation wants a client secret or an access token with its
   * introspection scope: `callback_check_intropect_revoke` in `src/plugin/protocol_oidc.c`). Default true.
   */
  publicClientRevocation: boolean;
  /**
   * Whether the sign-in and consent pages offer a Cancel link that returns `error=access_denied` to the client;
   * `false`: none, visitors leave with the browser's Back (Glewlwyd's sign-in page). Default true.
   */
  loginCancel: boolean;
  /** Fields of the discovery document replaced as a real provider's read (`null` removes one). Default `{}`. */
  discovery: Record<string, unknown>;
  /**
   * A named set of the options above, as a real provider behaves (`OIDC_PROFILES`); it wins over them.
   * Default `'sandbox'` (the kind one).
   */
  profile: OidcProfile;
  /**
   * The key of the keyed hash that turns a login into its opaque subject (`sub`). The default is a
   * fixed string, so the same login gets the same `sub` across restarts and machines.
   */
  subjectKey: string;
}

/** Callback paths allowed for the demo client on 127.0.0.1 and localhost, on any port. */
export const DEFAULT_REDIRECT_PATHS = ['/callback', '/auth/callback', '/signin-callback', '/silent-callback', '/'];

/** Where the demo client may return after sign-out, on 127.0.0.1 and localhost, on any port. */
export const DEFAULT_POST_LOGOUT_PATHS = ['/', '/signed-out', '/logout/callback'];

/** Metadata of a statically registered OpenID client (snake_case, as in RFC 7591). */
export interface OidcClientMetadata {
  client_id: string;
  redirect_uris?: string[];
  post_logout_redirect_uris?: string[];
  [key: string]: unknown;
}

/** `http://127.0.0.1<path>` and `http://localhost<path>` for each path: with `application_type: 'native'` they match any port (RFC 8252 §7.3). */
export function loopbackUris(paths: readonly string[]): string[] {
  return ['127.0.0.1', 'localhost'].flatMap((host) => paths.map((path) => `http://${host}${path}`));
}

/** The module's defaults (`oidc.defaults`). */
export const OIDC_DEFAULTS: OidcOptions = {
  clientId: DEMO_CLIENT_ID,
  redirectUris: loopbackUris(DEFAULT_REDIRECT_PATHS),
  postLogoutRedirectUris: loopbackUris(DEFAULT_POST_LOGOUT_PATHS),
  clients: [],
  accessTokenTtl: 60 * 60,
  idTokenTtl: 60 * 60,
  refreshTokenTtl: 14 * 24 * 60 * 60,
  refreshTokens: 'always',
  rotateRefreshTokens: true,
  thirdPartyCookies: true,
  offlineAccessWithoutConsent: false,
  revocation: true,
  endSession: true,
  thinIdTokens: false,
  issuerPath: '',
  tenants: null,
  authorizationResponseIss: true,
  schemelessIdTokenIssuer: false,
  signingKeyIssuer: false,
  logout: 'rp-initiated',
  revocableTokens: ['refresh_token', 'access_token'],
  frames: true,
  sessionCookieSameSite: 'lax',
  clientSecret: null,
  nonce: 'optional',
  silentSignIn: 'session',
  refreshIdTokens: true,
  noSessionError: 'login_required',
  publicClientRevocation: true,
  loginCancel: true,
  discovery: {},
  profile: 'sandbox',
  subjectKey: DEFAULT_SUBJECT_KEY,
};

/** Each option that takes one of a few words, and those words. */
const CHOICES = {
  refreshTokens: ['always', 'offline_access', 'never'],
  nonce: ['optional', 'required'],
  silentSignIn: ['session', 'id_token_hint'],
  noSessionError: ['login_required', 'interaction_required'],
} as const satisfies Partial<Record<keyof OidcOptions, readonly string[]>>;

/** The options the provider runs with: the caller's (over the defaults), then the profile's over them; checked. */
export function resolveOptions(given: OidcOptions): OidcOptions {
  if (!Object.hasOwn(OIDC_PROFILES, given.profile)) {
    throw new RangeError(`oidc: profile must be one of ${Object.keys(OIDC_PROFILES).join(', ')}`);
  }
  const options = { ...given, ...OIDC_PROFILES[given.profile] } as OidcOptions;
  for (const key of ['accessTokenTtl', 'idTokenTtl', 'refreshTokenTtl'] as const) {
    if (!Number.isInteger(options[key]) || options[key] < 1) {
      throw new RangeError(`oidc: ${key} must be a whole number of seconds ≥ 1, got ${options[key]}`);
    }
  }
  for (const [key, words] of Object.entries(CHOICES) as [keyof typeof CHOICES, readonly string[]][]) {
    if (!words.includes(options[key])) {
      const quoted = words.map((word) => `'${word}'`);
      throw new RangeError(`oidc: ${key} must be ${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`);
    }
  }
  return options;
}
