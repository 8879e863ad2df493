import type { KoaContextWithOIDC } from 'oidc-provider';
import { redactParams } from '../../http/redact';
import type { VendorContext, VendorModule } from '../types';
import { type AccountClaims, accountClaims } from './accounts';
import { configuration, demoClient, withoutStartupNotices } from './configuration';
import { dropCookiesOfSilentRequest, sameSiteNone } from './cookies';
import { Emulation } from './emulation';
import { createSigningKey } from './keys';
import { TokenLedger } from './ledger';
import { OIDC_DEFAULTS, OIDC_PATH, type OidcClientMetadata, type OidcOptions, resolveOptions } from './options';
import { interaction } from './pages';
import { describe } from './recording';

export { type AccountClaims, accountClaims } from './accounts';
export {
  DEFAULT_POST_LOGOUT_PATHS,
  DEFAULT_REDIRECT_PATHS,
  DEMO_CLIENT_ID,
  loopbackUris,
  OIDC_PATH,
  type OidcClientMetadata,
  type OidcOptions,
} from './options';
export { CONSUMERS_TENANT, OIDC_PROFILES, type OidcProfile } from './profiles';

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

/** Ties Koa's view of a request back to the sandbox context that records it. */
const contexts = new WeakMap<object, VendorContext>();

/**
 * The `oidc` vendor: a real OpenID provider (`oidc-provider`) mounted at `/oidc`, with the public
 * PKCE client `plinth-demo`, a sign-in page of its own (any login and password, opaque `sub`,
 * nothing loaded from outside 127.0.0.1), refresh tokens with rotation, revocation and RP-initiated
 * logout. Its token, revocation, userinfo, authorization and end-session requests are recorded with
 * secrets (`code`, `code_verifier`, tokens, `state`, `nonce`) redacted.
 *
 * This file wires the provider's parts: its options (`options.ts`, `profiles.ts`), its configuration and keys
 * (`configuration.ts`, `keys.ts`), the token ledger (`ledger.ts`), what is recorded (`recording.ts`), the real
 * providers' differences (`emulation.ts`), its pages (`pages.ts`) and cookies (`cookies.ts`).
 */
export const oidc: VendorModule<'oidc', OidcOptions, OidcExposed> = {
  name: 'oidc',
  defaults: OIDC_DEFAULTS,
  async create(env) {
    const options = resolveOptions(env.options);
    const { Provider, interactionPolicy, errors } = await withoutStartupNotices(() => import('oidc-provider'));
    const issuer = `${env.url}${OIDC_PATH}${options.issuerPath}`;
    /** `/oidc` plus the issuer's path (any tenant in a `{tenantid}` template's place): served as `/oidc`. */
    const mount = new RegExp(
      `^${OIDC_PATH}${options.issuerPath.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace('{tenantid}', '[^/]+')}(?=/|$)`,
    );
    const key = await createSigningKey();

    const clients = new Map<string, OidcClientMetadata>();
    clients.set(options.clientId, demoClient(options));
    for (const client of options.clients) clients.set(client.client_id, client);

    /** PKCE challenges of authorization requests that asked for `offline_access` (`offlineAccessWithoutConsent`). */
    const offlineRequested = new Set<string>();
    /** Token requests that opened an offline session (a refresh token for `offline_access`), for the recording. */
    const offlineSessions = new WeakSet<object>();
    /** The accounts that signed in, by their opaque subject (the provider's accountId). */
    const accounts = new Map<string, AccountClaims>();
    const claimsFor = (login: string) => accountClaims(login, options.subjectKey);

    const ledger = new TokenLedger();
    const emulation = new Emulation({ options, url: env.url, issuer, key, ledger, accounts, clients, errors });
    const config = configuration({
      options,
      clients: clients.values(),
      key,
      accounts,
      allowOrigin: (origin) => env.sandbox.allowOrigin(origin),
      errors,
      interactionPolicy,
      offlineRequested,
      offlineSessions,
      checkAuthorization: (ctx) => emulation.checkAuthorization(ctx),
    });
    const provider = await withoutStartupNotices(async () => new Provider(issuer, config));
    ledger.follow(provider);

    // Post-middleware (oidc-provider's documented extension point): once an endpoint has answered,
    // fill in the recording with the route name, the parsed parameters (secrets redacted) and any error.
    provider.use(async (ctx: KoaContextWithOIDC, next: () => Promise<unknown>) => {
      try {
        await next();
        emulation.afterAnswer(ctx);
      } finally {
        const vendor = contexts.get(ctx.req);
        if (vendor) await describe(ctx, vendor, ledger);
        if (vendor && offlineSessions.has(ctx)) vendor.entry.meta = { ...vendor.entry.meta, offlineSession: true };
      }
    });

    const callback = provider.callback();
    const pages = { provider, accounts, claimsFor, cancel: options.loginCancel };

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
          if (route === '/id-token-tenant') emulation.issuerTenant = tenant;
          else emulation.signingKeyTenant = tenant;
          ctx.json(200, { tenant });
        }
        return true;
      },
      match: (req) => req.path === OIDC_PATH || req.path.startsWith(`${OIDC_PATH}/`),
      async handle(ctx) {
        const screen = /^\/oidc\/interaction\/([^/]+)(\/abort)?\/?$/.exec(ctx.path);
        if (screen) return interaction(pages, ctx, decodeURIComponent(screen[1]!), screen[2] !== undefined);
        const { req, res } = ctx;
        if (emulation.refuseFramed(ctx)) return;
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
          return emulation.clientIdLogout(ctx, provider);
        contexts.set(req, ctx);
        // Mount under /oidc the way Express does: oidc-provider derives its mount path from originalUrl.
        (req as typeof req & { originalUrl?: string }).originalUrl = original;
        req.url = original.slice(OIDC_PATH.length) || '/';
        if (!req.url.startsWith('/')) req.url = `/${req.url}`;
        ctx.entry.query = redactParams(ctx.entry.query);
        if (!options.thirdPartyCookies) dropCookiesOfSilentRequest(req, ctx.url);
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
