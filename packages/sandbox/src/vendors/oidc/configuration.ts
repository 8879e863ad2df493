import { randomBytes } from 'node:crypto';
import type {
  ClientMetadata,
  Configuration,
  errors as Errors,
  KoaContextWithOIDC,
  interactionPolicy as Policy,
} from 'oidc-provider';
import type { AccountClaims } from './accounts';
import type { SigningKey } from './keys';
import { OIDC_PATH, type OidcClientMetadata, type OidcOptions } from './options';
import { providerPages } from './pages';

/** oidc-provider announces its development defaults (dev login pages, in-memory store, Node 20) on start-up; they are intended here. */
let quietDepth = 0;
let saved: { warn: typeof console.warn; info: typeof console.info } | undefined;
export async function withoutStartupNotices<T>(fn: () => Promise<T>): Promise<T> {
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

/** The demo client's registration: public (no secret, unless given one), PKCE, code + refresh token, loopback redirects on any port. */
export function demoClient(options: OidcOptions): OidcClientMetadata {
  const secret = options.clientSecret;
  return {
    client_id: options.clientId,
    client_name: 'Plinth demo',
    // "native" is what makes oidc-provider accept loopback redirect URIs on any port (RFC 8252 §7.3).
    application_type: 'native',
    ...(secret ? { client_secret: secret } : {}),
    token_endpoint_auth_method: secret ? 'client_secret_post' : 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: [...options.redirectUris],
    post_logout_redirect_uris: [...options.postLogoutRedirectUris],
  };
}

/** What the provider's configuration is made of besides the options. */
export interface ConfigurationDeps {
  options: OidcOptions;
  clients: Iterable<OidcClientMetadata>;
  key: SigningKey;
  /** The accounts that signed in, by their opaque subject (the provider's accountId). */
  accounts: Map<string, AccountClaims>;
  allowOrigin(origin: string): boolean;
  /** oidc-provider's own exports. */
  errors: typeof Errors;
  interactionPolicy: typeof Policy;
  /** PKCE challenges of authorization requests that asked for `offline_access` (`offlineAccessWithoutConsent`). */
  offlineRequested: Set<string>;
  /** Token requests that opened an offline session (a refresh token for `offline_access`), for the recording. */
  offlineSessions: WeakSet<object>;
  /** The profile's checks of an authorization request (`nonce`, `silentSignIn`), run once oidc-provider's pass. */
  checkAuthorization(ctx: KoaContextWithOIDC): void;
}

/** oidc-provider's configuration for the sandbox's provider. */
export function configuration(deps: ConfigurationDeps): Configuration {
  const { options, accounts, errors } = deps;
  // Every configured client is the developer's own: consent is granted without a consent page
  // (an explicit `prompt=consent` still shows it). Native clients would otherwise be asked every time.
  const policy = deps.interactionPolicy.base();
  policy.get('consent')?.checks.remove('native_client_prompt');

  return {
    clients: [...deps.clients] as ClientMetadata[],
    jwks: { keys: [deps.key.jwk] },
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
    // oidc-provider validates each extra parameter once it has checked the request (its client, redirect URI,
    // PKCE, `id_token_hint`): an error thrown here goes back to the redirect URI, with `state` and `iss`.
    extraParams: { nonce: (ctx) => deps.checkAuthorization(ctx) },
    pkce: { required: () => true },
    clientBasedCORS: (_ctx, origin) => deps.allowOrigin(origin),
    // The sandbox's own sign-in and consent pages (pages.ts), instead of oidc-provider's dev pages,
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
      const offline =
        code.scopes.has('offline_access') || Boolean(challenge && deps.offlineRequested.delete(challenge));
      if (offline) deps.offlineSessions.add(ctx);
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
        // A public client may revoke only its own tokens (oidc-provider's default, without its notice), and none
        // when `publicClientRevocation` is false (answered 401 by the profile); a token type the provider does not
        // revoke is refused (Cognito: refresh tokens only).
        allowedPolicy: async (_ctx, client, token) => {
          if (!options.publicClientRevocation && client.clientAuthMethod === 'none') return false;
          const type = token.kind === 'RefreshToken' ? 'refresh_token' : 'access_token';
          if (!options.revocableTokens.includes(type))
            throw new errors.UnsupportedTokenType(`only ${options.revocableTokens.join(', ')} can be revoked`);
          return token.clientId === client.clientId;
        },
      },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: options.endSession && options.logout === 'rp-initiated',
        logoutSource: providerPages.logoutSource,
        postLogoutSuccessSource: providerPages.postLogoutSuccessSource,
      },
    },
    renderError: providerPages.renderError,
  };
}
