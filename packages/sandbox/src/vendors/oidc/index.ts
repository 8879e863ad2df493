import { createHmac, createPrivateKey, generateKeyPair, type JsonWebKey, randomBytes, sign } from 'node:crypto';
import { promisify } from 'node:util';
import type { ClientMetadata, Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { parseForm } from '../http/decode';
import { redactParams } from '../http/redact';
import type { VendorContext, VendorModule } from './types';

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
} as const satisfies Record<string, Partial<Omit<OidcOptions, 'profile'>>>;

export type OidcProfile = keyof typeof OIDC_PROFILES;

/** What the OIDC module exposes to tests (`sandbox.vendors.oidc`). */
export interface OidcExposed {
  /**
   * The issuer, `<sandbox url>/oidc` plus the profile's `issuerPath` (discovery at
   * `<issuer>/.well-known/openid-configuration`); for Entra ID a `{tenantid}` template.
   */
  readonly issuer: string;
  /** What a relying party configures as its authority: the issuer, with `common` for a `{tenantid}` template. */
  readonly authority: string;
  /** The built-in client's id. */
  readonly clientId: string;
  /** The opaque, stable `sub` the dev login gives whoever signs in as `login` (`alice` and `alice@example.com` alike). */
  subjectFor(login: string): string;
  /** Every claim the ID token and userinfo carry for `login`. */
  claimsFor(login: string): AccountClaims;
}

/** The claims of a dev account. */
export interface AccountClaims {
  sub: string;
  name: string;
  given_name: string;
  preferred_username: string;
  email: string;
  email_verified: boolean;
}

const DEFAULT_SUBJECT_KEY = '@plinth/sandbox dev accounts';

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

/** The demo client's registration: public (no secret, unless given one), PKCE, code + refresh token, loopback redirects on any port. */
function demoClient(
  clientId: string,
  redirectUris: readonly string[],
  postLogoutRedirectUris: readonly string[],
  secret: string | null,
): OidcClientMetadata {
  return {
    client_id: clientId,
    client_name: 'Plinth demo',
    // "native" is what makes oidc-provider accept loopback redirect URIs on any port (RFC 8252 §7.3).
    application_type: 'native',
    ...(secret ? { client_secret: secret } : {}),
    token_endpoint_auth_method: secret ? 'client_secret_post' : 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: [...redirectUris],
    post_logout_redirect_uris: [...postLogoutRedirectUris],
  };
}

/** The endpoints whose requests are recorded (discovery, JWKS and the login pages are not). */
const RECORDED_ROUTES = new Set([
  'authorization',
  'token',
  'revocation',
  'userinfo',
  'end_session',
  'end_session_confirm',
  'introspection',
  'pushed_authorization_request',
]);

/**
 * The dev account for whatever login was typed on the sign-in page: `alice` → `alice@example.com`,
 * name `Alice`; an email address is kept as typed. The subject is opaque (a keyed hash of the
 * lower-cased email), as real identity providers issue it: never the login or the email.
 */
export function accountClaims(login: string, subjectKey = DEFAULT_SUBJECT_KEY): AccountClaims {
  const trimmed = login.trim();
  const local = trimmed.includes('@') ? trimmed.slice(0, trimmed.indexOf('@')) : trimmed;
  const email = trimmed.includes('@') ? trimmed : `${local.toLowerCase().replace(/[^a-z0-9._-]+/g, '.')}@example.com`;
  const words = local.split(/[._\-\s]+/).filter(Boolean);
  const capital = (word: string) => word[0]!.toUpperCase() + word.slice(1);
  const name = words.map(capital).join(' ') || local;
  return {
    sub: subjectOf(email, subjectKey),
    name,
    given_name: words.length ? capital(words[0]!) : name,
    preferred_username: local,
    email,
    email_verified: true,
  };
}

function subjectOf(email: string, key: string): string {
  return createHmac('sha256', key).update(email.toLowerCase()).digest('base64url').slice(0, 24);
}

