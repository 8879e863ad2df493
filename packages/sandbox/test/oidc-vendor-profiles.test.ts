// @vitest-environment node
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSUMERS_TENANT, type OidcProfile, type Sandbox, startSandbox } from '../src/index';
import { asPage, asRedirect, Browser } from './support/browser';

// The providers' own quirks as profiles (OIDC_PROFILES: entra, cognito, keycloak, google), driven by hand:
// a relying party's library would refuse some of them (Entra's templated issuer), which is the point.

const REDIRECT_URI = 'http://127.0.0.1:4174/callback';
const sandboxes = new Map<OidcProfile, Sandbox>();

beforeAll(async () => {
  for (const profile of ['entra', 'cognito', 'keycloak', 'google'] as const)
    sandboxes.set(profile, await startSandbox({ port: 0, quiet: true, vendorOptions: { oidc: { profile } } }));
});
afterAll(async () => {
  await Promise.all([...sandboxes.values()].map((sandbox) => sandbox.close()));
});

const get = (profile: OidcProfile) => sandboxes.get(profile)!;
const discovery = async (profile: OidcProfile) =>
  (await (await fetch(`${get(profile).vendors.oidc.authority}/.well-known/openid-configuration`)).json()) as Record<
    string,
    unknown
  > & { authorization_endpoint: string; token_endpoint: string };
const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

/** The code flow by hand: returns the token response (or the token endpoint's error) and the browser. */
async function signIn(
  profile: OidcProfile,
  login: string,
  scope = 'openid profile email',
  extra: Record<string, string> = {},
) {
  const metadata = await discovery(profile);
  const verifier = randomBytes(32).toString('base64url');
  const url = new URL(metadata.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: 'plinth-demo',
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    scope,
    state: 's',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const browser = new Browser();
  const callback = new URL(
    asRedirect(
      await browser.submit(asPage(await browser.navigate(url, REDIRECT_URI)), { login, password: 'x' }, REDIRECT_URI),
    ),
  );
  const response = await fetch(metadata.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code') ?? '',
      redirect_uri: REDIRECT_URI,
      client_id: 'plinth-demo',
      code_verifier: verifier,
      ...extra,
    }),
  });
  return {
    callback,
    status: response.status,
    body: (await response.json()) as Record<string, string>,
    browser,
    metadata,
  };
}

