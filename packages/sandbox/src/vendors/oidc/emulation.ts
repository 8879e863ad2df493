import type { errors as Errors, KoaContextWithOIDC, Provider } from 'oidc-provider';
import { redactParams } from '../../http/redact';
import type { VendorContext } from '../types';
import type { AccountClaims } from './accounts';
import { sessionIdOf } from './cookies';
import { keysWithIssuer, reissuedIdToken, reissuesIdTokens, type SigningKey } from './keys';
import type { TokenLedger } from './ledger';
import { OIDC_PATH, type OidcClientMetadata, type OidcOptions } from './options';
import { HTML, html, page } from './pages';

/** What the emulation of a real provider reads. */
export interface EmulationDeps {
  options: OidcOptions;
  /** The sandbox's URL (`env.url`). */
  url: string;
  issuer: string;
  key: SigningKey;
  ledger: TokenLedger;
  accounts: Map<string, AccountClaims>;
  clients: Map<string, OidcClientMetadata>;
  errors: typeof Errors;
}

/**
 * The profile's differences from oidc-provider's answers (`OIDC_PROFILES`): checks before it answers an
 * authorization request, rewrites once an endpoint has answered, and the routes oidc-provider has no
 * equivalent for (Cognito's `/logout`, a page refused to frames).
 */
export class Emulation {
  /** The tenant that ID tokens' `iss` names instead of their own `tid` (`PUT /_sandbox/oidc/id-token-tenant`). */
  issuerTenant: string | null = null;
  /** The one tenant the signing key's `issuer` names (`PUT /_sandbox/oidc/signing-key-tenant`). */
  signingKeyTenant: string | null = null;

  constructor(private readonly deps: EmulationDeps) {}

  /**
   * An authorization request oidc-provider accepted, checked as Glewlwyd checks it (`validate_endpoint_auth` in
   * its `src/plugin/protocol_oidc.c`), in its order: `prompt=none` without a session is left to the no-session
   * answer; with one, `silentSignIn: 'id_token_hint'` wants the last ID token issued to the client for the account;
   * then `nonce: 'required'` wants a nonce with the openid scope. A thrown error goes back to the redirect URI.
   */
  checkAuthorization(ctx: KoaContextWithOIDC): void {
    const { options, errors, ledger } = this.deps;
    const { params, session, client } = ctx.oidc;
    const silent = ctx.oidc.prompts?.has('none') ?? false;
    const accountId = session?.accountId;
    if (silent && !accountId) return;
    if (silent && accountId && client && options.silentSignIn === 'id_token_hint') {
      const hint = typeof params?.id_token_hint === 'string' ? params.id_token_hint : '';
      const last = ledger.lastIdToken(client.clientId, accountId);
      if (!hint || !last) throw new errors.InvalidRequest('id_token mandatory');
      if (hint !== last) throw new errors.InvalidRequest('id_token invalid');
    }
    const scopes = String(params?.scope ?? '').split(' ');
    if (options.nonce === 'required' && scopes.includes('openid') && !params?.nonce) {
      throw new errors.InvalidRequest('nonce required');
    }
  }