/** oidc-provider announces its development defaults (dev login pages, in-memory store, Node 20) on start-up; they are intended here. */
let quietDepth = 0;
let saved: { warn: typeof console.warn; info: typeof console.info } | undefined;
async function withoutStartupNotices<T>(fn: () => Promise<T>): Promise<T> {
  if (quietDepth++ === 0) {
    saved = { warn: console.warn, info: console.info };
    const drop =
      (original: (...args: unknown[]) => void) =>
      (...args: unknown[]) => {
        if (typeof args[0] === 'string' && args[0].startsWith('oidc-provider ')) return;
        original.apply(console, args);
      };
    console.warn = drop(saved.warn);
    console.info = drop(saved.info);
  }
  try {
    return await fn();
  } finally {
    if (--quietDepth === 0 && saved) {
      console.warn = saved.warn;
      console.info = saved.info;
      saved = undefined;
    }
  }
}

const html = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${html(title)}</title><style>:root{color-scheme:light dark;--fg:#1f2328;--muted:#59636e;--bg:#f6f8fa;--card:#fff;--line:#d1d9e0;--accent:#0b57d0;--on-accent:#fff}@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9198a1;--bg:#0d1117;--card:#151b23;--line:#3d444d;--accent:#79b8ff;--on-accent:#0d1117}}*{box-sizing:border-box}body{font:1rem/1.5 system-ui,sans-serif;color:var(--fg);background:var(--bg);margin:0;padding:3rem 1rem}main{max-width:26rem;margin:0 auto;background:var(--card);border:1px solid var(--line);border-radius:.75rem;padding:1.5rem}h1{font-size:1.375rem;margin:0 0 1rem}label{display:block;font-weight:600}input[type=text],input[type=password]{display:block;width:100%;margin-top:.25rem;font:inherit;font-weight:400;padding:.5rem .75rem;color:inherit;background:var(--card);border:1px solid var(--line);border-radius:.375rem}input:focus-visible,button:focus-visible,a:focus-visible{outline:2px solid var(--accent);outline-offset:2px}button{font:inherit;font-weight:600;padding:.5rem 1rem;margin:.25rem .5rem .25rem 0;border-radius:.375rem;cursor:pointer;border:1px solid var(--line);background:var(--card);color:var(--fg)}button[type=submit]:first-of-type{background:var(--accent);border-color:var(--accent);color:var(--on-accent)}a{color:var(--accent)}code{background:var(--bg);padding:0 .25rem;border-radius:.25rem;overflow-wrap:anywhere}small{color:var(--muted)}</style></head><body><main><h1>${html(title)}</h1>${body}<p><small>@plinth/sandbox — development OpenID provider</small></p></main></body></html>`;
}

/** Ties Koa's view of a request back to the sandbox context that records it. */
const contexts = new WeakMap<object, VendorContext>();

/**
 * The `oidc` vendor: a real OpenID provider (`oidc-provider`) mounted at `/oidc`, with the public
 * PKCE client `plinth-demo`, a sign-in page of its own (any login and password, opaque `sub`,
 * nothing loaded from outside 127.0.0.1), refresh tokens with rotation, revocation and RP-initiated
 * logout. Its token, revocation, userinfo, authorization and end-session requests are recorded with
 * secrets (`code`, `code_verifier`, tokens, `state`, `nonce`) redacted.
 */
