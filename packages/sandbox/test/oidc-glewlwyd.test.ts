// @vitest-environment node
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OIDC_PROFILES, type OidcOptions, type Sandbox, startSandbox } from '../src/index';
import { asPage, asRedirect, Browser } from './support/browser';
import { discover } from './support/oidc';

// What a real provider written by others does (Glewlwyd, in Debian: `validate_endpoint_auth` and
// `callback_check_intropect_revoke` in its src/plugin/protocol_oidc.c), one option at a time, then as the
// `glewlwyd` profile. Each option is set alone on its own sandbox; the kind sandbox is the control.

const REDIRECT_URI = 'http://127.0.0.1:4174/callback';
const POST_LOGOUT_URI = 'http://127.0.0.1:4174/';

interface Provider {
  sandbox: Sandbox;
  config: client.Configuration;
}
const providers = new Map<string, Provider>();
const SETUPS: Record<string, Partial<OidcOptions>> = {
  kind: {},
  nonce: { nonce: 'required' },
  hint: { silentSignIn: 'id_token_hint' },
  noSession: { noSessionError: 'interaction_required' },
  revocation: { publicClientRevocation: false },
  noCancel: { loginCancel: false },
  noRefreshIdToken: { refreshIdTokens: false },
  glewlwyd: { profile: 'glewlwyd' },
};

beforeAll(async () => {
  await Promise.all(
    Object.entries(SETUPS).map(async ([name, oidc]) => {
      const sandbox = await startSandbox({ port: 0, quiet: true, vendorOptions: { oidc } });
      providers.set(name, { sandbox, config: await discover(sandbox) });
    }),
  );
});

afterAll(async () => {
  await Promise.all([...providers.values()].map(({ sandbox }) => sandbox.close()));
});

const on = (name: keyof typeof SETUPS) => providers.get(name)!;

/** An authorization request (code + PKCE, `state`; a `nonce` unless `nonce: ''`), with its secrets. */
async function authorize({ config }: Provider, extra: Record<string, string> = {}) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const { nonce = client.randomNonce(), ...rest } = extra;
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT_URI,
    scope: 'openid profile email',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...(nonce ? { nonce } : {}),
    ...rest,
  });
  return { url, verifier, state, nonce };
}

/** The answer at the redirect URI as parameters. */
const answerOf = (redirect: string) => new URL(redirect).searchParams;

/** Exchanges the code of `callback` for tokens. */
function exchange({ config }: Provider, callback: string, request: { verifier: string; state: string; nonce: string }) {
  return client.authorizationCodeGrant(config, new URL(callback), {
    pkceCodeVerifier: request.verifier,
    expectedState: request.state,
    ...(request.nonce ? { expectedNonce: request.nonce } : {}),
  });
}

/** Signs in on the provider's page as `login`: the browser (with the provider's session) and the tokens. */
async function signIn(provider: Provider, login = 'gwen', browser = new Browser()) {
  const request = await authorize(provider);
  const page = asPage(await browser.navigate(request.url, REDIRECT_URI));
  const callback = asRedirect(await browser.submit(page, { login, password: 'x' }, REDIRECT_URI));
  return { browser, page, tokens: await exchange(provider, callback, request) };
}

/** A silent sign-in (`prompt=none`) in `browser`, with `extra` parameters: the answer at the redirect URI. */
async function silently(provider: Provider, browser: Browser, extra: Record<string, string> = {}) {
  const request = await authorize(provider, { prompt: 'none', ...extra });
  return { request, redirect: asRedirect(await browser.navigate(request.url, REDIRECT_URI)) };
}

