import { expect, type Page } from '@playwright/test';
import { ORIGIN } from '../playwright.config';
import { journeyTest, login, type Recorded, received as recorded, sandboxAt, withSettings } from './support';

// The token-mediating backend (`@plinth/auth/server`, mounted by e2e/serve.mjs at /api/auth/token) against the
// sandbox's `google` profile: its token endpoint wants the client secret (400 "client_secret is missing."
// without it), and prompt=none in an iframe is answered login_required (third-party cookies blocked), so only a
// renewal through the backend keeps a session across a reload. Access tokens live 8 s.

const GOOGLE = sandboxAt(7);
const BACKEND = '/api/auth/token';

const test = journeyTest(GOOGLE);

const received = (page: Page, route: string): Promise<Recorded[]> => recorded(page, GOOGLE, route);

async function signIn(page: Page, name: string) {
  await page.goto('/account');
  await login(page, GOOGLE, name);
}

const backendCookies = async (page: Page) =>
  (await page.context().cookies(`${ORIGIN}${BACKEND}`)).filter((cookie) => cookie.name.includes('plinth'));

test('without a backend, a provider that wants the client secret fails at the token request', async ({ page }) => {
  // Not named google (so not refused at creation): the code exchange is tried from the browser, without a secret.
  await withSettings(page, { authority: `${GOOGLE}/oidc` });
  await signIn(page, 'ada');
  await expect(page.getByTestId('error-code')).toHaveText('provider'); // the provider's own error: invalid_request
  await expect(page.getByRole('alert')).toContainText('client_secret is missing.');
  expect((await received(page, 'token')).map((entry) => entry.status)).toEqual([400]);
});

test('Google through the backend: sign-in, reload with no iframe, renewal past the access token, sign-out', async ({
  page,
}) => {
  const browserSaw: Record<string, unknown>[] = [];
  const direct: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${GOOGLE}/oidc/token`)) direct.push(request.url());
  });
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname === BACKEND && response.request().method() === 'POST')
      browserSaw.push(await response.json().catch(() => ({})));
  });
  await withSettings(page, { authority: `${GOOGLE}/oidc`, provider: 'google', backend: BACKEND });
  await signIn(page, 'ada');
  await expect(page).toHaveURL(`${ORIGIN}/account`);
  await expect(page.getByTestId('name')).toHaveText('Ada');

  // The exchange reached the provider from the backend, with the secret; the browser never called it.
  const [exchange] = await received(page, 'token');
  expect(exchange).toMatchObject({
    status: 200,
    body: { grant_type: 'authorization_code', client_secret: '[redacted]' },
  });
  expect(direct).toEqual([]);
  // The refresh token stays on the server side: an httpOnly, Secure, SameSite=Strict cookie on the backend's path.
  const [cookie, ...more] = await backendCookies(page);
  expect(more).toEqual([]);
  expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: BACKEND });
  expect(browserSaw.length).toBeGreaterThan(0);
  for (const body of browserSaw) {
    expect(body).toHaveProperty('access_token');
    expect(body).not.toHaveProperty('refresh_token');
  }
  expect(await page.evaluate(() => document.cookie)).not.toContain('plinth');

  // A reload: signed in again through the backend's refresh, with no hidden iframe (prompt=none would fail here).
  await page.reload();
  await expect(page.getByTestId('name')).toHaveText('Ada');
  await expect(page.getByTestId('status')).toHaveText('signedIn');
  expect(page.frames()).toHaveLength(1);
  const authorizations = await received(page, 'authorization');
  expect(authorizations.map((entry) => entry.query?.prompt ?? null)).toEqual([null]);
  expect(authorizations[0]?.query?.access_type).toBe('offline'); // Google's way to a refresh token

  // Renewal past the access token's lifetime (8 s), through the backend, with the secret.
  const first = Number(await page.getByTestId('expires').textContent());
  await page.waitForFunction((at) => Date.now() / 1000 > at + 1, first, { timeout: 20_000, polling: 250 });
  await expect(page.getByTestId('status')).toHaveText('signedIn');
  await expect.poll(async () => Number(await page.getByTestId('expires').textContent())).toBeGreaterThan(first);
  await page.getByRole('button', { name: 'Get token' }).click();
  await expect(page.getByTestId('tokens')).toHaveText('1');
  const refreshes = (await received(page, 'token')).filter((entry) => entry.body?.grant_type === 'refresh_token');
  expect(refreshes.length).toBeGreaterThanOrEqual(2); // the reload's and the renewal's
  for (const refresh of refreshes)
    expect(refresh).toMatchObject({ status: 200, body: { client_secret: '[redacted]' } });
  expect(direct).toEqual([]);
  for (const body of browserSaw) expect(body).not.toHaveProperty('refresh_token');

  // Sign-out: the refresh token revoked at the provider (by the backend, with the secret), the cookie gone.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByTestId('status')).toHaveText('signedOut');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect.poll(() => backendCookies(page)).toEqual([]);
  const revocations = await received(page, 'revocation');
  expect(revocations.map((entry) => [entry.status, entry.meta?.revoked])).toContainEqual([200, 'RefreshToken']);
  // The session does not come back: a reload stays signed out, and asks for no token.
  await page.reload();
  await expect(page.getByTestId('status')).toHaveText('signedOut');
});

// Two tabs on one backend session: the second restores through the backend's cookie, both renew past the 8 s
// access token on the one rotating refresh token (never a refresh refused as reused), and a sign-out in one tab
// signs the other out and leaves no cookie.
test('Google through the backend, two tabs: both restored, both renewed past the access token, one sign-out ends both', async ({
  page,
  context,
}) => {
  const settings = { authority: `${GOOGLE}/oidc`, provider: 'google', backend: BACKEND };
  await withSettings(page, settings);
  await signIn(page, 'ada');
  await expect(page.getByTestId('name')).toHaveText('Ada');
  const second = await context.newPage();
  await withSettings(second, settings);
  await second.goto('/');
  await expect(second.getByTestId('user')).toHaveText('Ada');
  expect(second.frames()).toHaveLength(1); // no hidden iframe: the backend's refresh

  const expiries = async () =>
    Promise.all([page, second].map(async (tab) => Number(await tab.getByTestId('expires').textContent())));
  const [first] = await expiries();
  await page.waitForFunction((at) => Date.now() / 1000 > at! + 2, first, { timeout: 20_000, polling: 250 });
  for (const tab of [page, second]) await expect(tab.getByTestId('status')).toHaveText('signedIn');
  await expect.poll(async () => Math.min(...(await expiries()))).toBeGreaterThan(first!);
  const refreshes = (await received(page, 'token')).filter((entry) => entry.body?.grant_type === 'refresh_token');
  expect(refreshes.length).toBeGreaterThanOrEqual(2);
  expect(refreshes.filter((entry) => entry.status !== 200)).toEqual([]);

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByTestId('status')).toHaveText('signedOut');
  await expect(second.getByTestId('status')).toHaveText('signedOut');
  await expect(second.getByRole('alert')).toHaveCount(0);
  await expect.poll(() => backendCookies(page)).toEqual([]);
  await second.reload();
  await expect(second.getByTestId('status')).toHaveText('signedOut');
  await second.close();
});
