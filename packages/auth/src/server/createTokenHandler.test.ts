// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACKEND_REFRESH_TOKEN } from '../backend';
import { createTokenHandler, type TokenHandlerConfig } from './createTokenHandler';
import { toNodeHandler } from './node';

const APP = 'https://app.example';
const ROUTE = `${APP}/api/auth/token`;
const ISSUER = 'https://id.example';
const TOKEN = `${ISSUER}/oauth/token`;
const REVOKE = `${ISSUER}/oauth/revoke`;
const SECRET = 'client-secret-value';
const COOKIE_SECRET = 'a-cookie-secret-of-at-least-32-characters';

interface Call {
  url: string;
  form: URLSearchParams;
  headers: Headers;
}

/** A fake provider: discovery, a token endpoint (rotating refresh tokens) and a revocation endpoint, recording each call. */
function fakeProvider(answers: { token?: () => Response } = {}) {
  const calls: Call[] = [];
  let issued = 0;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    calls.push({ url, form: new URLSearchParams(String(init?.body ?? '')), headers });
    if (url === `${ISSUER}/.well-known/openid-configuration`)
      return Response.json({ issuer: ISSUER, token_endpoint: TOKEN, revocation_endpoint: REVOKE });
    if (url === TOKEN) {
      if (answers.token) return answers.token();
      issued++;
      return Response.json({
        access_token: `at-${issued}`,
        id_token: `id-${issued}`,
        token_type: 'Bearer',
        expires_in: 60,
        refresh_token: `rt-${issued}`,
      });
    }
    if (url === REVOKE) return new Response(null, { status: 200 });
    return new Response('not found', { status: 404 });
  });
  return {
    fetch: fetch as unknown as typeof globalThis.fetch,
    calls,
    upstream: () => calls.filter((c) => c.url !== `${ISSUER}/.well-known/openid-configuration`),
  };
}

const setup = (options: Partial<TokenHandlerConfig> = {}, answers?: Parameters<typeof fakeProvider>[0]) => {
  const provider = fakeProvider(answers);
  const handler = createTokenHandler({
    issuer: ISSUER,
    clientId: 'spa',
    clientSecret: SECRET,
    cookie: { secret: COOKIE_SECRET },
    fetch: provider.fetch,
    ...options,
  });
  return { handler, ...provider };
};

