import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { ClientMetadata, Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { redactParams } from '../http/redact';
import type { VendorContext, VendorModule } from './types';

/** Where the OpenID provider is mounted; the issuer is `<sandbox url>/oidc`. */
export const OIDC_PATH = '/oidc';

/** The public PKCE client every Plinth app uses against the sandbox. */
export const DEMO_CLIENT_ID = 'plinth-demo';

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

/** The demo client's registration: public (no secret), PKCE, code + refresh token, loopback redirects on any port. */
export function demoClient(
  redirectUris: readonly string[],
  postLogoutRedirectUris: readonly string[],
): OidcClientMetadata {
  return {
    client_id: DEMO_CLIENT_ID,
    client_name: 'Plinth demo',
    // "native" is what makes oidc-provider accept loopback redirect URIs on any port (RFC 8252 §7.3).
    application_type: 'native',
    token_endpoint_auth_method: 'none',
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

/** The claims of the dev account for whatever login was typed on the dev sign-in page. */
export function accountClaims(login: string): Record<string, string | boolean> {
  const trimmed = login.trim();
  const local = trimmed.includes('@') ? trimmed.slice(0, trimmed.indexOf('@')) : trimmed;
  const email = trimmed.includes('@') ? trimmed : `${local.toLowerCase().replace(/[^a-z0-9._-]+/g, '.')}@example.com`;
  const words = local.split(/[._\-\s]+/).filter(Boolean);
  const name = words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join(' ') || local;
  return {
    sub: login,
    name,
    given_name: words.length ? words[0]![0]!.toUpperCase() + words[0]!.slice(1) : name,
    preferred_username: local,
    email,
    email_verified: true,
  };
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
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${html(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}button{font:inherit;padding:.5rem 1rem;margin:.25rem .5rem .25rem 0;cursor:pointer}code{background:#f3f3f3;padding:0 .25rem}</style></head><body><h1>${html(title)}</h1>${body}<p><small>@plinth/sandbox — development OpenID provider</small></p></body></html>`;
}

/** Ties Koa's view of a request back to the sandbox context that records it. */
const contexts = new WeakMap<object, VendorContext>();

/**
 * The `oidc` vendor: a real OpenID provider (`oidc-provider`) mounted at `/oidc`, with the public
 * PKCE client `plinth-demo`, the dev login page (any login and password), refresh tokens,
 * revocation and RP-initiated logout. Its token, revocation, userinfo, authorization and
 * end-session requests are recorded with secrets (`code`, `code_verifier`, tokens, `state`,
 * `nonce`) redacted.
 */
export const oidc: VendorModule = {
  name: 'oidc',
  async create(env) {
    const { Provider, interactionPolicy } = await withoutStartupNotices(() => import('oidc-provider'));
    const { options } = env;
    const issuer = `${env.url}${OIDC_PATH}`;

    const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
    const signingKey = {
      ...privateKey.export({ format: 'jwk' }),
      kid: randomBytes(8).toString('hex'),
      use: 'sig',
      alg: 'RS256',
    };

    const clients = new Map<string, OidcClientMetadata>();
    clients.set(DEMO_CLIENT_ID, demoClient(options.redirectUris, options.postLogoutRedirectUris));
    for (const client of options.clients) clients.set(client.client_id, client);

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
      // The ID token carries the profile and email claims its scopes grant, as most IdPs do.
      conformIdTokenClaims: false,
      findAccount: (_ctx, id) => ({ accountId: id, claims: () => accountClaims(id) as { sub: string } }),
      pkce: { required: () => true },
      clientBasedCORS: (_ctx, origin) => options.allowOrigin(origin),
      interactions: { policy },
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
      // Refresh tokens for every client allowed the refresh_token grant, without requiring
      // `offline_access` + `prompt=consent` (oidc-client-ts renews with them out of the box).
      issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
      ttl: {
        AccessToken: 60 * 60,
        AuthorizationCode: 60,
        IdToken: 60 * 60,
        RefreshToken: 14 * 24 * 60 * 60,
        Interaction: 60 * 60,
        Session: 14 * 24 * 60 * 60,
        Grant: 14 * 24 * 60 * 60,
      },
      features: {
        devInteractions: { enabled: true },
        revocation: {
          enabled: true,
          // A public client may revoke only its own tokens (oidc-provider's default, without its notice).
          allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
        },
        userinfo: { enabled: true },
        rpInitiatedLogout: {
          enabled: true,
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

    // Post-middleware (oidc-provider's documented extension point): once an endpoint has answered,
    // fill in the recording with the route name, the parsed parameters (secrets redacted) and any error.
    provider.use(async (ctx: KoaContextWithOIDC, next: () => Promise<unknown>) => {
      try {
        await next();
      } finally {
        const vendor = contexts.get(ctx.req);
        if (vendor) describe(ctx, vendor);
      }
    });

    const callback = provider.callback();
    env.log(`OpenID provider  ${issuer}  (client_id ${DEMO_CLIENT_ID}, any login/password)`);

    return {
      describe: [`${OIDC_PATH}/.well-known/openid-configuration`],
      match: (req) => req.path === OIDC_PATH || req.path.startsWith(`${OIDC_PATH}/`),
      async handle(ctx) {
        const { req, res } = ctx;
        contexts.set(req, ctx);
        // Mount under /oidc the way Express does: oidc-provider derives its mount path from originalUrl.
        const original = req.url ?? '/';
        (req as typeof req & { originalUrl?: string }).originalUrl = original;
        req.url = original.slice(OIDC_PATH.length) || '/';
        if (!req.url.startsWith('/')) req.url = `/${req.url}`;
        ctx.entry.query = redactParams(ctx.entry.query);
        await callback(req, res);
      },
    };
  },
};

function describe(ctx: KoaContextWithOIDC, vendor: VendorContext): void {
  const route = ctx.oidc?.route;
  const status = ctx.status;
  if (route === undefined ? status < 400 : !RECORDED_ROUTES.has(route)) {
    vendor.skip();
    return;
  }
  if (route) vendor.entry.route = route;
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
