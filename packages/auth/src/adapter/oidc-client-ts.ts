// The only file that imports oidc-client-ts; loaded with import() by createAuth, so the SDK is a lazy chunk
// (its stored requests' format, read before it loads, is in oidc-requests.ts).
// oidc-client-ts 3.x checks only that an ID token has a `sub` (and, on refresh, that `sub`/`auth_time`/`azp`
// did not change): the signature, `iss`, `aud`, `exp` and `iat`, the discovery issuer and RFC 9207's `iss`
// response parameter are checked here (README, "Threat model").
import { reportMisconfiguration } from '@plinth/core';
import { InMemoryWebStorage, type StateStore, type User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { AuthError, type AuthErrorSource } from '../AuthError';
import { BACKEND_REFRESH_TOKEN } from '../backend';
import { type ResolvedAuthConfig, warnIfReloadsSignOut } from '../config';
import type { AuthorizationParams, AuthSession, IdentityProvider, OidcAdapter } from '../types';
import { type IdTokenPolicy, signingAlgorithms, verifyIdToken } from './jose';
import { REQUEST_PREFIX } from './oidc-requests';
import {
  detectProvider,
  issuerMatchesAuthority,
  logoutTarget,
  PROFILES,
  type ProviderProfile,
  renewFailure,
} from './profiles';
import { indexedDbVault, sealedStore } from './sealed';

/** Tokens in memory, one store per page: two providers with the same settings share the user. */
const memory = new InMemoryWebStorage();

const toSession = (user: User): AuthSession => ({
  claims: { ...user.profile },
  accessToken: user.access_token,
  expiresAt: user.expires_at,
  scope: user.scope,
  returnTo: (user.state as { returnTo?: unknown } | undefined)?.returnTo,
});

/**
 * A fresh `nonce` for one authorization request (OpenID Connect Core 3.1.2.1, 15.5.2): 256 random bits,
 * base64url. oidc-client-ts keeps it with the request's state and refuses an ID token that does not carry it.
 * Optional in the code flow, required by some providers (Glewlwyd: "nonce required"), free for the others.
 */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** `scope` with `offline_access` added when the provider lists it (and the app did not turn it off). */
export function scopeFor(scope: string, supported: unknown, offlineAccess: boolean): string {
  const scopes = scope.split(/\s+/).filter(Boolean);
  const listed = Array.isArray(supported) && supported.includes('offline_access');
  return offlineAccess && listed && !scopes.includes('offline_access')
    ? [...scopes, 'offline_access'].join(' ')
    : scope;
}

/**
 * RFC 9207: the authorization response's `iss`, when there is one or the provider promises one, is the issuer
 * (for an Entra ID `{tenantid}` template: the template with some tenant; the ID token's `tid` pins it).
 */
function responseIssuerProblem(
  url: string,
  metadata: { issuer?: unknown; authorization_response_iss_parameter_supported?: unknown },
  provider: IdentityProvider = 'generic',
) {
  const iss = new URL(url).searchParams.get('iss');
  if (iss === null && metadata.authorization_response_iss_parameter_supported !== true) return undefined;
  if (iss === metadata.issuer) return undefined;
  const issuer = String(metadata.issuer);
  if (iss !== null && issuer.includes('{tenantid}') && issuerMatchesAuthority(issuer, iss, provider)) return undefined;
  return iss === null
    ? 'the authorization response has no `iss`, though the provider announces it (RFC 9207)'
    : `the authorization response comes from issuer "${iss}", not "${String(metadata.issuer)}" (RFC 9207)`;
}

/**
 * Why discovery failed: the network (`network`, tried again next time), or a provider that answered with an HTTP
 * error (`discovery`: a typo in `authority` is a 404), which is also printed once in development and reported as
 * a misconfiguration.
 */
export function discoveryFailure(authority: string, cause: unknown): AuthError {
  const url = `${authority.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  const status = /\((\d{3})\)/.exec(String((cause as Error | undefined)?.message ?? ''))?.[1];
  if (!status) {
    return new AuthError(`discovery: ${url} could not be read`, { source: 'discovery', code: 'network', cause });
  }
  const message = `auth: discovery: ${url} answered HTTP ${status}; check \`authority\` (the issuer URL, without /.well-known/…)`;
  reportMisconfiguration('plinth.auth.discovery', message, { url, status: Number(status) });
  return new AuthError(message.replace(/^auth: /, ''), { source: 'discovery', code: 'discovery', cause });
}

/**
 * With a token-mediating backend (`backend`), oidc-client-ts's user store: the user always carries the backend's
 * placeholder refresh token (the real one is in the backend's httpOnly cookie), so renewals and revocations go
 * to the backend as refresh grants, never to an iframe; with no user (a reload), one with only that placeholder,
 * expired, so the first renewal asks the backend (which answers `invalid_grant` without a cookie).
 */
export const backendStore = (store: StateStore): StateStore => ({
  async get(key) {
    const stored = await store.get(key);
    const user = stored ? (JSON.parse(stored) as object) : { token_type: 'Bearer', profile: {}, expires_at: 0 };
    return JSON.stringify({ ...user, refresh_token: BACKEND_REFRESH_TOKEN });
  },
  set: (key, value) => store.set(key, value),
  remove: (key) => store.remove(key),
  getAllKeys: () => store.getAllKeys(),
});

export function createOidcAdapter(settings: ResolvedAuthConfig): OidcAdapter {
  const origin = location.origin;
  const inMemory = new WebStorageStateStore({ store: settings.tokenStorage === 'session' ? sessionStorage : memory });
  // 'sealed': the refresh token also sealed in IndexedDB, for a reload where the iframe sees no provider session.
  const sealed =
    settings.tokenStorage === 'sealed'
      ? sealedStore(indexedDbVault(`plinth.auth:${settings.clientId}`), inMemory)
      : undefined;
  const manager = new UserManager({
    authority: settings.authority,
    client_id: settings.clientId,
    scope: settings.scope,
    response_type: 'code', // with PKCE S256, the library's default
    redirect_uri: origin + settings.callbackPath,
    silent_redirect_uri: origin + settings.silentCallbackPath,
    post_logout_redirect_uri: origin + settings.postLogoutPath,
    // Plinth renews itself: single-flight, serialised across tabs (oidc-client-ts would start its own timer in the constructor).
    automaticSilentRenew: false,
    userStore: settings.backend ? backendStore(inMemory) : (sealed ?? inMemory),
    // The backend is the token endpoint and the revocation endpoint (it adds the client secret, keeps the refresh
    // token); discovery's other endpoints (authorization, JWKS, userinfo, end-session) stay the provider's.
    ...(settings.backend
      ? { metadataSeed: { token_endpoint: origin + settings.backend, revocation_endpoint: origin + settings.backend } }
      : {}),
    stateStore: new WebStorageStateStore({ prefix: REQUEST_PREFIX, store: localStorage }),
    staleStateAgeInSeconds: settings.requestMaxAgeSeconds,
    revokeTokenTypes: ['refresh_token', 'access_token'],
    // oidc-provider answers a revocation with an empty text/plain 200.
    revokeTokenAdditionalContentTypes: ['text/plain'],
    silentRequestTimeoutInSeconds: 10,
    // `prompt=none` carries the session's ID token (OpenID Connect Core 3.1.2.1 RECOMMENDS it; Glewlwyd answers a
    // silent request only with it): this tab's while renewing, the sealed record's after a reload.
    includeIdTokenInSilentRenew: true,
    extraQueryParams: settings.extraQueryParams ?? {},
    loadUserInfo: settings.loadUserInfo,
  });

  type Metadata = Awaited<ReturnType<typeof manager.metadataService.getMetadata>>;
  let discovered:
    | Promise<{ metadata: Metadata; policy: IdTokenPolicy; provider: IdentityProvider; profile: ProviderProfile }>
    | undefined;
  /**
   * The discovery document, once per page, and the provider's profile (`settings.provider`, else detected): its
   * `issuer` must be the configured authority (trailing slash aside; Entra ID: its `{tenantid}` template with
   * the authority's tenant), else nothing is sent to the provider. A network failure is tried again next time.
   */
  const discovery = () =>
    (discovered ??= (async () => {
      let metadata: Metadata;
      try {
        metadata = await manager.metadataService.getMetadata();
      } catch (cause) {
        discovered = undefined;
        throw discoveryFailure(settings.authority, cause);
      }
      const issuer = typeof metadata.issuer === 'string' ? metadata.issuer : '';
      const provider = detectProvider(metadata, settings.provider);
      if (!settings.provider) warnIfReloadsSignOut(provider, settings);
      if (!issuer || !issuerMatchesAuthority(issuer, settings.authority, provider)) {
        throw new AuthError(
          `discovery: the provider's issuer is "${issuer}", not the configured authority "${settings.authority}"`,
          { source: 'discovery', code: 'issuer_mismatch' },
        );
      }
      if (typeof metadata.jwks_uri !== 'string') {
        throw new AuthError('discovery: the provider publishes no jwks_uri, so its ID tokens cannot be verified', {
          source: 'discovery',
          code: 'provider',
        });
      }
      const policy: IdTokenPolicy = {
        issuer,
        ...(PROFILES[provider].schemelessIssuer ? { issuerAliases: [issuer.replace(/^https?:\/\//, '')] } : {}),
        ...(settings.tenants ? { tenants: settings.tenants } : {}),
        clientId: settings.clientId,
        jwksUri: metadata.jwks_uri,
        algorithms: signingAlgorithms(
          (metadata as { id_token_signing_alg_values_supported?: unknown }).id_token_signing_alg_values_supported,
          settings.idTokenAlgorithms,
        ),
        clockToleranceSeconds: settings.clockToleranceSeconds,
      };
      return { metadata, policy, provider, profile: PROFILES[provider] };
    })());

  /** Keeps `user` only when its ID token passes every check; otherwise forgets it (no token kept) and rejects. */
  const verified = async (user: User, source: AuthErrorSource, previousIdToken?: string) => {
    try {
      if (!user.id_token) {
        throw new AuthError(`${source}: the provider sent no ID token`, { source, code: 'invalid_id_token' });
      }
      // A refresh that brought no new ID token keeps the one verified at sign-in.
      if (user.id_token !== previousIdToken) await verifyIdToken(user.id_token, (await discovery()).policy, source);
      return toSession(user);
    } catch (error) {
      await manager.removeUser().catch(() => {});
      throw error;
    }
  };

  return {
    async signIn(returnTo, signal, params: AuthorizationParams = {}) {
      let metadata: Metadata;
      let profile: ProviderProfile;
      try {
        ({ metadata, profile } = await discovery());
      } catch (error) {
        if (signal?.aborted) return;
        throw error;
      }
      // A slow provider: the user may have gone elsewhere meanwhile (RequireAuth unmounted).
      if (signal?.aborted) return;
      await manager.signinRedirect({
        state: { returnTo },
        scope: scopeFor(settings.scope, metadata.scopes_supported, settings.offlineAccess ?? profile.offlineAccess),
        login_hint: params.loginHint,
        prompt: params.prompt,
        acr_values: params.acrValues,
        ui_locales: params.uiLocales,
        max_age: params.maxAge,
        nonce: newNonce(),
        extraQueryParams: { ...profile.authorizationParams, ...settings.extraQueryParams, ...params.extraParams },
      });
    },
    async callback(url) {
      const { metadata, provider } = await discovery();
      const problem = responseIssuerProblem(url, metadata, provider);
      if (problem) {
        // Refused before the code is exchanged: no token request goes to whoever sent it.
        const state = new URL(url).searchParams.get('state');
        if (state) await manager.settings.stateStore.remove(state).catch(() => undefined);
        throw new AuthError(`callback: ${problem}`, { source: 'callback', code: 'issuer_mismatch' });
      }
      return verified(await manager.signinRedirectCallback(url), 'callback');
    },
    async silentCallback(url) {
      // Inside the hidden iframe: a response from another issuer goes to the parent page as an error
      // response, so the parent refuses it without exchanging its code.
      const found = await discovery().catch(() => undefined);
      const problem = responseIssuerProblem(url, found?.metadata ?? {}, found?.provider);
      if (problem) {
        const answer = new URL(url);
        answer.search = new URLSearchParams({
          error: 'issuer_mismatch',
          error_description: problem,
          state: answer.searchParams.get('state') ?? '',
        }).toString();
        return manager.signinSilentCallback(answer.href);
      }
      return manager.signinSilentCallback(url);
    },
    async current() {
      const user = await manager.getUser();
      return user && !user.expired ? toSession(user) : null;
    },
    async renew() {
      const { provider, profile } = await discovery();
      const stored = await manager.getUser();
      const before = stored?.id_token;
      if (!profile.iframe && !stored?.refresh_token) {
        // Cognito refuses to be framed: the hidden iframe would only time out.
        throw new AuthError(`renew: no refresh token, and ${provider} does not answer prompt=none in an iframe`, {
          source: 'renew',
          code: 'login_required',
        });
      }
      // With a refresh token: the token endpoint; without one: `prompt=none` in a hidden iframe.
      const user = await manager.signinSilent({ nonce: newNonce() }).catch(async (thrown: unknown) => {
        await sealed?.drop(); // a refused refresh token is not kept for the next reload
        throw renewFailure(profile, thrown) ?? thrown;
      });
      if (!user) throw new AuthError('renew: no session', { source: 'renew', code: 'login_required' });
      return verified(user, 'renew', before);
    },
    async revoke() {
      const { metadata, profile } = await discovery();
      // Entra ID has none: the tokens live until they expire (README, "Going live").
      if (!metadata.revocation_endpoint) return false;
      // Cognito revokes refresh tokens only (and with one, the access tokens issued from it).
      await manager.revokeTokens(profile.revokeTokenTypes);
      return true;
    },
    async endSession(returnTo) {
      const found = await discovery().catch(() => undefined);
      const metadata = found?.metadata ?? ({} as Metadata);
      const standard = found?.profile.logout !== 'client-id-logout-uri';
      if (metadata.end_session_endpoint && standard) {
        // Sends id_token_hint, then forgets the user. The `state` (a stored `so:` request) is how the app knows,
        // back on postLogoutPath, that it is returning from this page (routing.ts: `signOutReturn`), and where
        // to land then.
        await manager.signoutRedirect({ state: { signOut: true, returnTo } });
        return true;
      }
      // No state comes back from a `logoutUrl` or Cognito's page: it returns to postLogoutPath (README,
      // "Sign-out variants").
      const idToken = (await manager.getUser())?.id_token;
      await manager.removeUser();
      const context = { clientId: settings.clientId, postLogoutRedirectUri: origin + settings.postLogoutPath };
      const url = settings.logoutUrl
        ? settings.logoutUrl({ ...context, ...(idToken ? { idToken } : {}) })
        : found && logoutTarget(found.profile, metadata, context);
      if (!url) return false;
      const target = new URL(url);
      if (target.protocol !== 'https:' && target.protocol !== 'http:') {
        throw new AuthError(`signOut: logoutUrl must be an http(s) URL, got ${target.protocol}`, {
          source: 'signOut',
          code: 'unknown',
        });
      }
      location.assign(target.href);
      return true;
    },
    forget: () => manager.removeUser(),
  };
}