describe("nonce: 'required'", () => {
  it('answers an openid request without nonce invalid_request "nonce required" at the redirect URI; with one, the sign-in page', async () => {
    const without = await authorize(on('nonce'), { nonce: '' });
    expect(without.url.searchParams.has('nonce')).toBe(false);
    const answer = answerOf(asRedirect(await new Browser().navigate(without.url, REDIRECT_URI)));
    expect(answer.get('error')).toBe('invalid_request');
    expect(answer.get('error_description')).toBe('nonce required');
    expect(answer.get('state')).toBe(without.state);
    const recorded = on('nonce').sandbox.received({ vendor: 'oidc', route: 'authorization' }).at(-1)!;
    expect(recorded.error).toBe('invalid_request: nonce required');

    const { tokens } = await signIn(on('nonce'));
    expect(tokens.claims()!.nonce).toBeTruthy();
    // Without the openid scope there is no ID token, so no nonce is asked for.
    const plain = await authorize(on('nonce'), { nonce: '', scope: 'profile' });
    expect(asPage(await new Browser().navigate(plain.url, REDIRECT_URI)).page).toContain('name="login"');
  });

  it("'optional' (the default) signs in without a nonce", async () => {
    const request = await authorize(on('kind'), { nonce: '' });
    const browser = new Browser();
    const page = asPage(await browser.navigate(request.url, REDIRECT_URI));
    const callback = asRedirect(await browser.submit(page, { login: 'gwen', password: 'x' }, REDIRECT_URI));
    expect((await exchange(on('kind'), callback, request)).claims()!.nonce).toBeUndefined();
  });
});

describe("silentSignIn: 'id_token_hint'", () => {
  it('answers prompt=none only with the last ID token issued to the client for the account', async () => {
    const provider = on('hint');
    const { browser, tokens } = await signIn(provider);
    const first = tokens.id_token!;

    const none = answerOf((await silently(provider, browser)).redirect);
    expect([none.get('error'), none.get('error_description')]).toEqual(['invalid_request', 'id_token mandatory']);

    const hinted = await silently(provider, browser, { id_token_hint: first });
    expect(answerOf(hinted.redirect).get('code')).toBeTruthy();
    const second = (await exchange(provider, hinted.redirect, hinted.request)).id_token!;
    expect(second).not.toBe(first);

    // The first is no longer the last one: refused.
    const stale = answerOf((await silently(provider, browser, { id_token_hint: first })).redirect);
    expect([stale.get('error'), stale.get('error_description')]).toEqual(['invalid_request', 'id_token invalid']);
    // A refresh that returns an ID token makes it the last one.
    const renewed = await client.refreshTokenGrant(provider.config, tokens.refresh_token!);
    expect(renewed.id_token).toBeTruthy();
    const beforeRefresh = answerOf((await silently(provider, browser, { id_token_hint: second })).redirect);
    expect(beforeRefresh.get('error_description')).toBe('id_token invalid');
    expect(
      answerOf((await silently(provider, browser, { id_token_hint: renewed.id_token! })).redirect).get('code'),
    ).toBeTruthy();
    // Another account's ID token, in this account's session: refused too.
    const other = await signIn(provider, 'olga');
    const foreign = answerOf((await silently(provider, browser, { id_token_hint: other.tokens.id_token! })).redirect);
    expect(foreign.get('error_description')).toBe('id_token invalid');
  });

  it("'session' (the default) answers prompt=none with the session alone", async () => {
    const { browser } = await signIn(on('kind'));
    expect(answerOf((await silently(on('kind'), browser)).redirect).get('code')).toBeTruthy();
  });
});

describe('refreshIdTokens: false', () => {
  it("answers a refresh with no ID token, so the last one stays the code exchange's; the default issues one", async () => {
    const provider = on('noRefreshIdToken');
    const { tokens } = await signIn(provider);
    expect(tokens.id_token).toBeTruthy();
    const refreshed = await client.refreshTokenGrant(provider.config, tokens.refresh_token!);
    expect(refreshed.access_token).toBeTruthy();
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.id_token).toBeUndefined();
    const kind = await signIn(on('kind'));
    expect((await client.refreshTokenGrant(on('kind').config, kind.tokens.refresh_token!)).id_token).toBeTruthy();
  });
});

describe("noSessionError: 'interaction_required'", () => {
  it('answers prompt=none without a session interaction_required, with no description; the default login_required', async () => {
    const answer = answerOf((await silently(on('noSession'), new Browser())).redirect);
    expect(answer.get('error')).toBe('interaction_required');
    expect(answer.has('error_description')).toBe(false);
    expect(answer.get('state')).toBeTruthy();
    const recorded = on('noSession').sandbox.received({ vendor: 'oidc', route: 'authorization' }).at(-1)!;
    expect(recorded.error).toBe('interaction_required');

    expect(answerOf((await silently(on('kind'), new Browser())).redirect).get('error')).toBe('login_required');
    // With a session, silent sign-in still works.
    const { browser } = await signIn(on('noSession'));
    expect(answerOf((await silently(on('noSession'), browser)).redirect).get('code')).toBeTruthy();
  });
});

