import { configError } from '@plinth/core/server';
import { BACKEND_REFRESH_TOKEN } from '../backend';
import { cookieBox } from './cookie';

export interface TokenHandlerConfig {
  /**
   * The provider's issuer: its token and revocation endpoints are read once from its discovery document (whose
   * `issuer` must be this one). Or give `tokenEndpoint` (and `revocationEndpoint`) instead.
   */
  issuer?: string;
  /** The provider's token endpoint, fixed here (never taken from a request). Instead of `issuer`. */
  tokenEndpoint?: string;
  /** The provider's revocation endpoint (RFC 7009), with `tokenEndpoint`; without one, sign-out only drops the cookie. */
  revocationEndpoint?: string;
  /** The client registered at the provider (the browser's `clientId`). */
  clientId: string;
  /** The client's secret: added to every request to the provider, never sent to the browser. */
  clientSecret: string;
  /** How the secret goes to the provider: in the form (`client_secret_post`, default) or as HTTP Basic. */
  clientAuthentication?: 'client_secret_post' | 'client_secret_basic';
  /** The cookie that keeps the refresh token: encrypted, httpOnly, SameSite=Strict, on the handler's path. */
  cookie: {
    /** At least 32 characters (e.g. `openssl rand -base64 32`), from the server's secrets, never in code. */
    secret: string;
    /** Default `__Secure-plinth-auth` (`plinth-auth` when not `secure`). */
    name?: string;
    /** Default: the path the handler answers on (e.g. `/api/auth/token`), so no other route receives it. */
    path?: string;
    /** Default 30 days; a longer-lived refresh token is dropped then all the same. */
    maxAgeSeconds?: number;
    /** Default true (browsers take Secure cookies on http://localhost and http://127.0.0.1 too). */
    secure?: boolean;
  };
  /** The origins whose pages may call the handler. Default: the request URL's own origin. */
  origins?: readonly string[];
  /** The `fetch` that reaches the provider (tests, proxies). Default the global one. */
  fetch?: typeof fetch;
}

/** A fetch-standard route handler: Next.js App Router (`export { handler as POST, handler as DELETE }`), edge runtimes, Node via `toNodeHandler`. */
export type TokenHandler = (request: Request) => Promise<Response>;

const DAY = 24 * 60 * 60;
/** What the provider's answer may carry back to the browser: everything but the refresh token. */
const ERROR_FIELDS = ['error', 'error_description', 'error_uri'] as const;

const trim = (url: string) => url.replace(/\/+$/, '');

/** An https URL, or http on a loopback host (development, the sandbox). */
function endpoint(name: string, value: unknown): string {
  const url = typeof value === 'string' ? URL.parse(value) : null;
  const loopback = url && /^(127\.0\.0\.1|localhost|\[::1\])$/.test(url.hostname);
  if (!url || !(url.protocol === 'https:' || (url.protocol === 'http:' && loopback)))
    throw configError(`auth/server: \`${name}\` must be an https URL, not "${String(value)}"`, 'invalid_option');
  return url.href;
}

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: {
      ...(body === null ? {} : { 'content-type': 'application/json' }),
      'cache-control': 'no-store',
      pragma: 'no-cache',
      ...headers,
    },
  });

const refuse = (status: number, error: string, error_description: string, headers?: Record<string, string>) =>
  answer(status, { error, error_description }, headers);

/**
 * A token-mediating backend (the IETF "OAuth 2.0 for Browser-Based Applications" pattern) as one route handler,
 * which the browser's `AuthConfig.backend` names as its token endpoint:
 * - `POST` `grant_type=authorization_code`: the code exchange, sent to the provider's own token endpoint (from
 *   the options, never from the request) with the client secret; the refresh token goes into the cookie and the
 *   browser gets the rest (access and ID tokens);
 * - `POST` `grant_type=refresh_token` with `refresh_token=plinth:backend-cookie`: a renewal with the cookie's
 *   refresh token (a rotated one replaces it);
 * - `POST` `token=…` (RFC 7009): a revocation with the secret; the placeholder revokes the cookie's refresh token
 *   and drops the cookie;
 * - `DELETE`: revokes the cookie's refresh token and drops the cookie (a sign-out from elsewhere).
 * Any other grant, a request from another origin, or a `client_id` other than `clientId` is refused.
 */
