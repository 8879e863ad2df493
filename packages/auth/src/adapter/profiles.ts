// What differs between identity providers, as data (one record per provider), read by the oidc-client-ts
// adapter. Imported by the adapter alone, so it is in the lazy chunk with oidc-client-ts and jose. Sources per
// provider: README, "Going live".
import { AuthError, type AuthErrorSource } from '../AuthError';
import type { IdentityProvider } from '../types';

export interface ProviderProfile {
  /** Ask for `offline_access` by default (when discovery lists it); `offlineAccess` in the config wins. */
  offlineAccess: boolean;
  /** The token types the revocation endpoint takes, revoked in this order. */
  revokeTokenTypes: ('refresh_token' | 'access_token')[];
  /**
   * `'rp-initiated'`: OpenID RP-Initiated Logout (`id_token_hint`, `post_logout_redirect_uri`, `state`).
   * `'client-id-logout-uri'`: Cognito's `/logout?client_id=…&logout_uri=…`.
   */
  logout: 'rp-initiated' | 'client-id-logout-uri';
  /** Whether `prompt=none` in a hidden iframe can ever be answered (Cognito's pages send X-Frame-Options: DENY). */
  iframe: boolean;
  /** Discovery's `issuer` may be a `{tenantid}` template, which each ID token's own `tid` resolves (Entra ID). */
  tenantIssuer: boolean;
  /**
   * ID tokens' `iss` may also be the issuer without its scheme (Google: `accounts.google.com` or
   * `https://accounts.google.com`, both documented).
   */
  schemelessIssuer?: boolean;
  /** Parameters every authorization request carries (Google: `access_type=offline`, its way to a refresh token). */
  authorizationParams?: Record<string, string>;
  /** A renewal refused with an `error_description` matching this ended the session for good. */
  sessionEnd?: { pattern: RegExp; reason: string };
}

const standard: ProviderProfile = {
  offlineAccess: true,
  revokeTokenTypes: ['refresh_token', 'access_token'],
  logout: 'rp-initiated',
  iframe: true,
  tenantIssuer: false,
};

export const PROFILES: Record<IdentityProvider, ProviderProfile> = {
  generic: standard,
  auth0: standard,
  okta: standard,
  entra: {
    ...standard,
    tenantIssuer: true,
    sessionEnd: {
      pattern: /\bAADSTS700084\b/,
      reason: "Entra ID ends a single-page app's refresh tokens 24 h after sign-in; sign in again",
    },
  },
  cognito: {
    ...standard,
    offlineAccess: false,
    revokeTokenTypes: ['refresh_token'],
    logout: 'client-id-logout-uri',
    iframe: false,
  },
  keycloak: { ...standard, offlineAccess: false },
  // Only through a backend (config.ts); a refresh token comes with access_type=offline, not offline_access.
  google: {
    ...standard,
    offlineAccess: false,
    authorizationParams: { access_type: 'offline' },
    schemelessIssuer: true,
  },
};

/** Personal Microsoft accounts' tenant (`tid`), also written `consumers`. */
export const CONSUMERS_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';

const TEMPLATE = '{tenantid}';

interface Discovered {
  issuer?: unknown;
  authorization_endpoint?: unknown;
  token_endpoint?: unknown;
  end_session_endpoint?: unknown;
}

/** `explicit`, else the provider the discovery document shows, else `'generic'`. */
export function detectProvider(metadata: Discovered, explicit?: IdentityProvider): IdentityProvider {
  if (explicit) return explicit;
  const issuer = String(metadata.issuer ?? '');
  const hosts = [metadata.issuer, metadata.authorization_endpoint, metadata.token_endpoint].map(
    (url) => URL.parse(String(url))?.hostname ?? '',
  );
  if (issuer.includes(TEMPLATE) || hosts[0] === 'login.microsoftonline.com') return 'entra';
  if (
    /^(issuer-)?cognito-idp\.[\w-]+\.amazonaws\.com$/.test(hosts[0]!) ||
    hosts.some((h) => /\.amazoncognito\.com$/.test(h))
  )
    return 'cognito';
  if (/\/realms\/[^/]+\/?$/.test(issuer)) return 'keycloak';
  if (hosts[0] === 'accounts.google.com') return 'google';
  if (/\.auth0\.com$/.test(hosts[0]!)) return 'auth0';
  if (/\.okta(preview)?\.com$/.test(hosts[0]!)) return 'okta';
  return 'generic';
}

const trim = (url: string) => url.replace(/\/+$/, '');
const GUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;
/** A tenant as an Entra authority names it: `common`, `organizations`, `consumers`, a GUID or a domain. */
const TENANT_NAME = /^[\w.-]+$/;

/**
 * The one path segment in which an Entra `issuer` and `authority` differ (the tenant), both on the same origin
 * with the same path otherwise; `undefined` when they differ anywhere else.
 */
function tenantSegments(issuer: string, authority: string): { issuer: string; authority: string } | undefined {
  const [i, a] = [URL.parse(trim(issuer)), URL.parse(trim(authority))];
  if (!i || !a || i.origin !== a.origin || i.search || a.search || i.hash || a.hash) return undefined;
  // The URL parser writes `{tenantid}` as `%7Btenantid%7D`: compare the segments as written.
  const segments = (url: URL) =>
    url.pathname.split('/').map((segment) => segment.replace(/%7B/gi, '{').replace(/%7D/gi, '}'));
  const [is, as] = [segments(i), segments(a)];
  const differ = is.flatMap((segment, k) => (segment === as[k] ? [] : [k]));
  if (is.length !== as.length || differ.length !== 1) return undefined;
  return { issuer: is[differ[0]!]!, authority: as[differ[0]!]! };
}

