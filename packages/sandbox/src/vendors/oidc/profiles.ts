import type { OidcOptions } from './options';

/** Personal Microsoft accounts' tenant id (Entra ID's `consumers`). */
export const CONSUMERS_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';

/**
 * Real providers' unkind behaviour, as data: each profile is a set of options (`profile: '…'`).
 * - `sandbox`: refresh tokens always, silent sign-in works, revocation and end-session endpoints.
 * - `cross-site-spa`: a SPA meeting Auth0, Okta or Entra ID on another site: refresh tokens only when
 *   `offline_access` is asked for, `prompt=none` answered `login_required` (third-party cookies blocked),
 *   no revocation endpoint (Entra ID), no end-session endpoint (Cognito, older Auth0), thin ID tokens (Okta).
 * - `no-revocation`, `no-end-session`, `thin-id-tokens`: one difference each.
 * - `entra`: Entra ID multi-tenant: discovery's issuer is `<sandbox>/oidc/{tenantid}/v2.0` (configure
 *   `<sandbox>/oidc/common/v2.0`), ID tokens carry `tid` and `iss` with it (personal accounts, `@outlook.com`,
 *   `@hotmail.com`, `@live.com`: the consumers tenant), no RFC 9207 `iss`, no revocation endpoint, refresh
 *   tokens only for `offline_access`, JWKS keys carrying `issuer`.
 * - `cognito`: sign-out through `<issuer>/logout` with `client_id` and `logout_uri`, revocation of refresh
 *   tokens only (an access token: 400 `unsupported_token_type`), pages never framed (`prompt=none` in an iframe
 *   refused), refresh tokens always.
 * - `keycloak`: issuer `<sandbox>/oidc/realms/plinth`, refresh tokens always, `offline_access` honoured
 *   without consent, recorded on the token exchange as `meta.offlineSession` (Keycloak's offline session).
 * - `google`: the token endpoint wants the client secret (`clientSecret`), discovery lists no `offline_access`
 *   and only `client_secret_*` authentication, no end-session endpoint; ID tokens' `iss` without its scheme.
 * - `glewlwyd`: Glewlwyd (Debian's `glewlwyd`; its `validate_endpoint_auth` in `src/plugin/protocol_oidc.c`): a
 *   `nonce` required with the openid scope, `prompt=none` answered only with the last ID token issued to the
 *   client as `id_token_hint` (refreshes issue none), `interaction_required` when there is no session, revocation refused to public
 *   clients (401 `invalid_client`), no Cancel on its sign-in page (visitors press Back); sign-out asks "Sign out?";
 *   no RFC 9207 `iss` in authorization responses (its `oauth-as-iss-id` setting, off by default, and never in
 *   discovery).
 */
export const OIDC_PROFILES = {
  sandbox: {},
  'cross-site-spa': {
    refreshTokens: 'offline_access',
    offlineAccessWithoutConsent: true,
    thirdPartyCookies: false,
    revocation: false,
    endSession: false,
    thinIdTokens: true,
  },
  'no-revocation': { revocation: false },
  'no-end-session': { endSession: false },
  'thin-id-tokens': { thinIdTokens: true },
  entra: {
    issuerPath: '/{tenantid}/v2.0',
    tenants: {
      '*': '5f3c1f0e-2d7a-4b8e-9c61-0a4e8b7d2c15',
      'outlook.com': CONSUMERS_TENANT,
      'hotmail.com': CONSUMERS_TENANT,
      'live.com': CONSUMERS_TENANT,
    },
    authorizationResponseIss: false,
    revocation: false,
    refreshTokens: 'offline_access',
    offlineAccessWithoutConsent: true,
    signingKeyIssuer: true,
  },
  cognito: {
    logout: 'client_id+logout_uri',
    revocableTokens: ['refresh_token'],
    frames: false,
    discovery: { scopes_supported: ['openid', 'email', 'phone', 'profile'] },
  },
  keycloak: { issuerPath: '/realms/plinth', offlineAccessWithoutConsent: true },
  google: {
    clientSecret: 'plinth-google-secret',
    endSession: false,
    schemelessIdTokenIssuer: true,
    discovery: {
      scopes_supported: ['openid', 'email', 'profile'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
    },
  },
  glewlwyd: {
    nonce: 'required',
    silentSignIn: 'id_token_hint',
    refreshIdTokens: false,
    noSessionError: 'interaction_required',
    publicClientRevocation: false,
    loginCancel: false,
    authorizationResponseIss: false,
  },
} as const satisfies Record<string, Partial<Omit<OidcOptions, 'profile'>>>;

export type OidcProfile = keyof typeof OIDC_PROFILES;