export const oidc: VendorModule<'oidc', OidcOptions, OidcExposed> = {
  name: 'oidc',
  defaults: {
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
    discovery: {},
    profile: 'sandbox',
    subjectKey: DEFAULT_SUBJECT_KEY,
  },
  async create(env) {
    if (!Object.hasOwn(OIDC_PROFILES, env.options.profile)) {
      throw new RangeError(`oidc: profile must be one of ${Object.keys(OIDC_PROFILES).join(', ')}`);
    }
    const options = { ...env.options, ...OIDC_PROFILES[env.options.profile] } as OidcOptions;
    for (const key of ['accessTokenTtl', 'idTokenTtl', 'refreshTokenTtl'] as const) {
      if (!Number.isInteger(options[key]) || options[key] < 1) {
        throw new RangeError(`oidc: ${key} must be a whole number of seconds ≥ 1, got ${options[key]}`);
      }
    }
    if (!['always', 'offline_access', 'never'].includes(options.refreshTokens)) {
      throw new RangeError(`oidc: refreshTokens must be 'always', 'offline_access' or 'never'`);
    }
    const { Provider, interactionPolicy, errors } = await withoutStartupNotices(() => import('oidc-provider'));
    const issuer = `${env.url}${OIDC_PATH}${options.issuerPath}`;
    /** `/oidc` plus the issuer's path (any tenant in a `{tenantid}` template's place): served as `/oidc`. */
    const mount = new RegExp(
      `^${OIDC_PATH}${options.issuerPath.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace('{tenantid}', '[^/]+')}(?=/|$)`,
    );

    const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
    const signingKey = {
      ...privateKey.export({ format: 'jwk' }),
      kid: randomBytes(8).toString('hex'),
      use: 'sig',
      alg: 'RS256',
    };

    const clients = new Map<string, OidcClientMetadata>();
    clients.set(
      options.clientId,
      demoClient(options.clientId, options.redirectUris, options.postLogoutRedirectUris, options.clientSecret),
    );
    for (const client of options.clients) clients.set(client.client_id, client);

    /** PKCE challenges of authorization requests that asked for `offline_access` (`offlineAccessWithoutConsent`). */
    const offlineRequested = new Set<string>();
    /** Token requests that opened an offline session (a refresh token for `offline_access`), for the recording. */
    const offlineSessions = new WeakSet<object>();
    /** The tenant that ID tokens' `iss` names instead of their own `tid` (`PUT /_sandbox/oidc/id-token-tenant`). */
    let issuerTenant: string | null = null;
    /** The one tenant the signing key's `issuer` names (`PUT /_sandbox/oidc/signing-key-tenant`). */
    let signingKeyTenant: string | null = null;
    const signer = createPrivateKey({ key: signingKey as JsonWebKey, format: 'jwk' });

    /** The accounts that signed in, by their opaque subject (the provider's accountId). */
    const accounts = new Map<string, AccountClaims>();
    const claimsFor = (login: string) => accountClaims(login, options.subjectKey);

    // Every configured client is the developer's own: consent is granted without a consent page
    // (an explicit `prompt=consent` still shows it). Native clients would otherwise be asked every time.
    const policy = interactionPolicy.base();
    policy.get('consent')?.checks.remove('native_client_prompt');

    const configuration: Configuration = {
      clients: [...clients.values()] as ClientMetadata[],
      jwks: { keys: [signingKey] },
      cookies: { keys: [randomBytes(32).toString('hex')] },
      scopes: ['openid', 'offline_access', 'profile', 'email'],
      responseTypes: ['code', 'none'],
      claims: {
        openid: ['sub'],
        profile: ['name', 'given_name', 'preferred_username'],
        email: ['email', 'email_verified'],
      },
      // The ID token carries the profile and email claims its scopes grant, as most IdPs do (thin: only
      // through UserInfo).
      conformIdTokenClaims: options.thinIdTokens,
      findAccount: (_ctx, id) => {
        const claims = accounts.get(id);
        return claims ? { accountId: id, claims: () => ({ ...claims }) } : undefined;
      },
      pkce: { required: () => true },
      clientBasedCORS: (_ctx, origin) => env.sandbox.allowOrigin(origin),
      // The sandbox's own sign-in and consent pages (below), instead of oidc-provider's dev pages,
      // which load a web font from a public CDN.
      interactions: { policy, url: (_ctx, interaction) => `${OIDC_PATH}/interaction/${interaction.uid}` },
      async loadExistingGrant(ctx) {
        const { oidc: o } = ctx;
        const accountId = o.session?.accountId;
        if (!o.client || !accountId) return undefined;
        const grantId = o.result?.consent?.grantId || o.session.grantIdFor(o.client.clientId);
        const grant =
          (grantId && (await o.provider.Grant.find(grantId))) ||
          new o.provider.Grant({ accountId, clientId: o.client.clientId });
        grant.addOIDCScope([...o.requestParamOIDCScopes].join(' '));
        const claims = [...o.requestParamClaims];
        if (claims.length) grant.addOIDCClaims(claims);
        await grant.save();
        return grant;
      },
      issueRefreshToken: async (ctx, client, code) => {
        if (options.refreshTokens === 'never' || !client.grantTypeAllowed('refresh_token')) return false;
        const challenge = (code as { codeChallenge?: string }).codeChallenge;
        const offline = code.scopes.has('offline_access') || Boolean(challenge && offlineRequested.delete(challenge));
        if (offline) offlineSessions.add(ctx);
        return options.refreshTokens === 'always' || offline;
      },
      rotateRefreshToken: () => options.rotateRefreshTokens,
      ttl: {
        AccessToken: options.accessTokenTtl,
        AuthorizationCode: 60,
        IdToken: options.idTokenTtl,
        RefreshToken: options.refreshTokenTtl,
        Interaction: 60 * 60,
        Session: 14 * 24 * 60 * 60,
        Grant: 14 * 24 * 60 * 60,
      },
      features: {
        devInteractions: { enabled: false },
        revocation: {
          enabled: options.revocation,
          // A public client may revoke only its own tokens (oidc-provider's default, without its notice); a token
          // type the provider does not revoke is refused (Cognito: refresh tokens only).
          allowedPolicy: async (_ctx, client, token) => {
            const type = token.kind === 'RefreshToken' ? 'refresh_token' : 'access_token';
            if (!options.revocableTokens.includes(type))
              throw new errors.UnsupportedTokenType(`only ${options.revocableTokens.join(', ')} can be revoked`);
            return token.clientId === client.clientId;
          },
        },
        userinfo: { enabled: true },
        rpInitiatedLogout: {
          enabled: options.endSession && options.logout === 'rp-initiated',
          logoutSource: async (ctx, form) => {
            ctx.body = page(
              'Sign out?',
              `${form}<p>Sign out of the sandbox OpenID provider at <code>${html(ctx.host)}</code>?</p><button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button><button type="submit" form="op.logoutForm">No, stay signed in</button>`,
            );
          },
          postLogoutSuccessSource: async (ctx) => {
            ctx.body = page('Signed out', '<p>You are signed out of the sandbox OpenID provider.</p>');
          },
        },
      },
      renderError: async (ctx, out) => {
        ctx.type = 'html';
        ctx.body = page(
          'OpenID provider error',
          Object.entries(out)
            .map(([key, value]) => `<p><strong>${html(key)}</strong>: ${html(String(value))}</p>`)
            .join(''),
        );
      },
    };

    const provider = await withoutStartupNotices(async () => new Provider(issuer, configuration));

    // Which token a revocation found nothing for, and why: oidc-provider answers 200 either way (RFC 7009),
    // and revoking one token revokes every token of its grant, so the second of a refresh + access pair
    // finds its token already gone. Opaque tokens' values are their ids.
    const ledger: TokenLedger = new Map();
    const remember = (token: { jti: string; kind: string; grantId?: string; exp?: number }) => {
      if (ledger.size >= 2000) {
        for (const [id, entry] of ledger) if (entry.exp * 1000 < Date.now()) ledger.delete(id);
      }
      ledger.set(token.jti, { kind: token.kind, grantId: token.grantId, exp: token.exp ?? 0, revoked: false });
    };
    provider.on('access_token.saved', remember);
    provider.on('refresh_token.saved', remember);
    provider.on('grant.revoked', (_ctx: unknown, grantId: string) => revokeGrant(ledger, grantId));

    // Post-middleware (oidc-provider's documented extension point): once an endpoint has answered,
    // fill in the recording with the route name, the parsed parameters (secrets redacted) and any error.
    provider.use(async (ctx: KoaContextWithOIDC, next: () => Promise<unknown>) => {
      try {
        await next();
        actAsProfile(ctx);
      } finally {
        const vendor = contexts.get(ctx.req);
        if (vendor) await describe(ctx, vendor, ledger);
        if (vendor && offlineSessions.has(ctx)) vendor.entry.meta = { ...vendor.entry.meta, offlineSession: true };
      }
    });

    /** The profile's differences from oidc-provider's answers, applied once an endpoint has answered. */
    function actAsProfile(ctx: KoaContextWithOIDC) {
      const route = ctx.oidc?.route;
      const body = ctx.body as Record<string, unknown> | undefined;
      if (route === 'jwks' && options.signingKeyIssuer && Array.isArray(body?.keys)) {
        const keyIssuer = signingKeyTenant ? issuer.replace('{tenantid}', signingKeyTenant) : issuer;
        body.keys = body.keys.map((key: Record<string, unknown>) => ({ ...key, issuer: keyIssuer }));
      }
      if (route === 'discovery' && body) {
        if (!options.authorizationResponseIss) delete body.authorization_response_iss_parameter_supported;
        if (options.logout === 'client_id+logout_uri' && options.endSession)
          body.end_session_endpoint = `${env.url}${OIDC_PATH}/logout`;
        for (const [key, value] of Object.entries(options.discovery)) {
          if (value === null) delete body[key];
          else body[key] = value;
        }
      }
      // Google's answer to a token request without the client secret.
      if (
        route === 'token' &&
        options.clientSecret &&
        body?.error === 'invalid_client' &&
        !ctx.oidc.body?.client_secret
      ) {
        ctx.status = 400;
        ctx.body = { error: 'invalid_request', error_description: 'client_secret is missing.' };
      }
      if (
        route === 'token' &&
        (options.tenants || options.schemelessIdTokenIssuer) &&
        typeof body?.id_token === 'string'
      ) {
        body.id_token = reissued(body.id_token);
      }
      // No RFC 9207 `iss` on the way back to the client (Entra ID sends none).
      const location = ctx.response.get('location');
      if (!options.authorizationResponseIss && location?.includes('iss=')) {
        const url = new URL(location);
        url.searchParams.delete('iss');
        ctx.response.set('location', url.href);
      }
    }

    /**
     * An ID token as the real provider issues it, where oidc-provider signs with one fixed issuer: Entra ID's
     * `tid` (the account's tenant) and `iss` the issuer template with that tenant, or with `issuerTenant` when
     * a test set one (`tenants`); Google's scheme-less `iss` (`schemelessIdTokenIssuer`). Signed again here with
     * the same key.
     */
    function reissued(idToken: string): string {
      const [header, payload] = idToken.split('.') as [string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
      if (options.tenants) {
        const email = accounts.get(String(claims.sub))?.email ?? '';
        const tenants = options.tenants;
        const tid = tenants[email.slice(email.indexOf('@') + 1).toLowerCase()] ?? tenants['*'] ?? 'common';
        claims.tid = tid;
        claims.iss = issuer.replace('{tenantid}', issuerTenant ?? tid);
      }
      if (options.schemelessIdTokenIssuer) claims.iss = String(claims.iss).replace(/^https?:\/\//, '');
      const input = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
      return `${input}.${sign('sha256', Buffer.from(input), signer).toString('base64url')}`;
    }

    /** Cognito's `/logout`: `client_id` and an allowed `logout_uri`, else a 400 page; ends the session without asking. */
    async function clientIdLogout(ctx: VendorContext): Promise<void> {
      ctx.entry.route = 'end_session';
      const params = ctx.url.searchParams;
      const client = clients.get(params.get('client_id') ?? '');
      const logoutUri = params.get('logout_uri');
      const allowed = (uri: string) => {
        const loopback = (value: string) => {
          const url = URL.parse(value);
          if (url && (url.hostname === '127.0.0.1' || url.hostname === 'localhost')) url.port = '';
          return url?.href;
        };
        return (client?.post_logout_redirect_uris ?? []).some((known) => loopback(known) === loopback(uri));
      };
      const problem = !params.get('client_id')
        ? "Required String parameter 'client_id' is not present"
        : !client
          ? 'unknown client_id'
          : !logoutUri || !allowed(logoutUri)
            ? 'logout_uri is missing or not one of the allowed sign-out URLs'
            : undefined;
      if (problem) {
        ctx.entry.error = `invalid_request: ${problem}`;
        ctx.text(400, page('An error was encountered with the requested page.', `<p>${html(problem)}</p>`), HTML);
        return;
      }
      const id = /(?:^|;\s*)_session=([^;]+)/.exec(ctx.headers.cookie ?? '')?.[1];
      const session = id ? await provider.Session.find(id) : undefined;
      ctx.entry.meta = { logout: 'everywhere', ...(session?.accountId ? { sub: session.accountId } : {}) };
      await session?.destroy();
      ctx.empty(302, { location: logoutUri!, 'cache-control': 'no-store' });
    }

    const callback = provider.callback();

    /** The sign-in and consent pages: `GET/POST /oidc/interaction/:uid`, `GET /oidc/interaction/:uid/abort`. */
    async function interaction(ctx: VendorContext, uid: string, abort: boolean): Promise<void> {
      ctx.skip();
      const { req, res } = ctx;
      const noStore = { 'cache-control': 'no-store' };
      try {
        if (abort) {
          await provider.interactionFinished(
            req,
            res,
            { error: 'access_denied', error_description: 'End-User aborted interaction' },
            { mergeWithLastSubmission: false },
          );
          return;
        }
        const details = await provider.interactionDetails(req, res);
        if (details.uid !== uid) throw new Error('this sign-in page belongs to another sign-in attempt');
        const base = `${OIDC_PATH}/interaction/${encodeURIComponent(uid)}`;
        const clientId = String(details.params.client_id ?? '');
        if (ctx.method === 'GET') {
          ctx.text(200, interactionPage(details.prompt.name, base, clientId, details.params), HTML, noStore);
          return;
        }
        if (ctx.method !== 'POST') {
          ctx.text(405, page('Method not allowed', ''), HTML, { allow: 'GET, POST' });
          return;
        }
        const form = parseForm((await ctx.rawBody()).toString('utf8'));
        const field = (name: string) => {
          const value = form[name];
          return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
        };
        if (details.prompt.name === 'login') {
          const login = field('login');
          if (!login) {
            ctx.text(400, interactionPage('login', base, clientId, details.params, 'Type any login.'), HTML, noStore);
            return;
          }
          const claims = claimsFor(login);
          accounts.set(claims.sub, claims);
          await provider.interactionFinished(
            req,
            res,
            { login: { accountId: claims.sub } },
            { mergeWithLastSubmission: false },
          );
          return;
        }
        if (details.prompt.name === 'consent') {
          const { prompt, grantId, session, params } = details;
          const grant =
            (grantId && (await provider.Grant.find(grantId))) ||
            new provider.Grant({ accountId: session?.accountId, clientId: String(params.client_id) });
          const missing = prompt.details as {
            missingOIDCScope?: string[];
            missingOIDCClaims?: string[];
            missingResourceScopes?: Record<string, string[]>;
          };
          if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
          if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
          for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
            grant.addResourceScope(indicator, scopes.join(' '));
          }
          await provider.interactionFinished(
            req,
            res,
            { consent: { grantId: await grant.save() } },
            { mergeWithLastSubmission: true },
          );
          return;
        }
        ctx.text(501, page('Not implemented', `<p>Prompt <code>${html(details.prompt.name)}</code>.</p>`), HTML);
      } catch (error) {
        // An expired or unknown interaction (e.g. Back after signing in): say so, don't crash.
        const message = error instanceof Error ? error.message : String(error);
        ctx.text(
          400,
          page('Sign-in expired', `<p>${html(message)}</p><p>Start again from the application.</p>`),
          HTML,
          noStore,
        );
      }
    }

    env.log(`OpenID provider  ${issuer}  (client_id ${options.clientId}, any login/password)`);

    return {
      describe: [`${OIDC_PATH}/.well-known/openid-configuration`],
      exposed: {
        issuer,
        clientId: options.clientId,
        authority: issuer.replace('{tenantid}', 'common'),
        subjectFor: (login) => claimsFor(login).sub,
        claimsFor,
      },
      async control(ctx) {
        const route = ctx.route;
        if ((route !== '/id-token-tenant' && route !== '/signing-key-tenant') || ctx.method !== 'PUT') return false;
        const { body } = await ctx.body();
        const tenant = (body as { tenant?: unknown } | undefined)?.tenant;
        if (tenant !== null && (typeof tenant !== 'string' || !tenant)) {
          ctx.json(400, { error: 'bad_request', message: 'expected { "tenant": "<tenant id>" | null }' });
        } else {
          if (route === '/id-token-tenant') issuerTenant = tenant;
          else signingKeyTenant = tenant;
          ctx.json(200, { tenant });
        }
        return true;
      },
      match: (req) => req.path === OIDC_PATH || req.path.startsWith(`${OIDC_PATH}/`),
      async handle(ctx) {
        const screen = /^\/oidc\/interaction\/([^/]+)(\/abort)?\/?$/.exec(ctx.path);
        if (screen) return interaction(ctx, decodeURIComponent(screen[1]!), screen[2] !== undefined);
        const { req, res } = ctx;
        // Cognito's pages refuse to be framed: the hidden iframe of `prompt=none` gets nothing it can use.
        if (!options.frames && ctx.headers['sec-fetch-dest'] === 'iframe') {
          ctx.entry.query = redactParams(ctx.entry.query);
          ctx.entry.error = 'framed: refused (X-Frame-Options: DENY)';
          if (ctx.path.endsWith('/auth')) ctx.entry.route = 'authorization';
          ctx.text(200, page('Sign in', '<p>This page cannot be shown in a frame.</p>'), HTML, {
            'x-frame-options': 'DENY',
          });
          return;
        }
        // The issuer's own path (Keycloak's realm, Entra ID's tenant) is served as /oidc.
        let original = (req.url ?? '/').replace(mount, OIDC_PATH);
        // ID tokens signed again with a tenant (`tenants`) are not oidc-provider's own, so it could not read one as
        // an `id_token_hint` at sign-out: the hint stands for its client (Entra ID's sign-out takes no hint anyway).
        const hint = options.tenants ? ctx.url.searchParams.get('id_token_hint') : null;
        if (hint) {
          const url = new URL(original, env.url);
          url.searchParams.delete('id_token_hint');
          const { aud } = JSON.parse(Buffer.from(hint.split('.')[1] ?? '', 'base64url').toString() || '{}');
          if (!url.searchParams.has('client_id') && typeof aud === 'string') url.searchParams.set('client_id', aud);
          original = url.pathname + url.search;
        }
        if (options.logout === 'client_id+logout_uri' && /^\/oidc\/logout\/?(\?|$)/.test(original))
          return clientIdLogout(ctx);
        contexts.set(req, ctx);
        // Mount under /oidc the way Express does: oidc-provider derives its mount path from originalUrl.
        (req as typeof req & { originalUrl?: string }).originalUrl = original;
        req.url = original.slice(OIDC_PATH.length) || '/';
        if (!req.url.startsWith('/')) req.url = `/${req.url}`;
        ctx.entry.query = redactParams(ctx.entry.query);
        // Third-party cookies blocked: the hidden iframe's `prompt=none` reaches the provider without its
        // session cookie, so it answers `login_required`.
        if (!options.thirdPartyCookies && ctx.url.searchParams.get('prompt') === 'none') delete req.headers.cookie;
        const scope = ctx.url.searchParams.get('scope')?.split(' ') ?? [];
        const challenge = ctx.url.searchParams.get('code_challenge');
        if (options.offlineAccessWithoutConsent && challenge && scope.includes('offline_access')) {
          offlineRequested.add(challenge);
        }
        if (options.sessionCookieSameSite === 'none') sameSiteNone(res);
        await callback(req, res);
      },
    };
  },
};

/** Every cookie oidc-provider sets on `res` goes out `SameSite=None; Secure` (Chromium takes Secure over http on 127.0.0.1). */
function sameSiteNone(res: import('node:http').ServerResponse) {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => {
    if (name.toLowerCase() !== 'set-cookie') return setHeader(name, value);
    // The cookies module sets the whole list again with each cookie: rewrite each entry once.
    const cookies = (Array.isArray(value) ? value : [String(value)]).map((cookie) =>
      /;\s*samesite=none/i.test(cookie) ? cookie : `${cookie.replace(/;\s*samesite=\w+/i, '')}; samesite=none; secure`,
    );
    return setHeader(name, cookies);
  };
}

const HTML = 'text/html; charset=utf-8';

function interactionPage(
  prompt: string,
  base: string,
  clientId: string,
  params: Record<string, unknown>,
  problem?: string,
): string {
  const cancel = `<p><a href="${html(`${base}/abort`)}">Cancel</a></p>`;
  const alert = problem ? `<p role="alert"><strong>${html(problem)}</strong></p>` : '';
  if (prompt === 'login') {
    const hint = typeof params.login_hint === 'string' ? params.login_hint : '';
    return page(
      'Sign in',
      `${alert}<p>Sign in to <code>${html(clientId)}</code> with <strong>any</strong> login and password. Your subject (<code>sub</code>) is an opaque, stable hash of the login's email address.</p>` +
        `<form autocomplete="off" action="${html(base)}" method="post"><input type="hidden" name="prompt" value="login"/>` +
        `<p><label>Login<br><input required type="text" name="login" placeholder="alice or alice@example.com" value="${html(hint)}"${hint ? '' : ' autofocus'}></label></p>` +
        `<p><label>Password<br><input required type="password" name="password" placeholder="anything"${hint ? ' autofocus' : ''}></label></p>` +
        `<button type="submit">Sign in</button></form>${cancel}`,
    );
  }
  const scopes = typeof params.scope === 'string' ? params.scope.split(' ').filter(Boolean) : [];
  return page(
    'Authorize',
    `${alert}<p><code>${html(clientId)}</code> asks for: ${scopes.map((scope) => `<code>${html(scope)}</code>`).join(' ')}</p>` +
      `<form autocomplete="off" action="${html(base)}" method="post"><input type="hidden" name="prompt" value="consent"/>` +
      `<button autofocus type="submit">Continue</button></form>${cancel}`,
  );
}

/** Tokens the provider issued, by value (opaque tokens: the value is the id), until they expire. */
type TokenLedger = Map<string, { kind: string; grantId: string | undefined; exp: number; revoked: boolean }>;

/** Every token of `grantId` is gone (oidc-provider revokes a grant's tokens together). */
function revokeGrant(ledger: TokenLedger, grantId: string | undefined): void {
  if (!grantId) return;
  for (const entry of ledger.values()) if (entry.grantId === grantId) entry.revoked = true;
}

async function describe(ctx: KoaContextWithOIDC, vendor: VendorContext, ledger: TokenLedger): Promise<void> {
  const route = ctx.oidc?.route;
  const status = ctx.status;
  if (route === undefined ? status < 400 : !RECORDED_ROUTES.has(route)) {
    vendor.skip();
    return;
  }
  if (route) vendor.entry.route = route;
  const meta: Record<string, unknown> = {};
  const sub = ctx.oidc?.account?.accountId ?? ctx.oidc?.session?.accountId;
  if (sub && route !== 'end_session_confirm') meta.sub = sub;
  if (route === 'revocation' && status < 400) {
    // oidc-provider answers 200 whether or not anything was revoked (RFC 7009): say what was, or why not.
    Object.assign(meta, await revocationOutcome(ctx, ledger));
  }
  if (route === 'end_session_confirm' && status < 400) {
    // "Yes, sign me out" ends the provider's session (every client's grant with it); "No, stay signed in"
    // keeps it and ends only the grant of the client that asked.
    meta.logout = ctx.oidc.params?.logout ? 'everywhere' : 'this client';
  }
  if (Object.keys(meta).length) vendor.entry.meta = meta;
  const body = ctx.oidc?.body;
  if (body && Object.keys(body).length > 0) {
    vendor.entry.body = redactParams({ ...body });
    vendor.entry.decoding = [ctx.is('application/json') ? 'json' : 'form'];
  }
  const answer = ctx.body as { error?: unknown; error_description?: unknown } | undefined;
  let error: string | undefined;
  let description: string | undefined;
  if (answer && typeof answer === 'object' && typeof answer.error === 'string') {
    error = answer.error;
    description = typeof answer.error_description === 'string' ? answer.error_description : undefined;
  } else {
    // Authorization errors go back to the client as a redirect carrying `error=`.
    const location = ctx.response.get('location');
    const params = location ? URL.parse(location, 'http://x')?.searchParams : undefined;
    const redirected = params?.get('error');
    if (redirected) {
      error = redirected;
      description = params?.get('error_description') ?? undefined;
    }
  }
  if (error) {
    vendor.entry.error = description ? `${error}: ${description}` : error;
    if (/failed to parse|content-type bodies are supported/.test(description ?? ''))
      vendor.entry.malformed = description;
  }
}

/**
 * What a revocation did. `revoked`: the kind of token revoked, with `grant: 'revoked'` (oidc-provider revokes
 * every token of its grant with it, as RFC 7009 §2.1 asks for a refresh token); or `null` with the `reason`
 * nothing was revoked (`already revoked`, `expired`, `another client's token`, `unknown token`) and, when the
 * sandbox issued it, the `token`'s kind.
 */
async function revocationOutcome(ctx: KoaContextWithOIDC, ledger: TokenLedger): Promise<Record<string, unknown>> {
  const value = String(ctx.oidc.params?.token ?? '');
  const entities = ctx.oidc.entities as { RefreshToken?: { grantId?: string }; AccessToken?: { grantId?: string } };
  const kind = entities.RefreshToken ? 'RefreshToken' : entities.AccessToken ? 'AccessToken' : undefined;
  if (kind) {
    // Found, but still there: the revocation policy refused it (a public client revokes only its own tokens).
    const { provider } = ctx.oidc;
    const still = await (kind === 'RefreshToken'
      ? provider.RefreshToken.find(value)
      : provider.AccessToken.find(value));
    if (still) return { revoked: null, token: kind, reason: "another client's token" };
    revokeGrant(ledger, entities[kind]?.grantId);
    return { revoked: kind, grant: 'revoked' };
  }
  const known = ledger.get(value);
  if (!known) return { revoked: null, reason: 'unknown token' };
  const reason = known.revoked ? 'already revoked' : known.exp * 1000 <= Date.now() ? 'expired' : 'unknown token';
  return { revoked: null, token: known.kind, reason };
}