export function createTokenHandler(options: TokenHandlerConfig): TokenHandler {
  const { clientId, clientSecret, cookie = {} as TokenHandlerConfig['cookie'] } = options ?? {};
  if (!clientId) throw configError('auth/server: `clientId` is required', 'missing_option');
  if (!clientSecret) throw configError('auth/server: `clientSecret` is required', 'missing_option');
  if (typeof cookie.secret !== 'string' || cookie.secret.length < 32)
    throw configError('auth/server: `cookie.secret` must be at least 32 characters', 'invalid_option');
  if (!options.issuer === !options.tokenEndpoint)
    throw configError('auth/server: give `issuer` or `tokenEndpoint`, one of them', 'invalid_option');
  const fixed = options.tokenEndpoint
    ? {
        token: endpoint('tokenEndpoint', options.tokenEndpoint),
        revocation: options.revocationEndpoint && endpoint('revocationEndpoint', options.revocationEndpoint),
      }
    : undefined;
  const issuer = options.issuer && trim(endpoint('issuer', options.issuer));
  const secure = cookie.secure ?? true;
  const name = cookie.name ?? (secure ? '__Secure-plinth-auth' : 'plinth-auth');
  const maxAge = cookie.maxAgeSeconds ?? 30 * DAY;
  const box = cookieBox(cookie.secret, `${name}|${clientId}`, maxAge);
  const fetcher = options.fetch ?? ((input, init) => fetch(input, init));
  const basic = options.clientAuthentication === 'client_secret_basic';

  let discovered: Promise<{ token: string; revocation: string | undefined }> | undefined;
  /** The provider's endpoints: the options', or its discovery document's (read once; a failure is tried again next time). */
  const endpoints = async () => {
    if (fixed) return fixed;
    discovered ??= (async () => {
      const response = await fetcher(`${issuer}/.well-known/openid-configuration`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(10_000),
      });
      const metadata = (await response.json()) as Record<string, unknown>;
      if (trim(String(metadata.issuer)) !== issuer && !String(metadata.issuer).includes('{tenantid}'))
        throw new Error(`the provider's issuer is "${String(metadata.issuer)}", not "${issuer}"`);
      return {
        token: endpoint('token_endpoint', metadata.token_endpoint),
        revocation: metadata.revocation_endpoint
          ? endpoint('revocation_endpoint', metadata.revocation_endpoint)
          : undefined,
      };
    })().catch((error: unknown) => {
      discovered = undefined;
      throw error;
    });
    return discovered;
  };

  /** A form POST to the provider with the client's credentials added. */
  const upstream = (url: string, params: Record<string, string | null>) => {
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value) body.set(key, value);
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    if (basic)
      headers.authorization = `Basic ${btoa(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`)}`;
    else {
      body.set('client_id', clientId);
      body.set('client_secret', clientSecret);
    }
    return fetcher(url, { method: 'POST', headers, body, redirect: 'error', signal: AbortSignal.timeout(10_000) });
  };

  const cookieFor = (request: Request) => {
    const path = cookie.path ?? new URL(request.url).pathname;
    const attributes = `Path=${path}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
    return {
      set: (value: string) => `${name}=${value}; Max-Age=${maxAge}; ${attributes}`,
      clear: `${name}=; Max-Age=0; ${attributes}`,
      read: () =>
        request.headers
          .get('cookie')
          ?.split(/;\s*/)
          .find((pair) => pair.startsWith(`${name}=`))
          ?.slice(name.length + 1),
    };
  };

  /** The cookie's refresh token revoked at the provider (when it has a revocation endpoint); the cookie dropped. */
  const revokeCookie = async (request: Request) => {
    const jar = cookieFor(request);
    const stored = jar.read();
    const refreshToken = stored && (await box.open(stored));
    const { revocation } = await endpoints();
    const response =
      refreshToken && revocation
        ? await upstream(revocation, { token: refreshToken, token_type_hint: 'refresh_token' })
        : undefined;
    return { ok: !response || response.ok, status: response?.status ?? 200, clear: jar.clear };
  };

  return async (request) => {
    if (request.method !== 'POST' && request.method !== 'DELETE')
      return refuse(405, 'invalid_request', 'POST or DELETE only', { allow: 'POST, DELETE' });
    const origin = request.headers.get('origin');
    const allowed = options.origins ?? [new URL(request.url).origin];
    // Every browser sends Origin with a POST or DELETE from a page: none, or another one, is not our page.
    if (!origin || !allowed.includes(origin)) return refuse(403, 'invalid_request', 'origin not allowed');
    try {
      if (request.method === 'DELETE') {
        const { clear } = await revokeCookie(request);
        return answer(204, null, { 'set-cookie': clear });
      }
      if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers.get('content-type') ?? ''))
        return refuse(400, 'invalid_request', 'a form (application/x-www-form-urlencoded) is expected');
      const form = new URLSearchParams(await request.text());
      if (form.has('client_id') && form.get('client_id') !== clientId)
        return refuse(401, 'invalid_client', 'another client');
      const grant = form.get('grant_type');
      const jar = cookieFor(request);

      if (!grant && form.get('token')) {
        // A revocation (RFC 7009): the placeholder stands for the cookie's refresh token.
        if (form.get('token') === BACKEND_REFRESH_TOKEN) {
          const { ok, status, clear } = await revokeCookie(request);
          return answer(ok ? 200 : status, null, { 'set-cookie': clear });
        }
        const { revocation } = await endpoints();
        if (!revocation) return answer(200, null);
        const response = await upstream(revocation, {
          token: form.get('token'),
          token_type_hint: form.get('token_type_hint'),
        });
        return answer(response.ok ? 200 : response.status, null);
      }

      let params: Record<string, string | null>;
      if (grant === 'authorization_code') {
        params = {
          grant_type: grant,
          code: form.get('code'),
          redirect_uri: form.get('redirect_uri'),
          code_verifier: form.get('code_verifier'),
        };
      } else if (grant === 'refresh_token') {
        if (form.get('refresh_token') !== BACKEND_REFRESH_TOKEN)
          return refuse(400, 'invalid_grant', 'the refresh token is kept by the backend');
        const stored = jar.read();
        const refreshToken = stored && (await box.open(stored));
        if (!refreshToken)
          return refuse(400, 'invalid_grant', 'no session', stored ? { 'set-cookie': jar.clear } : undefined);
        params = { grant_type: grant, refresh_token: refreshToken, scope: form.get('scope') };
      } else {
        return refuse(400, 'unsupported_grant_type', 'authorization_code and refresh_token only');
      }

      const response = await upstream((await endpoints()).token, params);
      const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      if (!response.ok) {
        const error = Object.fromEntries(ERROR_FIELDS.filter((key) => key in body).map((key) => [key, body[key]]));
        // A refused refresh token is no session any more.
        const clear = grant === 'refresh_token' && body.error === 'invalid_grant';
        return answer(
          response.status,
          error.error ? error : { error: 'server_error' },
          clear ? { 'set-cookie': jar.clear } : {},
        );
      }
      const { refresh_token: refreshToken, ...rest } = body;
      const headers: Record<string, string> = {};
      if (typeof refreshToken === 'string' && refreshToken)
        headers['set-cookie'] = jar.set(await box.seal(refreshToken));
      // A new sign-in without a refresh token: an older one in the cookie is not this session's.
      else if (grant === 'authorization_code') headers['set-cookie'] = jar.clear;
      return answer(200, rest, headers);
    } catch {
      return refuse(502, 'temporarily_unavailable', 'the provider could not be reached');
    }
  };
}