  /** The profile's differences from oidc-provider's answers, applied once an endpoint has answered. */
  afterAnswer(ctx: KoaContextWithOIDC): void {
    const { options, issuer, url, ledger } = this.deps;
    const route = ctx.oidc?.route;
    const body = ctx.body as Record<string, unknown> | undefined;
    if (route === 'jwks' && options.signingKeyIssuer && Array.isArray(body?.keys)) {
      body.keys = keysWithIssuer(body.keys, issuer, this.signingKeyTenant);
    }
    if (route === 'discovery' && body) {
      if (!options.authorizationResponseIss) delete body.authorization_response_iss_parameter_supported;
      if (options.logout === 'client_id+logout_uri' && options.endSession)
        body.end_session_endpoint = `${url}${OIDC_PATH}/logout`;
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
    // Glewlwyd's refresh answers carry no ID token.
    if (route === 'token' && !options.refreshIdTokens && ctx.oidc.params?.grant_type === 'refresh_token') {
      delete body?.id_token;
    }
    if (route === 'token' && typeof body?.id_token === 'string') {
      if (reissuesIdTokens(options)) body.id_token = this.reissued(body.id_token);
      if (ctx.oidc.client) ledger.issuedIdToken(ctx.oidc.client.clientId, body.id_token as string);
    }
    // Glewlwyd refuses a public client at its revocation endpoint (the policy revoked nothing).
    if (
      route === 'revocation' &&
      !options.publicClientRevocation &&
      ctx.status < 400 &&
      ctx.oidc.client?.clientAuthMethod === 'none'
    ) {
      ctx.status = 401;
      ctx.body = { error: 'invalid_client', error_description: 'client authentication failed' };
    }
    // `prompt=none` without a session: Glewlwyd says `interaction_required`, with no description.
    if (route === 'authorization' && options.noSessionError === 'interaction_required') {
      rewriteRedirect(ctx, (answer) => {
        if (answer.get('error') !== 'login_required') return false;
        answer.set('error', 'interaction_required');
        answer.delete('error_description');
        return true;
      });
    }
    // No RFC 9207 `iss` on the way back to the client (Entra ID sends none).
    if (!options.authorizationResponseIss)
      rewriteRedirect(ctx, (answer) => answer.has('iss') && deleted(answer, 'iss'));
  }

  /** An ID token as the real provider issues it (`reissuedIdToken`: Entra ID's tenants, Google's `iss`). */
  reissued(idToken: string): string {
    const { options, issuer, accounts, key } = this.deps;
    const emailOf = (sub: string) => accounts.get(sub)?.email;
    return reissuedIdToken(idToken, { options, issuer, issuerTenant: this.issuerTenant, emailOf, key });
  }

  /** Cognito's pages refuse to be framed: the hidden iframe of `prompt=none` gets nothing it can use. Answered: true. */
  refuseFramed(ctx: VendorContext): boolean {
    if (this.deps.options.frames || ctx.headers['sec-fetch-dest'] !== 'iframe') return false;
    ctx.entry.query = redactParams(ctx.entry.query);
    ctx.entry.error = 'framed: refused (X-Frame-Options: DENY)';
    if (ctx.path.endsWith('/auth')) ctx.entry.route = 'authorization';
    ctx.text(200, page('Sign in', '<p>This page cannot be shown in a frame.</p>'), HTML, { 'x-frame-options': 'DENY' });
    return true;
  }

  /** Cognito's `/logout`: `client_id` and an allowed `logout_uri`, else a 400 page; ends the session without asking. */
  async clientIdLogout(ctx: VendorContext, provider: Provider): Promise<void> {
    ctx.entry.route = 'end_session';
    const params = ctx.url.searchParams;
    const client = this.deps.clients.get(params.get('client_id') ?? '');
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
    const id = sessionIdOf(ctx.headers.cookie);
    const session = id ? await provider.Session.find(id) : undefined;
    ctx.entry.meta = { logout: 'everywhere', ...(session?.accountId ? { sub: session.accountId } : {}) };
    await session?.destroy();
    ctx.empty(302, { location: logoutUri!, 'cache-control': 'no-store' });
  }
}

function deleted(params: URLSearchParams, name: string): true {
  params.delete(name);
  return true;
}

/** Edits the parameters of the redirect an endpoint answered (its query, and its fragment if any); `edit` says whether it changed them. */
function rewriteRedirect(ctx: KoaContextWithOIDC, edit: (params: URLSearchParams) => boolean): void {
  const location = ctx.response.get('location');
  const url = location ? URL.parse(location) : null;
  if (!url) return;
  let changed = edit(url.searchParams);
  if (url.hash.length > 1) {
    const fragment = new URLSearchParams(url.hash.slice(1));
    if (edit(fragment)) {
      url.hash = fragment.toString();
      changed = true;
    }
  }
  if (changed) ctx.response.set('location', url.href);
}
