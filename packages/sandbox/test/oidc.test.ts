// @vitest-environment node
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReceivedRequest, type Sandbox, startSandbox } from '../src/index';
import { asPage, asRedirect, Browser } from './support/browser';

// The demo's e2e runs its app on 4174 and the sandbox on 4701; the dev server uses 5173.
const REDIRECT_URI = 'http://127.0.0.1:4174/callback';
const POST_LOGOUT_URI = 'http://localhost:4174/';

let sandbox: Sandbox;
let issuer: string;
let config: client.Configuration;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
  issuer = sandbox.vendors.oidc.issuer;
  // A real OpenID client (openid-client by panva), discovering the provider like any RP would.
  config = await client.discovery(new URL(issuer), 'plinth-demo', undefined, client.None(), {
    execute: [client.allowInsecureRequests],
  });
});

afterAll(async () => {
  await sandbox?.close();
});

async function authorize(extra: Record<string, string> = {}, redirectUri = REDIRECT_URI) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid profile email',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  });
  return { url, verifier, state, nonce, redirectUri };
}

describe('OpenID provider: authorization code + PKCE with a real client', () => {
  const browser = new Browser();
  let tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;
  let callback: string;
  let verifier: string;

  it('serves discovery with S256 PKCE, revocation and end-session', () => {
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(issuer);
    expect(issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oidc$/);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.revocation_endpoint).toBe(`${issuer}/token/revocation`);
    expect(metadata.end_session_endpoint).toBe(`${issuer}/session/end`);
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email', 'offline_access']));
  });

  it('signs in through the dev login and consent pages and exchanges the code', async () => {
    const request = await authorize({ scope: 'openid profile email offline_access', prompt: 'consent' });
    verifier = request.verifier;
    const login = asPage(await browser.navigate(request.url, REDIRECT_URI));
    expect(login.page).toContain('name="login"');
    // Any login and password work on the dev page.
    const consent = asPage(await browser.submit(login, { login: 'alice', password: 'anything' }, REDIRECT_URI));
    expect(consent.page).toContain('name="prompt" value="consent"');
    callback = asRedirect(await browser.submit(consent, {}, REDIRECT_URI));
    const params = new URL(callback).searchParams;
    expect(params.get('state')).toBe(request.state);
    expect(params.get('iss')).toBe(issuer);

    tokens = await client.authorizationCodeGrant(config, new URL(callback), {
      pkceCodeVerifier: request.verifier,
      expectedState: request.state,
      expectedNonce: request.nonce,
      idTokenExpected: true,
    });
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.access_token).toBeTruthy();
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.claims()).toMatchObject({
      iss: issuer,
      aud: 'plinth-demo',
      sub: sandbox.vendors.oidc.subjectFor('alice'),
      email: 'alice@example.com',
      name: 'Alice',
    });
  });

  it('answers userinfo with the account claims', async () => {
    const sub = sandbox.vendors.oidc.subjectFor('alice');
    const info = await client.fetchUserInfo(config, tokens.access_token, sub);
    expect(info).toMatchObject({ sub, email: 'alice@example.com', email_verified: true, name: 'Alice' });
  });

  it('refreshes, then revokes the refresh token so it no longer works', async () => {
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.access_token).toBeTruthy();
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    const current = refreshed.refresh_token ?? tokens.refresh_token!;
    await client.tokenRevocation(config, current, { token_type_hint: 'refresh_token' });
    await expect(client.refreshTokenGrant(config, current)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses the same code a second time with invalid_grant', async () => {
    await expect(
      client.authorizationCodeGrant(config, new URL(callback), {
        pkceCodeVerifier: verifier,
        expectedState: client.skipStateCheck,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a code exchanged with the wrong PKCE verifier', async () => {
    const request = await authorize();
    const redirect = asRedirect(await browser.navigate(request.url, REDIRECT_URI));
    await expect(
      client.authorizationCodeGrant(config, new URL(redirect), {
        pkceCodeVerifier: client.randomPKCECodeVerifier(),
        expectedState: request.state,
        expectedNonce: request.nonce,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('records the flow under vendor oidc, secrets redacted, over HTTP and via received()', async () => {
    const recorded = sandbox.received({ vendor: 'oidc' });
    const routes = recorded.map((entry) => entry.route);
    expect(routes).toEqual(expect.arrayContaining(['authorization', 'token', 'userinfo', 'revocation']));

    const exchanges = recorded.filter(
      (entry) => entry.route === 'token' && (entry.body as Record<string, string>).grant_type === 'authorization_code',
    );
    expect(exchanges.length).toBe(3);
    const [first, replay] = exchanges as [ReceivedRequest, ReceivedRequest];
    expect(first).toMatchObject({
      vendor: 'oidc',
      method: 'POST',
      path: '/oidc/token',
      status: 200,
      decoding: ['form'],
      body: {
        grant_type: 'authorization_code',
        client_id: 'plinth-demo',
        redirect_uri: REDIRECT_URI,
        code: '[redacted]',
        code_verifier: '[redacted]',
      },
    });
    expect(replay.status).toBe(400);
    expect(replay.error).toMatch(/^invalid_grant/);

    const authorization = recorded.find((entry) => entry.route === 'authorization')!;
    expect(authorization.query).toMatchObject({
      client_id: 'plinth-demo',
      code_challenge_method: 'S256',
      state: '[redacted]',
      nonce: '[redacted]',
    });
    expect(authorization.query.code_challenge).toMatch(/^[\w-]{43}$/);

    const userinfo = recorded.find((entry) => entry.route === 'userinfo')!;
    expect(userinfo.headers.authorization).toBe('[redacted]');
    const revocation = recorded.find((entry) => entry.route === 'revocation')!;
    expect(revocation.body).toEqual({
      token: '[redacted]',
      token_type_hint: 'refresh_token',
      client_id: 'plinth-demo',
    });

    // Not a single secret that went over the wire is in the recording.
    const everything = JSON.stringify(recorded);
    const code = new URL(callback).searchParams.get('code')!;
    for (const secret of [code, verifier, tokens.access_token, tokens.refresh_token!, tokens.id_token!]) {
      expect(everything).not.toContain(secret);
    }
    // Discovery, JWKS and the login pages are not recorded.
    expect(recorded.some((entry) => entry.path.includes('.well-known') || entry.path.includes('/interaction/'))).toBe(
      false,
    );

    const overHttp = (await (await fetch(`${sandbox.url}/_sandbox/received?vendor=oidc`)).json()) as ReceivedRequest[];
    expect(overHttp).toEqual(recorded);
    const since = recorded[recorded.length - 2]!.id;
    const tail = (await (
      await fetch(`${sandbox.url}/_sandbox/received?vendor=oidc&since=${since}`)
    ).json()) as ReceivedRequest[];
    expect(tail.map((entry) => entry.id)).toEqual([recorded[recorded.length - 1]!.id]);
  });

  it('skips the consent page for the first-party client and restores a session with prompt=none', async () => {
    const fresh = new Browser();
    const first = await authorize();
    const login = asPage(await fresh.navigate(first.url, REDIRECT_URI));
    const redirect = asRedirect(await fresh.submit(login, { login: 'bob.smith', password: 'x' }, REDIRECT_URI));
    const signedIn = await client.authorizationCodeGrant(config, new URL(redirect), {
      pkceCodeVerifier: first.verifier,
      expectedState: first.state,
      expectedNonce: first.nonce,
    });
    expect(signedIn.claims()).toMatchObject({
      sub: sandbox.vendors.oidc.subjectFor('bob.smith'),
      name: 'Bob Smith',
      email: 'bob.smith@example.com',
    });
    // oidc-client-ts does not ask for offline_access: refresh tokens are issued anyway.
    expect(signedIn.refresh_token).toBeTruthy();

    // A reload restores the session silently (no page), on another loopback port and host.
    const silent = await authorize({ prompt: 'none' }, 'http://localhost:5173/silent-callback');
    const back = asRedirect(await fresh.navigate(silent.url, 'http://localhost:5173/'));
    const restored = await client.authorizationCodeGrant(config, new URL(back), {
      pkceCodeVerifier: silent.verifier,
      expectedState: silent.state,
      expectedNonce: silent.nonce,
    });
    expect(restored.claims()?.sub).toBe(sandbox.vendors.oidc.subjectFor('bob.smith'));

    // Without a session, prompt=none comes back with login_required rather than a page.
    const stranger = await authorize({ prompt: 'none' });
    const denied = new URL(asRedirect(await new Browser().navigate(stranger.url, REDIRECT_URI)));
    expect(denied.searchParams.get('error')).toBe('login_required');
  });

  it('rejects a redirect URI that is not a loopback callback', async () => {
    const request = await authorize({}, 'https://evil.example/callback');
    const result = asPage(await new Browser().navigate(request.url, 'https://evil.example'));
    expect(result.status).toBe(400);
    expect(result.page).toContain('redirect_uri');
  });

  /** Signs `login` in with a fresh browser, then opens the provider's sign-out confirmation page. */
  const signOutPage = async (user: string, state: string) => {
    const fresh = new Browser();
    const request = await authorize();
    const login = asPage(await fresh.navigate(request.url, REDIRECT_URI));
    const redirect = asRedirect(await fresh.submit(login, { login: user, password: 'x' }, REDIRECT_URI));
    const signedIn = await client.authorizationCodeGrant(config, new URL(redirect), {
      pkceCodeVerifier: request.verifier,
      expectedState: request.state,
      expectedNonce: request.nonce,
    });
    const endSession = client.buildEndSessionUrl(config, {
      id_token_hint: signedIn.id_token!,
      post_logout_redirect_uri: POST_LOGOUT_URI,
      state,
    });
    return { fresh, signedIn, confirm: asPage(await fresh.navigate(endSession, POST_LOGOUT_URI)) };
  };

  it('signs out through RP-initiated logout back to a loopback post-logout URI', async () => {
    const { fresh, confirm } = await signOutPage('carol', 'bye');
    expect(confirm.page).toContain('Yes, sign me out');
    const landed = new URL(asRedirect(await fresh.submit(confirm, { logout: 'yes' }, POST_LOGOUT_URI)));
    expect(landed.searchParams.get('state')).toBe('bye');

    // The session is gone: prompt=none now needs a login.
    const after = await authorize({ prompt: 'none' });
    expect(new URL(asRedirect(await fresh.navigate(after.url, REDIRECT_URI))).searchParams.get('error')).toBe(
      'login_required',
    );
    const logout = sandbox.received({ vendor: 'oidc', route: 'end_session' }).at(-1)!;
    expect(logout.query.id_token_hint).toBe('[redacted]');
    expect(logout.query.post_logout_redirect_uri).toBe(POST_LOGOUT_URI);
    expect(sandbox.received({ vendor: 'oidc', route: 'end_session_confirm' }).map((entry) => entry.meta)).toEqual([
      { logout: 'everywhere' },
    ]);
  });

  it('"No, stay signed in" keeps the provider\'s session (prompt=none still answers) and ends this client\'s grant', async () => {
    const { fresh, signedIn, confirm } = await signOutPage('dora', 'stay');
    expect(confirm.page).toContain('No, stay signed in');
    const landed = new URL(asRedirect(await fresh.submit(confirm, {}, POST_LOGOUT_URI)));
    expect(landed.searchParams.get('state')).toBe('stay');
    expect(sandbox.received({ vendor: 'oidc', route: 'end_session_confirm' }).at(-1)?.meta).toEqual({
      logout: 'this client',
    });

    // The provider's session is still there: a silent sign-in gets a code without a login page …
    const after = await authorize({ prompt: 'none' });
    expect(new URL(asRedirect(await fresh.navigate(after.url, REDIRECT_URI))).searchParams.get('code')).toBeTruthy();
    // … while the grant the client held when it asked is gone.
    await expect(client.refreshTokenGrant(config, signedIn.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('allows CORS on the token endpoint from any loopback origin only', async () => {
    const preflight = (origin: string) =>
      fetch(`${issuer}/token`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    const ok = await preflight('http://127.0.0.1:4174');
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4174');
    const post = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: { origin: 'http://localhost:5173', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=refresh_token&refresh_token=nope&client_id=plinth-demo',
    });
    expect(post.status).toBe(400);
    expect(post.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const evil = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=refresh_token&refresh_token=nope&client_id=plinth-demo',
    });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });
});
