// @vitest-environment node
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../src/index';
import { asPage, asRedirect, Browser } from './support/browser';

const REDIRECT_URI = 'http://127.0.0.1:4174/callback';

let sandbox: Sandbox;
let config: client.Configuration;

// A real provider met by a SPA from another site (`cross-site-spa`): what @plinth/auth's journeys rely on.
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true, vendorOptions: { oidc: { profile: 'cross-site-spa' } } });
  config = await client.discovery(new URL(sandbox.vendors.oidc.issuer), 'plinth-demo', undefined, client.None(), {
    execute: [client.allowInsecureRequests],
  });
});

afterAll(async () => {
  await sandbox?.close();
});

async function signIn(scope: string, browser = new Browser()) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT_URI,
    scope,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  const page = asPage(await browser.navigate(url, REDIRECT_URI));
  const callback = asRedirect(await browser.submit(page, { login: 'ada', password: 'x' }, REDIRECT_URI));
  const tokens = await client.authorizationCodeGrant(config, new URL(callback), {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  return { tokens, browser };
}

describe('OIDC profile cross-site-spa', () => {
  it('announces no revocation and no end-session endpoint', () => {
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(sandbox.vendors.oidc.issuer); // the positive sentinel
    expect(metadata.revocation_endpoint).toBeUndefined();
    expect(metadata.end_session_endpoint).toBeUndefined();
    expect(metadata.scopes_supported).toContain('offline_access');
  });

  it('issues a refresh token only for offline_access (no prompt=consent needed), and thin ID tokens', async () => {
    const offline = await signIn('openid profile offline_access');
    expect(offline.tokens.refresh_token).toBeTruthy();
    const thin = offline.tokens.claims()!;
    expect(thin.sub).toBeTruthy();
    expect(thin.name).toBeUndefined(); // the profile only through UserInfo
    const info = await client.fetchUserInfo(config, offline.tokens.access_token, thin.sub);
    expect(info.name).toBe('Ada');
    const online = await signIn('openid profile');
    expect(online.tokens.access_token).toBeTruthy();
    expect(online.tokens.refresh_token).toBeUndefined();
  });

  it('answers prompt=none with login_required, as with third-party cookies blocked', async () => {
    const { browser } = await signIn('openid');
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid',
      prompt: 'none',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      state: 's',
    });
    const answer = new URL(asRedirect(await browser.navigate(url, REDIRECT_URI)));
    expect(answer.searchParams.get('error')).toBe('login_required');
  });

  it('refuses an unknown profile', async () => {
    await expect(
      startSandbox({ port: 0, quiet: true, vendorOptions: { oidc: { profile: 'kind' as 'sandbox' } } }),
    ).rejects.toThrow(/profile must be one of/);
  });
});
