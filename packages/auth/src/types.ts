import type { AuthError } from './AuthError';

export type AuthStatus = 'loading' | 'signedOut' | 'signedIn' | 'error' | 'sessionExpired';

/** The signed-in user, as Plinth describes it (never the SDK's type). */
export interface AuthUser {
  /** The provider's subject (`sub`): stable and opaque. */
  id: string;
  name?: string;
  email?: string;
  /** Every claim of the ID token (`sub`, `iss`, `email_verified`, …). */
  claims: Readonly<Record<string, unknown>>;
}

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  /**
   * Why the last step failed. While `signedIn`, an error with `source: 'renew'` says the session could
   * not be renewed and ends at `expiresAt` (show it, offer to sign in again): it is reported before it
   * lapses, not discovered as a sudden sign-out.
   */
  error: AuthError | null;
  /** When the access token expires (epoch seconds), while signed in. */
  expiresAt: number | null;
  /**
   * The scope granted with the access token (space-delimited, from the token response; the requested scope
   * when the provider left it out, as RFC 6749 §5.1 allows), while signed in. What the access token may do.
   */
  scope: string | null;
}

/** A provider's sign-out URL for providers without an `end_session_endpoint` (Cognito's `/logout`, Auth0's `/v2/logout`). */
export type LogoutUrl = (context: { clientId: string; postLogoutRedirectUri: string; idToken?: string }) => string;

/**
 * The identity provider, for what differs between them (README, "Providers"): issuer validation, the sign-out
 * parameters, the token types revocation takes, the default scope, whether a hidden iframe can renew.
 */
export type IdentityProvider = 'entra' | 'cognito' | 'keycloak' | 'auth0' | 'okta' | 'google' | 'generic';

/** The one configuration of `createAuth(config)` and `<AuthProvider config>`. */
export interface AuthConfig {
  /** The issuer, e.g. `https://id.example.com` (discovery at `/.well-known/openid-configuration`). */
  authority: string;
  /** A public client registered for the authorization code flow with PKCE. */
  clientId: string;
  /**
   * Which provider this is. Default: detected from discovery where it shows (Entra ID's `{tenantid}` issuer or
   * login.microsoftonline.com, Keycloak's `/realms/<realm>`, Cognito's hosts, Google, Auth0's and Okta's own
   * domains), else `'generic'`; an explicit value wins (a custom domain hides Auth0 and Okta).
   */
  provider?: IdentityProvider;
  /**
   * Entra ID with a multi-tenant authority (`/common`, `/organizations`, `/consumers`): the tenants (GUIDs, or
   * `'consumers'` for personal Microsoft accounts) whose users may sign in. Default: any tenant.
   */
  tenants?: string[];
  /** Default `'openid profile email'` (plus `offline_access` when the provider supports it, see `offlineAccess`). */
  scope?: string;
  /**
   * Ask for `offline_access` when the discovery document lists it in `scopes_supported`: Auth0, Okta and
   * Entra ID issue a refresh token only then, and without one the session cannot outlive its access token
   * where third-party cookies are blocked. Default true, but false for Keycloak (its refresh tokens come
   * without it; with it, an offline session that outlives SSO logout), Cognito and Google.
   */
  offlineAccess?: boolean;
  /** Also load UserInfo after sign-in (providers with thin ID tokens, e.g. Okta); its `sub` must be the ID token's. Default false. */
  loadUserInfo?: boolean;
  /** ID token signing algorithms accepted. Default: the asymmetric ones the discovery document lists (never `none` or `HS*`). */
  idTokenAlgorithms?: string[];
  /** Clock skew allowed when checking `exp` and `iat`, in seconds. Default 300. */
  clockToleranceSeconds?: number;
  /** Where to send the browser on sign-out when the provider has no `end_session_endpoint` (else: signed out locally only). */
  logoutUrl?: LogoutUrl;
  /** The registered redirect URI's path on this origin. Default `/auth/callback`. */
  callbackPath?: string;
  /** Where the hidden iframe of a silent sign-in (`prompt=none`) returns. Default `/silent-callback`. */
  silentCallbackPath?: string;
  /** Where the provider's end-session page returns. Default `/`. */
  postLogoutPath?: string;
  /**
   * Where tokens live. `'memory'` (default): never in web storage; a reload restores the session only through the
   * hidden iframe (`prompt=none`), which sees no provider session where third-party cookies are blocked (Safari,
   * Firefox) or the provider refuses iframes (Cognito). `'sealed'`: also the refresh token (not the access token)
   * in IndexedDB, encrypted under a non-extractable AES-GCM key, so such a reload signs in again with it; deleted
   * at every sign-out and when a refresh fails (README, "Sealed sessions": what it protects and what not).
   * `'session'`: kept in sessionStorage across reloads, readable by any script on the page (XSS).
   */
  tokenStorage?: 'memory' | 'sealed' | 'session';
  /**
   * The path of a token-mediating backend on this origin (`@plinth/auth/server`'s `createTokenHandler`, e.g.
   * `/api/auth/token`): the browser's token requests and revocations go there, and it adds the client secret and
   * keeps the refresh token in an httpOnly cookie. Needed for Google and any provider that wants a client secret;
   * a reload then renews through it, with no iframe. Not with `tokenStorage: 'sealed'` (README, "A backend").
   */
  backend?: string;
  /** A stored sign-in request older than this is refused (`expired`) and cleared. Default 900 s. */
  requestMaxAgeSeconds?: number;
  /** Renew this many seconds before the access token expires (at most a third of its lifetime). Default 60. */
  renewBeforeSeconds?: number;
  /** Extra parameters for the authorization request (e.g. `{ audience }`). */
  extraQueryParams?: Record<string, string>;
  /**
   * Replaces the URL after a callback or a sign-out, e.g. react-router's `(to) => navigate(to, { replace: true })`.
   * Default: `history.replaceState` plus a `popstate` event, which routers follow.
   */
  navigate?: (path: string) => void;
}