describe('OIDC profile entra', () => {
  it("discovery's issuer is the {tenantid} template, served under any tenant, without RFC 9207 iss", async () => {
    const { issuer, authority } = get('entra').vendors.oidc;
    expect(issuer).toMatch(/\/oidc\/\{tenantid\}\/v2\.0$/);
    expect(authority).toBe(issuer.replace('{tenantid}', 'common'));
    const metadata = await discovery('entra');
    expect(metadata.issuer).toBe(issuer);
    expect(metadata.authorization_response_iss_parameter_supported).toBeUndefined();
    expect(metadata.revocation_endpoint).toBeUndefined();
  });

  it('ID tokens carry tid and iss with that tenant; personal accounts are the consumers tenant; iss can name another', async () => {
    const work = await signIn('entra', 'ada@contoso.example', 'openid profile email offline_access');
    expect(work.callback.searchParams.has('iss')).toBe(false);
    const claims = claimsOf(work.body.id_token!);
    expect(claims.tid).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.tid).not.toBe(CONSUMERS_TENANT);
    expect(claims.iss).toBe(get('entra').vendors.oidc.issuer.replace('{tenantid}', String(claims.tid)));
    expect(work.body.refresh_token).toBeTruthy(); // offline_access asked for
    const personal = claimsOf((await signIn('entra', 'ada@outlook.com')).body.id_token!);
    expect(personal.tid).toBe(CONSUMERS_TENANT);
    expect(personal.iss).toContain(`/${CONSUMERS_TENANT}/v2.0`);

    const control = `${get('entra').url}/_sandbox/oidc/id-token-tenant`;
    expect(
      (
        await fetch(control, {
          method: 'PUT',
          body: JSON.stringify({ tenant: 'another' }),
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(200);
    const forged = claimsOf((await signIn('entra', 'ada@contoso.example')).body.id_token!);
    expect(forged.tid).toBe(claims.tid);
    expect(forged.iss).toContain('/another/v2.0');
    await fetch(control, {
      method: 'PUT',
      body: JSON.stringify({ tenant: null }),
      headers: { 'content-type': 'application/json' },
    });
  });
});

describe('OIDC profile entra: signing keys', () => {
  it("each JWKS key carries issuer, the {tenantid} template, or one tenant's issuer when a test sets it", async () => {
    const jwksUri = String((await discovery('entra')).jwks_uri);
    const issuers = async () =>
      ((await (await fetch(jwksUri)).json()) as { keys: { issuer?: string }[] }).keys.map((key) => key.issuer);
    const issuer = get('entra').vendors.oidc.issuer;
    expect(issuer).toContain('{tenantid}');
    expect(await issuers()).toEqual([issuer]);
    const control = `${get('entra').url}/_sandbox/oidc/signing-key-tenant`;
    const put = (tenant: string | null) =>
      fetch(control, {
        method: 'PUT',
        body: JSON.stringify({ tenant }),
        headers: { 'content-type': 'application/json' },
      });
    expect((await put('f8cdef31-a31e-4b4a-93e4-5f571e91255a')).status).toBe(200);
    expect(await issuers()).toEqual([issuer.replace('{tenantid}', 'f8cdef31-a31e-4b4a-93e4-5f571e91255a')]);
    await put(null);
    expect(await issuers()).toEqual([issuer]);
    // Other profiles publish plain keys.
    const plain = (await (await fetch(String((await discovery('keycloak')).jwks_uri))).json()) as { keys: object[] };
    expect(plain.keys.every((key) => !('issuer' in key))).toBe(true);
  });
});

describe('OIDC profile cognito', () => {
  it('signs out through /logout with client_id and logout_uri only, ending the session without asking', async () => {
    const { browser, metadata } = await signIn('cognito', 'ada');
    const endSession = String(metadata.end_session_endpoint);
    expect(endSession).toMatch(/\/oidc\/logout$/);
    const standard = await browser.request(
      `${endSession}?post_logout_redirect_uri=${encodeURIComponent('http://127.0.0.1:4174/')}&id_token_hint=x`,
    );
    expect(standard.status).toBe(400);
    expect(await standard.text()).toContain('Required String parameter &#39;client_id&#39; is not present');
    const out = await browser.request(
      `${endSession}?client_id=plinth-demo&logout_uri=${encodeURIComponent('http://127.0.0.1:4174/')}`,
    );
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('http://127.0.0.1:4174/');
    const recorded = get('cognito').received({ vendor: 'oidc', route: 'end_session' });
    expect(recorded.map((entry) => [entry.status, entry.meta?.logout])).toEqual([
      [400, undefined],
      [302, 'everywhere'],
    ]);
    // The provider's session is gone: the next sign-in shows the login page again.
    const again = await browser.navigate(
      metadata.authorization_endpoint +
        '?client_id=plinth-demo&response_type=code&scope=openid&redirect_uri=' +
        encodeURIComponent(REDIRECT_URI) +
        '&code_challenge=' +
        'a'.repeat(43) +
        '&code_challenge_method=S256',
      REDIRECT_URI,
    );
    expect(asPage(again).page).toContain('Sign in');
  });

  it('revokes refresh tokens only (an access token: 400 unsupported_token_type) and is never framed', async () => {
    const { body, metadata } = await signIn('cognito', 'ada');
    const revoke = (token: string) =>
      fetch(String(metadata.revocation_endpoint), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token, client_id: 'plinth-demo' }),
      });
    const access = await revoke(body.access_token!);
    expect(access.status).toBe(400);
    expect(((await access.json()) as { error: string }).error).toBe('unsupported_token_type');
    expect((await revoke(body.refresh_token!)).status).toBe(200);
    const framed = await fetch(`${metadata.authorization_endpoint}?prompt=none`, {
      headers: { 'sec-fetch-dest': 'iframe' },
    });
    expect(framed.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('OIDC profile keycloak', () => {
  it('serves /realms/<realm>, a refresh token without offline_access, and reports an offline session with it', async () => {
    const { issuer } = get('keycloak').vendors.oidc;
    expect(issuer).toMatch(/\/oidc\/realms\/plinth$/);
    expect((await discovery('keycloak')).issuer).toBe(issuer);
    get('keycloak').clear();
    const online = await signIn('keycloak', 'ada', 'openid profile');
    expect(online.body.refresh_token).toBeTruthy();
    const offline = await signIn('keycloak', 'ada', 'openid profile offline_access');
    expect(offline.body.refresh_token).toBeTruthy();
    const exchanges = get('keycloak').received({ vendor: 'oidc', route: 'token' });
    expect(exchanges.map((entry) => entry.meta?.offlineSession ?? false)).toEqual([false, true]);
  });
});

describe('OIDC profile google', () => {
  it('wants the client secret at the token endpoint, and lists no offline_access', async () => {
    const metadata = await discovery('google');
    expect(metadata.scopes_supported).toEqual(['openid', 'email', 'profile']);
    expect(metadata.token_endpoint_auth_methods_supported).not.toContain('none');
    expect(metadata.end_session_endpoint).toBeUndefined();
    const browserOnly = await signIn('google', 'ada');
    expect([browserOnly.status, browserOnly.body]).toEqual([
      400,
      { error: 'invalid_request', error_description: 'client_secret is missing.' },
    ]);
    const withSecret = await signIn('google', 'ada', 'openid', { client_secret: 'plinth-google-secret' });
    expect(withSecret.status).toBe(200);
  });
});
