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
  error: AuthError | null;
}

export interface AuthSettings {
  /** The issuer, e.g. `https://id.example.com` (discovery at `/.well-known/openid-configuration`). */
  authority: string;
  /** A public client registered for the authorization code flow with PKCE. */
  clientId: string;
  /** Default `'openid profile email'`; some providers issue refresh tokens only with `offline_access`. */
  scope?: string;
  /** The registered redirect URI's path on this origin. Default `/auth/callback`. */
  callbackPath?: string;
  /** Where the hidden iframe of a silent sign-in (`prompt=none`) returns. Default `/silent-callback`. */
  silentCallbackPath?: string;
  /** Where the provider's end-session page returns. Default `/`. */
  postLogoutPath?: string;
  /** `'memory'` (default): tokens never touch web storage. `'session'`: kept in sessionStorage across reloads, readable by any script on the page (XSS). */
  tokenStorage?: 'memory' | 'session';
  /** A stored sign-in request older than this is refused (`expired`) and cleared. Default 900 s. */
  requestMaxAgeSeconds?: number;
  /** Renew this many seconds before the access token expires (at most a third of its lifetime). Default 60. */
  renewBeforeSeconds?: number;
  /** Extra parameters for the authorization request (e.g. `{ audience }`). */
  extraQueryParams?: Record<string, string>;
}

export type ResolvedAuthSettings = Required<Omit<AuthSettings, 'extraQueryParams'>> &
  Pick<AuthSettings, 'extraQueryParams'>;

/** What the adapter hands back after a sign-in or a renewal. */
export interface AuthSession {
  claims: Record<string, unknown>;
  accessToken: string;
  /** Epoch seconds. */
  expiresAt: number | undefined;
  /** The `returnTo` stored with the sign-in request (validate before use). */
  returnTo?: unknown;
}

/** The vendor behind one door: what `src/adapter/oidc-client-ts.ts` implements. */
export interface AuthClient {
  /** Sends the browser to the provider; resolves without navigating when `signal` was aborted first. */
  signIn(returnTo: string, signal?: AbortSignal): Promise<void>;
  callback(url: string): Promise<AuthSession>;
  silentCallback(url: string): Promise<void>;
  /** The session in the user store, if still valid. */
  current(): Promise<AuthSession | null>;
  /** Refresh token when there is one, else `prompt=none` in a hidden iframe. */
  renew(): Promise<AuthSession>;
  revoke(): Promise<void>;
  /** Forgets the user; redirects to the end-session endpoint when there is one (resolves `true` then). */
  endSession(): Promise<boolean>;
  forget(): Promise<void>;
}
