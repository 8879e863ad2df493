import { test as base, expect, type Page } from '@playwright/test';
import { ORIGIN } from '../playwright.config';
import { type Recorded, received, sandboxAt, withSettings } from './support';

// @plinth/auth as an OpenID relying party against providers that are not ours: the hostile provider
// (e2e/hostile-provider.mjs) mints the forged answers oidc-provider never would, and a second sandbox
// plays a real provider met from another site (profile `cross-site-spa`). Every journey goes through
// the public API in the journeys' app (e2e/app/main.tsx), which reads its settings from sessionStorage.

const HOSTILE = sandboxAt(1);
const STRICT = sandboxAt(2);

interface HostileRequest {
  method: string;
  path: string;
  grant?: string;
}

const test = base.extend<{ errors: string[] }>({
  errors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.request.delete(`${HOSTILE}/_requests`);
      await page.request.delete(`${STRICT}/_sandbox/received`);
      await use(errors);
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
});

const hostileRequests = async (page: Page): Promise<HostileRequest[]> =>
  (await page.request.get(`${HOSTILE}/_requests`)).json();

async function scenario(page: Page, name: string, extra: Record<string, unknown> = {}) {
  const response = await page.request.put(`${HOSTILE}/_scenario`, { data: { name, ...extra } });
  expect(response.ok()).toBe(true);
}

/** Every web-storage entry and cookie of the page, to show no token was kept. */
const stored = (page: Page) =>
  page.evaluate(() => [...Object.values(localStorage), ...Object.values(sessionStorage), document.cookie].join('\n'));

/** A JWT-shaped string (header.payload.signature, base64url). */
const JWT = /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]*/;

const rejections: { name: string; why: string; code: string; exchanged: boolean; settings?: object }[] = [
  { name: 'iss', why: 'an ID token from another issuer', code: 'invalid_id_token', exchanged: true },
  { name: 'aud', why: 'an ID token for another client', code: 'invalid_id_token', exchanged: true },
  { name: 'azp', why: 'several audiences and azp naming another client', code: 'invalid_id_token', exchanged: true },
  { name: 'exp', why: 'an ID token that expired ten minutes ago', code: 'invalid_id_token', exchanged: true },
  { name: 'iat', why: 'an ID token without iat', code: 'invalid_id_token', exchanged: true },
  { name: 'signature', why: 'a corrupted signature', code: 'invalid_id_token', exchanged: true },
  { name: 'unpublished-key', why: 'a key the provider never published', code: 'invalid_id_token', exchanged: true },
  { name: 'none', why: 'alg: none', code: 'invalid_id_token', exchanged: true },
  { name: 'hs256-public-key', why: 'HMAC keyed with the public key', code: 'invalid_id_token', exchanged: true },
  {
    name: 'response-iss',
    why: 'an authorization response from another issuer (RFC 9207)',
    code: 'issuer_mismatch',
    exchanged: false,
  },
  {
    name: 'response-iss-missing',
    why: 'an authorization response without the iss the provider announces (RFC 9207)',
    code: 'issuer_mismatch',
    exchanged: false,
  },
  {
    name: 'userinfo-sub',
    why: "UserInfo for another subject than the ID token's",
    code: 'userinfo_mismatch',
    exchanged: true,
    settings: { loadUserInfo: true },
  },
];

for (const { name, why, code, exchanged, settings } of rejections) {
  test(`refuses ${why}: not signed in, ${code}, no token kept, no loop`, async ({ page }) => {
    await scenario(page, name);
    await withSettings(page, { authority: HOSTILE, clientId: 'plinth-demo', ...settings });
    await page.goto('/signin?returnTo=/account');
    await expect(page.getByTestId('error-code')).toHaveText(code);
    await expect(page.getByTestId('status')).toHaveText('error');
    await expect(page.getByTestId('fallback')).toBeVisible();
    expect(page.url()).toBe(`${ORIGIN}/account`);
    // After the sentinel above: one authorization request (no loop), the code exchanged or not, nothing kept.
    const requests = await hostileRequests(page);
    expect(requests.filter((r) => r.path === '/authorize')).toHaveLength(1);
    expect(requests.filter((r) => r.path === '/token')).toHaveLength(exchanged ? 1 : 0);
    expect(await stored(page)).not.toMatch(JWT);
  });
}

test('refuses a discovery document naming another issuer before any redirect', async ({ page }) => {
  await scenario(page, 'discovery-issuer');
  await withSettings(page, { authority: HOSTILE, clientId: 'plinth-demo' });
  await page.goto('/signin?returnTo=/account');
  await expect(page.getByTestId('error-code')).toHaveText('issuer_mismatch');
  await expect(page.getByRole('alert')).toContainText('discovery');
  expect(page.url()).toBe(`${ORIGIN}/signin?returnTo=/account`);
  const requests = await hostileRequests(page);
  expect(requests.some((r) => r.path === '/.well-known/openid-configuration')).toBe(true);
  expect(requests.filter((r) => r.path === '/authorize' || r.path === '/token')).toEqual([]);
});