describe('publicClientRevocation: false', () => {
  it('answers a public client 401 invalid_client and revokes nothing; the default revokes', async () => {
    const provider = on('revocation');
    const { tokens } = await signIn(provider);
    await expect(
      client.tokenRevocation(provider.config, tokens.refresh_token!, { token_type_hint: 'refresh_token' }),
    ).rejects.toMatchObject({ status: 401, error: 'invalid_client' });
    await expect(client.tokenRevocation(provider.config, 'never-issued')).rejects.toMatchObject({ status: 401 });
    const recorded = provider.sandbox.received({ vendor: 'oidc', route: 'revocation' }).at(-1)!;
    expect(recorded).toMatchObject({ status: 401, error: expect.stringMatching(/^invalid_client/) });
    // Nothing was revoked: the refresh token still renews.
    expect((await client.refreshTokenGrant(provider.config, tokens.refresh_token!)).access_token).toBeTruthy();

    const kind = await signIn(on('kind'));
    await client.tokenRevocation(on('kind').config, kind.tokens.refresh_token!, { token_type_hint: 'refresh_token' });
    await expect(client.refreshTokenGrant(on('kind').config, kind.tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });
});

describe('loginCancel: false', () => {
  it('offers no Cancel on the sign-in page (visitors press Back); the default offers one', async () => {
    const { page } = await signIn(on('noCancel'));
    expect(page.page).toContain('name="login"');
    expect(page.page).not.toMatch(/\/abort"|>Cancel</);
    const kind = await signIn(on('kind'));
    expect(kind.page.page).toMatch(/href="[^"]*\/abort">Cancel</);
  });
});

describe('profile glewlwyd', () => {
  it('is every option above at once, and no RFC 9207 iss', () => {
    expect(OIDC_PROFILES.glewlwyd).toEqual({
      nonce: 'required',
      silentSignIn: 'id_token_hint',
      refreshIdTokens: false,
      noSessionError: 'interaction_required',
      publicClientRevocation: false,
      loginCancel: false,
      authorizationResponseIss: false, // Glewlwyd's `oauth-as-iss-id`, off by default
    });
  });

  it('signs in with a nonce only, renews silently with the last ID token, refuses public revocation, asks before sign-out', async () => {
    const provider = on('glewlwyd');
    const without = await authorize(provider, { nonce: '' });
    expect(answerOf(asRedirect(await new Browser().navigate(without.url, REDIRECT_URI))).get('error_description')).toBe(
      'nonce required',
    );
    expect(answerOf((await silently(provider, new Browser())).redirect).get('error')).toBe('interaction_required');

    const { browser, page, tokens } = await signIn(provider);
    expect(page.page).not.toContain('/abort');
    expect(answerOf((await silently(provider, browser)).redirect).get('error_description')).toBe('id_token mandatory');
    const hinted = await silently(provider, browser, { id_token_hint: tokens.id_token! });
    expect(answerOf(hinted.redirect).get('code')).toBeTruthy();
    expect(answerOf(hinted.redirect).has('iss')).toBe(false);
    expect(provider.config.serverMetadata().authorization_response_iss_parameter_supported).toBeUndefined();
    const renewed = await exchange(provider, hinted.redirect, hinted.request);

    await expect(client.tokenRevocation(provider.config, tokens.refresh_token!)).rejects.toMatchObject({ status: 401 });
    // A refresh issues no ID token: the last one stays the code exchange's.
    const refreshed = await client.refreshTokenGrant(provider.config, tokens.refresh_token!);
    expect(refreshed.access_token).toBeTruthy();
    expect(refreshed.id_token).toBeUndefined();
    const still = await silently(provider, browser, { id_token_hint: renewed.id_token! });
    expect(answerOf(still.redirect).get('code')).toBeTruthy();

    // RP-initiated sign-out asks first ("Sign out?"), as Glewlwyd's end-session page does.
    const logout = client.buildEndSessionUrl(provider.config, {
      id_token_hint: renewed.id_token!,
      post_logout_redirect_uri: POST_LOGOUT_URI,
    });
    const confirm = asPage(await browser.navigate(logout, POST_LOGOUT_URI));
    expect(confirm.page).toContain('Sign out?');
    expect(asRedirect(await browser.submit(confirm, { logout: 'yes' }, POST_LOGOUT_URI))).toBe(POST_LOGOUT_URI);
  });
});