/** Per-call parameters of the authorization request (OpenID Connect Core 3.1.2.1). */
export interface AuthorizationParams {
  /** Pre-fills the provider's login field. */
  loginHint?: string;
  /** `'login'` forces re-authentication, `'consent'` the consent page, `'select_account'` the account chooser. */
  prompt?: 'none' | 'login' | 'consent' | 'select_account' | (string & {});
  acrValues?: string;
  uiLocales?: string;
  /** Seconds since the last active authentication after which the provider must authenticate again. */
  maxAge?: number;
  /** Any other parameter (e.g. `{ organization }`, `{ screen_hint: 'signup' }`), over `extraQueryParams`. */
  extraParams?: Record<string, string>;
}

/** What the adapter hands back after a sign-in or a renewal (internal). */
export interface AuthSession {
  claims: Record<string, unknown>;
  accessToken: string;
  /** Epoch seconds. */
  expiresAt: number | undefined;
  /** The granted scope (token response). */
  scope?: string;
  /** The `returnTo` stored with the sign-in request (validate before use). */
  returnTo?: unknown;
}

/** The vendor behind one door: what `src/adapter/oidc-client-ts.ts` implements (internal). */
export interface OidcAdapter {
  /** Sends the browser to the provider; resolves without navigating when `signal` was aborted first. */
  signIn(returnTo: string, signal?: AbortSignal, params?: AuthorizationParams): Promise<void>;
  callback(url: string): Promise<AuthSession>;
  silentCallback(url: string): Promise<void>;
  /** The session in the user store, if still valid. */
  current(): Promise<AuthSession | null>;
  /** Refresh token when there is one, else `prompt=none` in a hidden iframe. */
  renew(): Promise<AuthSession>;
  /** Revokes the refresh and access tokens; resolves `false` without a request when the provider has no revocation endpoint. */
  revoke(): Promise<boolean>;
  /**
   * Forgets the user; redirects to the end-session endpoint (or `logoutUrl`) when there is one (resolves `true`
   * then). `returnTo` (validated) rides in the end-session request's stored `state`, for the way back.
   */
  endSession(returnTo?: string): Promise<boolean>;
  forget(): Promise<void>;
}
