// @vitest-environment node
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountClaims, type Sandbox, startSandbox } from '../src/index';
import { asPage, asRedirect, Browser } from './support/browser';
import { discover } from './support/oidc';

const REDIRECT_URI = 'http://127.0.0.1:4174/callback';

let sandbox: Sandbox;
let config: client.Configuration;

beforeAll(async () => {
  // Short lifetimes, as @plinth/auth's two-tab renewal test sets them.
  sandbox = await startSandbox({
    port: 0,
    quiet: true,
    vendorOptions: { oidc: { accessTokenTtl: 2, idTokenTtl: 3, refreshTokenTtl: 60, clientId: 'my-spa' } },
  });
  config = await discover(sandbox, 'my-spa');
});

afterAll(async () => {
  await sandbox?.close();
});

async function authorize(extra: Record<string, string> = {}, on = config) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(on, {
    redirect_uri: REDIRECT_URI,
    scope: 'openid profile email',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...extra,
  });
  return { url, verifier, state };
}

async function signIn(login: string, browser = new Browser(), extra: Record<string, string> = {}) {
  const request = await authorize(extra);
  const page = asPage(await browser.navigate(request.url, REDIRECT_URI));
  const callback = asRedirect(await browser.submit(page, { login, password: 'x' }, REDIRECT_URI));
  return client.authorizationCodeGrant(config, new URL(callback), {
    pkceCodeVerifier: request.verifier,
    expectedState: request.state,
  });
}