/**
 * Whether the discovery `issuer` is the one this `authority` publishes (a trailing slash aside). Exact for every
 * provider but Entra ID, whose discovery publishes, per kind of authority (Microsoft's access-tokens page,
 * "Validate the issuer": https://learn.microsoft.com/entra/identity-platform/access-tokens#validate-the-issuer):
 * - `/common/v2.0` and `/organizations/v2.0` (multi-tenant): the template `https://login.microsoftonline.com/{tenantid}/v2.0`,
 *   which each ID token's own `tid` resolves (`tenantIssuer`). A template also matches an authority with any one
 *   tenant in its place (the RFC 9207 `iss` of an authorization response).
 * - `/consumers/v2.0` (single-tenant: personal accounts, the tenant 9188040d-6c67-4c5b-b112-36a304b66dad), a tenant
 *   by GUID or by domain (`contoso.onmicrosoft.com`): that tenant's fixed issuer `https://login.microsoftonline.com/<GUID>/v2.0`,
 *   which every ID token's `iss` must then equal (jose.ts checks it against the policy's issuer).
 * Refused where the authority tells the tenant and the issuer names another: a GUID authority with another GUID,
 * `consumers` with any GUID but its own, `common`/`organizations` (never one tenant) with any fixed GUID; and any
 * fixed issuer that is not a GUID. A domain's GUID cannot be told from the authority: its issuer is accepted.
 */
export function issuerMatchesAuthority(issuer: string, authority: string, provider: IdentityProvider): boolean {
  if (trim(issuer) === trim(authority)) return true;
  if (!PROFILES[provider].tenantIssuer) return false;
  const tenants = tenantSegments(issuer, authority);
  if (!tenants || !TENANT_NAME.test(tenants.authority)) return false;
  const named = tenants.authority.toLowerCase();
  if (tenants.issuer === TEMPLATE) return true;
  if (!GUID.test(tenants.issuer)) return false;
  const fixed = tenants.issuer.toLowerCase();
  if (named === 'common' || named === 'organizations') return false;
  if (named === 'consumers') return fixed === CONSUMERS_TENANT;
  if (GUID.test(named)) return fixed === named;
  return named.includes('.'); // a domain
}

/**
 * The issuer an ID token must carry. For a `{tenantid}` template (Entra ID, multi-tenant): the template with the
 * token's own `tid` (Microsoft's AadIssuerValidator does the same), and that tenant in `tenants` when given
 * (`'consumers'` standing for personal accounts); anything else is refused with `issuer_mismatch`.
 */
export function tenantIssuer(
  issuer: string,
  claims: { iss?: unknown; tid?: unknown },
  tenants: readonly string[] | undefined,
  source: AuthErrorSource,
): string {
  if (!issuer.includes(TEMPLATE)) return issuer;
  const refuse = (why: string) => {
    throw new AuthError(`${source}: ${why}`, { source, code: 'issuer_mismatch' });
  };
  const tid = typeof claims.tid === 'string' ? claims.tid.toLowerCase() : '';
  if (!/^[\w.-]+$/.test(tid))
    return refuse(`the ID token has no tenant (\`tid\`) to resolve the issuer "${issuer}" with`);
  const expected = issuer.replace(TEMPLATE, tid);
  if (claims.iss !== expected)
    refuse(`the ID token's issuer is "${String(claims.iss)}", but its tenant ${tid} makes it "${expected}"`);
  const allowed = tenants?.map((tenant) => (tenant === 'consumers' ? CONSUMERS_TENANT : tenant.toLowerCase()));
  if (allowed && !allowed.includes(tid)) refuse(`tenant ${tid} is not one of \`tenants\` (${tenants!.join(', ')})`);
  return expected;
}

/** The error a refused renewal means for this provider, when it means more than the provider's own `error`. */
export function renewFailure(profile: ProviderProfile, thrown: unknown): AuthError | undefined {
  const { error, error_description } = (thrown ?? {}) as { error?: unknown; error_description?: unknown };
  if (!profile.sessionEnd || typeof error_description !== 'string') return undefined;
  if (!profile.sessionEnd.pattern.test(error_description)) return undefined;
  return new AuthError(`renew: the session ended (${profile.sessionEnd.reason})`, {
    source: 'renew',
    code: 'session_ended',
    cause: thrown,
    ...(typeof error === 'string' ? { error } : {}),
    error_description,
  });
}

/**
 * Where sign-out sends the browser when the provider wants other parameters than RP-Initiated Logout's:
 * Cognito's `/logout` (discovery's `end_session_endpoint`, else on the authorization endpoint's host) with
 * `client_id` and `logout_uri`. `undefined` for the standard way.
 */
export function logoutTarget(
  profile: ProviderProfile,
  metadata: Discovered,
  context: { clientId: string; postLogoutRedirectUri: string },
): string | undefined {
  if (profile.logout !== 'client-id-logout-uri') return undefined;
  const endpoint =
    typeof metadata.end_session_endpoint === 'string'
      ? metadata.end_session_endpoint
      : new URL('/logout', String(metadata.authorization_endpoint)).href;
  const target = new URL(endpoint);
  target.searchParams.set('client_id', context.clientId);
  target.searchParams.set('logout_uri', context.postLogoutRedirectUri);
  return target.href;
}