for (const { name, what } of [
  { name: 'good', what: 'an ID token with a kid' },
  { name: 'no-kid', what: 'an ID token without kid against the single published key' },
]) {
  test(`accepts ${what}`, async ({ page }) => {
    await scenario(page, name);
    await withSettings(page, { authority: HOSTILE, clientId: 'plinth-demo' });
    await page.goto('/signin?returnTo=/account');
    await expect(page.getByTestId('name')).toHaveText('Mallory Example');
    await expect(page.getByTestId('status')).toHaveText('signedIn');
    expect((await hostileRequests(page)).filter((r) => r.path === '/jwks')).toHaveLength(1);
  });
}

test('accepts a renewal signed with a rotated key (the key set is fetched again once)', async ({ page }) => {
  await scenario(page, 'good', { expiresIn: 6 });
  await withSettings(page, { authority: HOSTILE, clientId: 'plinth-demo' });
  await page.goto('/signin?returnTo=/account');
  await expect(page.getByTestId('name')).toHaveText('Mallory Example');
  // The provider rotates its signing key: the next ID token has a kid the page's key set does not hold.
  await scenario(page, 'rotated');
  await expect
    .poll(async () => (await hostileRequests(page)).filter((r) => r.grant === 'refresh_token').length, {
      timeout: 20_000,
    })
    .toBe(1);
  await expect(page.getByTestId('expires')).not.toHaveText('');
  await expect(page.getByTestId('status')).toHaveText('signedIn');
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect((await hostileRequests(page)).filter((r) => r.path === '/jwks')).toHaveLength(2);
});

// ---------------------------------------------------------------------------------------------------
// The sandbox as a real provider on another site (`cross-site-spa`): refresh tokens only for
// offline_access, prompt=none answered login_required, no revocation or end-session endpoint, thin ID
// tokens (the name comes from UserInfo); access tokens live 15 s.

const strictReceived = (page: Page, route: string): Promise<Recorded[]> => received(page, STRICT, route);

async function signInStrict(page: Page, settings: Record<string, unknown> = {}) {
  await withSettings(page, { authority: `${STRICT}/oidc`, clientId: 'plinth-demo', loadUserInfo: true, ...settings });
  await page.goto('/account');
  await page.waitForURL((url) => url.href.startsWith(`${STRICT}/oidc/interaction/`));
  await page.getByLabel('Login').fill('ada.lovelace');
  await page.getByLabel('Password').fill('anything');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('name')).toHaveText('Ada Lovelace'); // from UserInfo: the ID token is thin
}

test('15 s access tokens, refresh tokens only for offline_access, no iframe: still signed in a minute later', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInStrict(page);
  const [authorization] = await strictReceived(page, 'authorization');
  expect(String(authorization?.query?.scope).split(' ')).toContain('offline_access');
  // A minute of 15 s tokens: renewed through refresh-token grants (about every 10 s), never interactively.
  await expect
    .poll(async () => (await strictReceived(page, 'token')).filter((e) => e.body?.grant_type === 'refresh_token'), {
      timeout: 90_000,
      intervals: [5_000],
    })
    .toHaveLength(6);
  await page.getByRole('button', { name: 'Get token' }).click();
  await expect(page.getByTestId('tokens')).toHaveText('1');
  await expect(page.getByTestId('status')).toHaveText('signedIn');
  const refreshes = (await strictReceived(page, 'token')).filter((e) => e.body?.grant_type === 'refresh_token');
  expect(refreshes.filter((e) => e.status !== 200)).toEqual([]);
  expect(await strictReceived(page, 'authorization')).toHaveLength(1); // no second redirect, no iframe
});

test('a session that cannot be renewed is reported before it lapses, then ends', async ({ page }) => {
  test.setTimeout(60_000);
  // No offline_access: no refresh token, and the iframe's prompt=none is answered login_required.
  await signInStrict(page, { offlineAccess: false });
  const expiresAt = Number(await page.getByTestId('expires').textContent());
  await expect(page.getByTestId('error-code')).toHaveText('login_required');
  await expect(page.getByTestId('status')).toHaveText('signedIn'); // reported while still usable
  expect(Date.now()).toBeLessThan(expiresAt * 1000);
  await expect(page.getByTestId('status')).toHaveText('sessionExpired');
  expect(Date.now()).toBeGreaterThanOrEqual(expiresAt * 1000 - 1000);
});

test('sign-out without revocation or end-session endpoints: signed out here, nothing sent, no redirect', async ({
  page,
}) => {
  await signInStrict(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('status')).toHaveText('signedOut');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(ORIGIN);
  expect(await strictReceived(page, 'revocation')).toEqual([]);
  expect(await strictReceived(page, 'end_session')).toEqual([]);
});