const post = (form: Record<string, string>, headers: Record<string, string> = {}) =>
  new Request(ROUTE, {
    method: 'POST',
    headers: { origin: APP, 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', ...headers },
    body: new URLSearchParams(form),
  });

const code = {
  grant_type: 'authorization_code',
  code: 'c0de',
  redirect_uri: `${APP}/auth/callback`,
  code_verifier: 'v',
  client_id: 'spa',
};
const refresh = { grant_type: 'refresh_token', refresh_token: BACKEND_REFRESH_TOKEN, client_id: 'spa' };
/** The `name=value` of a Set-Cookie header, to send back as a Cookie header. */
const pair = (response: Response) => response.headers.get('set-cookie')?.split(';')[0] ?? '';

afterEach(() => {
  vi.useRealTimers();
});

describe('createTokenHandler', () => {
  it('exchanges a code at the fixed token endpoint with the secret; the browser gets no refresh token, the cookie has it sealed', async () => {
    const { handler, upstream } = setup();
    const response = await handler(post({ ...code, token_endpoint: 'https://evil.example/token', resource: 'x' }));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({ access_token: 'at-1', id_token: 'id-1', token_type: 'Bearer', expires_in: 60 });
    expect(response.headers.get('cache-control')).toBe('no-store');
    const [call, ...more] = upstream();
    expect(more).toEqual([]);
    expect(call?.url).toBe(TOKEN);
    expect(Object.fromEntries(call!.form)).toEqual({
      grant_type: 'authorization_code',
      code: 'c0de',
      redirect_uri: `${APP}/auth/callback`,
      code_verifier: 'v',
      client_id: 'spa',
      client_secret: SECRET,
    });
    expect(call!.headers.get('cookie')).toBeNull();
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^__Secure-plinth-auth=[\w-]+\.[\w-]+; /);
    expect(cookie.split('; ').slice(1).sort()).toEqual(
      ['HttpOnly', 'Max-Age=2592000', 'Path=/api/auth/token', 'SameSite=Strict', 'Secure'].sort(),
    );
    expect(cookie).not.toContain('rt-1');
    expect(JSON.stringify(body)).not.toContain('rt-1');
  });

  it("renews with the cookie's refresh token for the placeholder, and keeps the rotated one", async () => {
    const { handler, upstream } = setup();
    const signedIn = await handler(post(code));
    const renewed = await handler(post(refresh, { cookie: pair(signedIn) }));
    expect(renewed.status).toBe(200);
    expect(await renewed.json()).not.toHaveProperty('refresh_token');
    expect(Object.fromEntries(upstream()[1]!.form)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'rt-1',
      client_id: 'spa',
      client_secret: SECRET,
    });
    // The rotated token replaced it: the next renewal sends rt-2.
    await handler(post(refresh, { cookie: pair(renewed) }));
    expect(upstream()[2]!.form.get('refresh_token')).toBe('rt-2');
  });

  it('keeps the cookie when a renewal brings no new refresh token', async () => {
    let n = 0;
    const { handler } = setup(
      {},
      {
        token: () =>
          Response.json({
            access_token: `at-${++n}`,
            token_type: 'Bearer',
            ...(n === 1 ? { refresh_token: 'rt' } : {}),
          }),
      },
    );
    const signedIn = await handler(post(code));
    const renewed = await handler(post(refresh, { cookie: pair(signedIn) }));
    expect(renewed.status).toBe(200);
    expect(renewed.headers.get('set-cookie')).toBeNull();
  });

  it.each([
    ['password', { grant_type: 'password', username: 'a', password: 'b' }],
    ['client_credentials', { grant_type: 'client_credentials' }],
    ['token exchange', { grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange', subject_token: 't' }],
    ['no grant', { code: 'c0de' }],
  ])('refuses any other grant (%s) without calling the provider', async (_name, form) => {
    const { handler, calls } = setup();
    const response = await handler(post(form));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'unsupported_grant_type' });
    expect(calls).toEqual([]);
  });

  it('refuses a refresh with a real refresh token, or with no cookie', async () => {
    const { handler, calls } = setup();
    const real = await handler(post({ ...refresh, refresh_token: 'a-stolen-refresh-token' }));
    expect(real.status).toBe(400);
    expect(await real.json()).toMatchObject({ error: 'invalid_grant' });
    const none = await handler(post(refresh));
    expect(await none.json()).toMatchObject({ error: 'invalid_grant', error_description: 'no session' });
    expect(calls).toEqual([]);
  });

  it('refuses a tampered cookie, or one sealed under another secret or for another client, and drops it', async () => {
    const { handler, upstream } = setup();
    const value = pair(await handler(post(code)));
    const [name, sealed] = value.split('=') as [string, string];
    // The second-to-last character changed (the last may carry unused bits): chosen by that character, not the last
    // (by the last, a value whose second-to-last was already 'A' stayed the same, 1 run in 64: a CI run saw 200).
    const flipped = `${name}=${sealed.slice(0, -2)}${sealed.at(-2) === 'A' ? 'B' : 'A'}${sealed.slice(-1)}`;
    expect(flipped).not.toBe(value);
    const other = setup({ cookie: { secret: `${COOKIE_SECRET}-another` } });
    const otherClient = setup({ clientId: 'other' });
    for (const [use, cookie] of [
      [handler, flipped],
      [other.handler, value],
      [otherClient.handler, value],
    ] as const) {
      const response = await use(
        post({ ...refresh, client_id: use === handler || use === other.handler ? 'spa' : 'other' }, { cookie }),
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'invalid_grant' });
      expect(response.headers.get('set-cookie')).toMatch(/^__Secure-plinth-auth=; Max-Age=0; /);
    }
    expect(upstream()).toHaveLength(1); // the sign-in only
    expect(other.upstream()).toEqual([]);
    expect(otherClient.upstream()).toEqual([]);
  });

  it('refuses a cookie older than maxAgeSeconds', async () => {
    const { handler, upstream } = setup({ cookie: { secret: COOKIE_SECRET, maxAgeSeconds: 60 } });
    const cookie = pair(await handler(post(code)));
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
    expect((await handler(post(refresh, { cookie }))).status).toBe(400);
    expect(upstream()).toHaveLength(1);
  });

  it('checks Origin: none or another is refused, `origins` allows the listed ones', async () => {
    const { handler, calls } = setup();
    for (const origin of [undefined, 'https://evil.example', 'null', 'http://app.example']) {
      const request = post(code);
      if (origin) request.headers.set('origin', origin);
      else request.headers.delete('origin');
      const response = await handler(request);
      expect(response.status).toBe(403);
    }
    expect(calls).toEqual([]);
    const listed = setup({ origins: ['https://www.app.example'] });
    expect((await listed.handler(post(code, { origin: 'https://www.app.example' }))).status).toBe(200);
    expect((await listed.handler(post(code))).status).toBe(403);
  });

  it('refuses another client_id, other methods and bodies that are not forms', async () => {
    const { handler, calls } = setup();
    expect((await handler(post({ ...code, client_id: 'someone-else' }))).status).toBe(401);
    const get = await handler(new Request(ROUTE, { headers: { origin: APP } }));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, DELETE');
    const json = new Request(ROUTE, {
      method: 'POST',
      headers: { origin: APP, 'content-type': 'application/json' },
      body: JSON.stringify(code),
    });
    expect((await handler(json)).status).toBe(400);
    expect(calls).toEqual([]);
  });

  it('reads discovery once and checks its issuer; the token endpoint is never taken from a request', async () => {
    const { handler, calls } = setup();
    await handler(post(code, { host: 'evil.example', 'x-forwarded-host': 'evil.example' }));
    await handler(post(code));
    expect(calls.map((call) => call.url)).toEqual([`${ISSUER}/.well-known/openid-configuration`, TOKEN, TOKEN]);
    const liar = createTokenHandler({
      issuer: 'https://other.example',
      clientId: 'spa',
      clientSecret: SECRET,
      cookie: { secret: COOKIE_SECRET },
      fetch: fakeProvider().fetch,
    });
    const refused = await liar(post(code));
    expect(refused.status).toBe(502);
  });

  it('sends the secret as HTTP Basic with client_secret_basic, and uses a fixed tokenEndpoint without discovery', async () => {
    const { handler, calls } = setup({
      issuer: undefined,
      tokenEndpoint: TOKEN,
      clientAuthentication: 'client_secret_basic',
    });
    await handler(post(code));
    expect(calls.map((call) => call.url)).toEqual([TOKEN]);
    expect(calls[0]!.headers.get('authorization')).toBe(`Basic ${btoa(`spa:${SECRET}`)}`);
    expect(calls[0]!.form.has('client_secret')).toBe(false);
  });

  it("forwards the provider's error (its error fields only) and drops the cookie when a refresh is refused", async () => {
    let n = 0;
    const { handler } = setup(
      {},
      {
        token: () =>
          ++n === 1
            ? Response.json({ access_token: 'at', token_type: 'Bearer', refresh_token: 'rt' })
            : Response.json(
                { error: 'invalid_grant', error_description: 'grant revoked', trace: 'x' },
                { status: 400 },
              ),
      },
    );
    const signedIn = await handler(post(code));
    const refused = await handler(post(refresh, { cookie: pair(signedIn) }));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: 'invalid_grant', error_description: 'grant revoked' });
    expect(refused.headers.get('set-cookie')).toContain('Max-Age=0');
  });

  it("revokes the cookie's refresh token with the secret for the placeholder (and on DELETE), and drops the cookie", async () => {
    const { handler, upstream } = setup();
    const cookie = pair(await handler(post(code)));
    const revoked = await handler(
      post({ token: BACKEND_REFRESH_TOKEN, token_type_hint: 'refresh_token', client_id: 'spa' }, { cookie }),
    );
    expect(revoked.status).toBe(200);
    expect(revoked.headers.get('set-cookie')).toMatch(
      /^__Secure-plinth-auth=; Max-Age=0; Path=\/api\/auth\/token; HttpOnly; SameSite=Strict; Secure$/,
    );
    expect(upstream()[1]!.url).toBe(REVOKE);
    expect(Object.fromEntries(upstream()[1]!.form)).toEqual({
      token: 'rt-1',
      token_type_hint: 'refresh_token',
      client_id: 'spa',
      client_secret: SECRET,
    });
    const access = await handler(post({ token: 'at-1', token_type_hint: 'access_token', client_id: 'spa' }));
    expect(access.status).toBe(200);
    expect(upstream()[2]!.form.get('token')).toBe('at-1');
    const deleted = await handler(new Request(ROUTE, { method: 'DELETE', headers: { origin: APP, cookie } }));
    expect(deleted.status).toBe(204);
    expect(deleted.headers.get('set-cookie')).toContain('Max-Age=0');
    expect(upstream()[3]!.form.get('token')).toBe('rt-1');
  });

  it('answers 502 when the provider cannot be reached', async () => {
    const handler = createTokenHandler({
      tokenEndpoint: TOKEN,
      clientId: 'spa',
      clientSecret: SECRET,
      cookie: { secret: COOKIE_SECRET },
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    const response = await handler(post(code));
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ error: 'temporarily_unavailable' });
  });

  it('refuses a configuration without the secrets, with a short cookie secret, or a provider over plain http', () => {
    const base = { issuer: ISSUER, clientId: 'spa', clientSecret: SECRET, cookie: { secret: COOKIE_SECRET } };
    expect(() => createTokenHandler({ ...base, clientSecret: '' })).toThrow(/clientSecret/);
    expect(() => createTokenHandler({ ...base, cookie: { secret: 'short' } })).toThrow(/32 characters/);
    expect(() => createTokenHandler({ ...base, issuer: undefined })).toThrow(/issuer/);
    expect(() => createTokenHandler({ ...base, tokenEndpoint: TOKEN })).toThrow(/one of them/);
    expect(() => createTokenHandler({ ...base, issuer: 'http://id.example' })).toThrow(/https URL/);
    expect(() => createTokenHandler({ ...base, issuer: 'http://127.0.0.1:4711/oidc' })).not.toThrow();
  });
});

describe('toNodeHandler', () => {
  it("runs the handler on Node's request and response (Express, Connect, Vite), the mount path kept", async () => {
    const { handler, upstream } = setup({ origins: ['http://127.0.0.1:5173'] });
    const body = new TextEncoder().encode(new URLSearchParams(code).toString());
    const req = Object.assign(
      (async function* () {
        yield body;
      })(),
      {
        method: 'POST',
        url: '/',
        originalUrl: '/api/auth/token',
        headers: {
          host: '127.0.0.1:5173',
          origin: 'http://127.0.0.1:5173',
          'content-type': 'application/x-www-form-urlencoded',
        },
      },
    );
    const headers: Record<string, string | string[]> = {};
    let sent = '';
    const res = {
      statusCode: 0,
      setHeader: (name: string, value: string | string[]) => {
        headers[name] = value;
      },
      end: (chunk?: Uint8Array) => {
        sent = new TextDecoder().decode(chunk);
      },
    };
    await toNodeHandler(handler)(req, res);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(sent)).toMatchObject({ access_token: 'at-1' });
    expect(headers['set-cookie']).toEqual([expect.stringContaining('Path=/api/auth/token;')]);
    expect(upstream()[0]!.form.get('code')).toBe('c0de');
  });
});