/** Every host an HTML page would make the browser contact: absolute and protocol-relative URLs. */
function hostsIn(html: string): string[] {
  return [...html.matchAll(/(?:https?:)?\/\/([^\s"'<>/?#)]+)/gi)].map((match) => match[1]!.toLowerCase());
}
const LOOPBACK = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/;

describe('OIDC: opaque, stable subjects', () => {
  it('issues a keyed hash of the email as sub, with email and name as their own claims', async () => {
    const tokens = await signIn('alice');
    const sub = tokens.claims()!.sub;
    expect(sub).toMatch(/^[\w-]{24}$/);
    expect(sub.toLowerCase()).not.toContain('alice');
    expect(tokens.claims()).toMatchObject({ sub, email: 'alice@example.com', name: 'Alice', email_verified: true });
    const info = await client.fetchUserInfo(config, tokens.access_token, sub);
    expect(info).toMatchObject({ sub, email: 'alice@example.com', name: 'Alice' });

    // Stable: the same person by login or email, in this sandbox or any other, gets the same sub.
    expect(sandbox.vendors.oidc.subjectFor('alice')).toBe(sub);
    expect(sandbox.vendors.oidc.subjectFor(' Alice@Example.com ')).toBe(sub);
    expect(accountClaims('alice').sub).toBe(sub);
    expect((await signIn('alice@example.com')).claims()!.sub).toBe(sub);
    // Opaque per person, and per key.
    expect(sandbox.vendors.oidc.subjectFor('bob')).not.toBe(sub);
    expect(accountClaims('alice', 'another key').sub).not.toBe(sub);
    expect(sandbox.vendors.oidc.claimsFor('bob.smith')).toMatchObject({
      name: 'Bob Smith',
      email: 'bob.smith@example.com',
    });
    // The token exchange is recorded with the subject it was for.
    const exchange = sandbox.received({ vendor: 'oidc', route: 'token' }).at(-1)!;
    expect(exchange.meta).toEqual({ sub });
  });
});

describe('OIDC: token lifetimes, rotation and revocation', () => {
  it('issues tokens with the configured lifetimes to the configured client', async () => {
    const tokens = await signIn('carol');
    expect(tokens.expires_in).toBeLessThanOrEqual(2);
    expect(tokens.expires_in).toBeGreaterThan(0);
    const claims = tokens.claims()!;
    expect(claims.aud).toBe('my-spa');
    expect(claims.exp - claims.iat).toBe(3);
  });

  it('rotates refresh tokens: the old one is refused after use', async () => {
    const tokens = await signIn('dave');
    const first = tokens.refresh_token!;
    const renewed = await client.refreshTokenGrant(config, first);
    expect(renewed.refresh_token).toBeTruthy();
    expect(renewed.refresh_token).not.toBe(first);
    await expect(client.refreshTokenGrant(config, first)).rejects.toMatchObject({ error: 'invalid_grant' });
    const refused = sandbox.received({ vendor: 'oidc', route: 'token' }).at(-1)!;
    expect(refused.status).toBe(400);
    expect(refused.error).toMatch(/^invalid_grant/);
  });

  it('records which token a revocation revoked, and the refusals that follow', async () => {
    const tokens = await signIn('erin');
    await client.tokenRevocation(config, tokens.access_token, { token_type_hint: 'access_token' });
    await client.tokenRevocation(config, tokens.access_token);
    const revocations = sandbox.received({ vendor: 'oidc', route: 'revocation' });
    expect(revocations.slice(-2).map((entry) => [entry.status, entry.meta])).toEqual([
      [200, { revoked: 'AccessToken', grant: 'revoked' }],
      // Already gone: RFC 7009 still answers 200, the recording says nothing was revoked, and why.
      [200, { revoked: null, token: 'AccessToken', reason: 'already revoked' }],
    ]);

    const userinfo = await fetch(`${sandbox.vendors.oidc.issuer}/me`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(userinfo.status).toBe(401);
    const refusedInfo = sandbox.received({ vendor: 'oidc', route: 'userinfo' }).at(-1)!;
    expect(refusedInfo).toMatchObject({ status: 401, error: expect.stringMatching(/^invalid_token/) });

    // Revoking an access token revokes its grant: the refresh token is refused too.
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('records a refresh + access pair as a sign-out sends it: the grant goes with the first, the second finds it gone', async () => {
    const tokens = await signIn('frank');
    await client.tokenRevocation(config, tokens.refresh_token!, { token_type_hint: 'refresh_token' });
    await client.tokenRevocation(config, tokens.access_token, { token_type_hint: 'access_token' });
    await client.tokenRevocation(config, 'never-issued', { token_type_hint: 'access_token' });
    const revocations = sandbox.received({ vendor: 'oidc', route: 'revocation' });
    expect(revocations.slice(-3).map((entry) => entry.meta)).toEqual([
      { revoked: 'RefreshToken', grant: 'revoked' },
      { revoked: null, token: 'AccessToken', reason: 'already revoked' },
      { revoked: null, reason: 'unknown token' },
    ]);
    // True: the access token no longer opens anything.
    const userinfo = await fetch(`${sandbox.vendors.oidc.issuer}/me`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(userinfo.status).toBe(401);
  });

  it('issues refresh tokens only with offline_access + consent when told to', async () => {
    const strict = await startSandbox({
      port: 0,
      quiet: true,
      vendorOptions: { oidc: { refreshTokens: 'offline_access' } },
    });
    try {
      const strictConfig = await discover(strict);
      const run = async (extra: Record<string, string>) => {
        const browser = new Browser();
        const verifier = client.randomPKCECodeVerifier();
        const url = client.buildAuthorizationUrl(strictConfig, {
          redirect_uri: REDIRECT_URI,
          scope: 'openid',
          code_challenge: await client.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          ...extra,
        });
        let result = await browser.navigate(url, REDIRECT_URI);
        for (let step = 0; 'page' in result && step < 3; step++) {
          result = await browser.submit(result, { login: 'frank', password: 'x' }, REDIRECT_URI);
        }
        return client.authorizationCodeGrant(strictConfig, new URL(asRedirect(result)), {
          pkceCodeVerifier: verifier,
          expectedState: client.skipStateCheck,
        });
      };
      expect((await run({})).refresh_token).toBeUndefined();
      expect((await run({ scope: 'openid offline_access', prompt: 'consent' })).refresh_token).toBeTruthy();
    } finally {
      await strict.close();
    }
  });
});

describe('OIDC: the sign-in pages are the sandbox own and load nothing from outside 127.0.0.1', () => {
  it('serves a sign-in page with no non-loopback URL, then a consent page likewise', async () => {
    const browser = new Browser();
    const request = await authorize({ prompt: 'consent', login_hint: 'grace' });
    const login = asPage(await browser.navigate(request.url, REDIRECT_URI));
    expect(login.status).toBe(200);
    expect(login.page).toContain('name="login"');
    expect(login.page).toContain('value="grace"');
    // A positive sentinel first: the page does reference its own (relative) form target…
    expect(login.page).toMatch(/action="\/oidc\/interaction\/[\w-]+"/);
    // …and nothing on another host: no CDN fonts, scripts, styles or images.
    expect(hostsIn(login.page).filter((host) => !LOOPBACK.test(host))).toEqual([]);
    expect(login.page).not.toMatch(/@import|<link\b|<script\b/i);

    const consent = asPage(await browser.submit(login, { login: 'grace', password: 'x' }, REDIRECT_URI));
    expect(consent.page).toContain('name="prompt" value="consent"');
    expect(hostsIn(consent.page).filter((host) => !LOOPBACK.test(host))).toEqual([]);
    expect(asRedirect(await browser.submit(consent, {}, REDIRECT_URI))).toContain('code=');
    // The pages are not recorded; the authorization requests around them are.
    const recorded = sandbox.received({ vendor: 'oidc' });
    expect(recorded.some((entry) => entry.route === 'authorization')).toBe(true);
    expect(recorded.some((entry) => entry.path.includes('/interaction/'))).toBe(false);
  });

  it('says what is wrong on an empty login, an aborted sign-in and an unknown sign-in attempt', async () => {
    const browser = new Browser();
    const request = await authorize();
    const login = asPage(await browser.navigate(request.url, REDIRECT_URI));
    const empty = asPage(await browser.submit(login, { login: '  ', password: 'x' }, REDIRECT_URI));
    expect(empty.status).toBe(400);
    expect(empty.page).toContain('role="alert"');

    const abort = /href="([^"]*\/abort)"/.exec(login.page)![1]!;
    const denied = new URL(asRedirect(await browser.navigate(new URL(abort, login.url), REDIRECT_URI)));
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe(request.state);

    const stale = asPage(await new Browser().navigate(`${sandbox.vendors.oidc.issuer}/interaction/nope`, REDIRECT_URI));
    expect(stale.status).toBe(400);
    expect(stale.page).toContain('Sign-in expired');
    expect(hostsIn(stale.page).filter((host) => !LOOPBACK.test(host))).toEqual([]);
  });
});

describe('OIDC: sessionCookieSameSite', () => {
  const cookiesOfAuthorize = async (options: Record<string, unknown>) => {
    const other = await startSandbox({ port: 0, quiet: true, vendorOptions: { oidc: options } });
    try {
      const { url } = await authorize({}, await discover(other));
      const response = await fetch(url, { redirect: 'manual' });
      expect(response.status).toBe(303);
      return response.headers.getSetCookie();
    } finally {
      await other.close();
    }
  };

  it("'none' sends every cookie SameSite=None; Secure, once each (real providers'); the default keeps oidc-provider's Lax", async () => {
    const none = await cookiesOfAuthorize({ sessionCookieSameSite: 'none' });
    expect(none.length).toBeGreaterThanOrEqual(2);
    for (const cookie of none) {
      expect(cookie.match(/samesite=\w+/gi)).toEqual(['samesite=none']);
      expect(cookie.match(/;\s*secure/gi)).toHaveLength(1);
    }
    const lax = await cookiesOfAuthorize({});
    expect(lax.length).toBeGreaterThanOrEqual(2);
    for (const cookie of lax) {
      expect(cookie.match(/samesite=\w+/gi)).toEqual(['samesite=lax']);
      expect(cookie).not.toMatch(/;\s*secure/i);
    }
  });
});
