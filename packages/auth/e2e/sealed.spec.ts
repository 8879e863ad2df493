import { test as base, expect, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../../../tooling/chromium.mjs';
import { readableStorage } from '../../../tooling/readable-storage';
import { ORIGIN, SANDBOX_URL } from '../playwright.config';
import { login, type Recorded, received as recorded, sandboxAt } from './support';

// A reload where the hidden iframe sees no provider session (Safari, Firefox, Cognito): the fourth sandbox of
// e2e/serve.mjs answers every `prompt=none` with `login_required`, as a provider on another site does when the
// browser blocks third-party cookies (refresh tokens with rotation, revocation, end-session; 6 s access tokens).
// `tokenStorage: 'sealed'` keeps the refresh token encrypted in IndexedDB under a non-extractable AES-GCM key
// (README, "Sealed sessions"). On the code before it, every such reload ended signed out.

const BLOCKED = sandboxAt(3);
const SETTINGS = { authority: `${BLOCKED}/oidc`, clientId: 'plinth-demo', tokenStorage: 'sealed' };

const received = (page: Page, route: string): Promise<Recorded[]> => recorded(page, BLOCKED, route);
const refreshes = async (page: Page) =>
  (await received(page, 'token')).filter((entry) => entry.body?.grant_type === 'refresh_token');

const test = base.extend<{ errors: string[]; tokens: string[]; logins: string[] }>({
  errors: [
    async ({ page, context }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.request.delete(`${BLOCKED}/_sandbox/received`);
      await context.addInitScript((value) => sessionStorage.setItem('e2e.settings', value), JSON.stringify(SETTINGS));
      await use(errors);
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
  /** Every token the provider's token endpoint handed to any page of the context. */
  tokens: async ({ context }, use) => {
    const tokens: string[] = [];
    context.on('response', async (response) => {
      if (!response.url().startsWith(`${BLOCKED}/oidc/token`) || response.request().method() !== 'POST') return;
      const body = await response.json().catch(() => ({}));
      for (const key of ['access_token', 'refresh_token', 'id_token']) if (body[key]) tokens.push(body[key]);
    });
    await use(tokens);
  },
  /** The provider's login form, each time it was shown. */
  logins: async ({ context }, use) => {
    const logins: string[] = [];
    context.on('request', (request) => {
      if (request.isNavigationRequest() && request.method() === 'GET' && request.url().includes('/oidc/interaction/'))
        logins.push(request.url());
    });
    await use(logins);
  },
});

async function signIn(page: Page) {
  await page.goto('/account');
  await login(page, BLOCKED, 'ada.lovelace');
  await expect(page).toHaveURL(`${ORIGIN}/account`);
  await expect(page.getByTestId('name')).toHaveText('Ada Lovelace');
}

test('signed in after a reload where prompt=none sees no provider session; sealed, renewed, gone at sign-out', async ({
  page,
  tokens,
  logins,
}) => {
  await signIn(page);
  expect(logins).toHaveLength(1);

  // The reload: signed in again within a few seconds, no login form, no hidden iframe, one refresh grant.
  const started = Date.now();
  await page.reload();
  await expect(page.getByTestId('name')).toHaveText('Ada Lovelace', { timeout: 5_000 });
  const took = Date.now() - started;
  expect(took).toBeLessThan(5_000);
  expect(logins).toHaveLength(1);
  expect(page.url()).toBe(`${ORIGIN}/account`);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect((await received(page, 'authorization')).filter((entry) => entry.query?.prompt === 'none')).toEqual([]);
  expect((await refreshes(page)).map((entry) => entry.status)).toEqual([200]);
  console.log(`sealed: signed in again ${took} ms after the reload`);

  // Nothing a script can read holds a token in plain text: web storage and cookies hold none, and the one
  // IndexedDB record is ciphertext next to a key that cannot be exported.
  const { storage, records } = await readableStorage(page);
  expect(tokens.length).toBeGreaterThanOrEqual(6); // access, refresh, ID token: sign-in and the reload's refresh
  for (const token of tokens) {
    expect(storage).not.toContain(token);
    for (const record of records) expect(record.value).not.toContain(token);
  }
  expect(records).toHaveLength(1);
  expect(records[0]).toMatchObject({ db: 'plinth.auth:plinth-demo', extractable: false, exported: false });
  expect(records[0]?.value).toContain('"name":"AES-GCM"');
  // A JWT's shape, not a bare `eyJ`: the record shows its ciphertext in base64 too, where any three characters
  // spell `eyJ` with a chance of 1 in 262,144 (it did in stop 41's CI); base64 has no `.`, so this shape cannot.
  expect(records[0]?.value).not.toMatch(/refresh_token|access_token|id_token|eyJ[\w-]{8,}\.[\w-]{8,}\./);

  // Renewal past the access token's lifetime (6 s): the rotated refresh token replaces the sealed one.
  const expires = String(await page.getByTestId('expires').textContent());
  await expect(page.getByTestId('expires')).not.toHaveText(expires, { timeout: 15_000 });
  await expect.poll(async () => (await refreshes(page)).length).toBe(2);
  expect((await refreshes(page)).map((entry) => entry.status)).toEqual([200, 200]);
  const renewed = await readableStorage(page);
  expect(renewed.records).toHaveLength(1);
  expect(renewed.records[0]?.value).not.toBe(records[0]?.value);
  await expect(page.getByTestId('status')).toHaveText('signedIn');
  // Past the first access token's lifetime: still signed in, on the renewed token.
  await page.waitForFunction((end) => Date.now() / 1000 > end + 1, Number(expires), { timeout: 15_000, polling: 250 });
  await expect(page.getByTestId('status')).toHaveText('signedIn');
  expect(Number(await page.getByTestId('expires').textContent())).toBeGreaterThan(Date.now() / 1000);

  // A reload after the renewal: the rotated refresh token works (the one before it would be refused).
  await page.reload();
  await expect(page.getByTestId('name')).toHaveText('Ada Lovelace', { timeout: 5_000 });
  expect((await refreshes(page)).map((entry) => entry.status)).toEqual([200, 200, 200]);

  // Sign-out through the provider's page: the sealed record goes before the browser leaves.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(`${ORIGIN}/`);
  await expect(page.getByTestId('status')).toHaveText('signedOut');
  expect((await readableStorage(page)).records).toEqual([]);
  await page.reload();
  await expect(page.getByTestId('status')).toHaveText('signedOut');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect((await refreshes(page)).length).toBe(3);
  expect(logins).toHaveLength(1);
});

test("another tab's sign-out deletes the sealed session; a second tab restores from it without a login", async ({
  page,
  context,
  logins,
}) => {
  await signIn(page);
  const second = await context.newPage();
  await second.goto('/');
  await expect(second.getByTestId('user')).toHaveText('Ada Lovelace', { timeout: 5_000 });
  expect(logins).toHaveLength(1);

  await second.getByRole('button', { name: 'Leave this app only' }).click();
  await expect(page.getByTestId('status')).toHaveText('signedOut');
  await expect.poll(async () => (await readableStorage(page)).records).toEqual([]);
  await page.reload();
  await expect(page.getByTestId('status')).toHaveText('signedOut');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await second.close();
});

test("a refresh the provider refuses (signed out on the provider's page) clears the sealed session", async ({
  page,
  context,
  logins,
}) => {
  await signIn(page);
  expect((await readableStorage(page)).records).toHaveLength(1);
  // The user signs out at the provider itself, in another tab (no id_token_hint: oidc-provider asks first).
  const provider = await context.newPage();
  await provider.goto(`${BLOCKED}/oidc/session/end`);
  await provider.getByRole('button', { name: 'Yes, sign me out' }).click();
  await provider.waitForLoadState();
  // The provider's tab stays open (closing it while its redirect settled once hung a loaded CI run for 90 s).

  await page.goto('/');
  await expect(page.getByTestId('status')).toHaveText('signedOut');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  // One refresh refused, the last; a renewal before the provider's sign-out took effect succeeded (6 s access tokens:
  // a CI run on a loaded machine renewed once before it, [200, 400]).
  const refreshed = await refreshes(page);
  expect(refreshed.map((entry) => entry.status).filter((status) => status !== 200)).toEqual([400]);
  expect(refreshed.at(-1)?.status).toBe(400);
  expect(refreshed.at(-1)?.error).toMatch(/invalid_grant/);
  expect((await readableStorage(page)).records).toEqual([]);
  expect(logins).toHaveLength(1);
});

/**
 * Signs in with the app on `localhost`, another site than the provider on 127.0.0.1, then reloads it. Resolves
 * with the status after the reload and what each hidden-iframe callback was answered (`'code'` or its error).
 */
async function crossSiteReload(page: Page, sandbox: string, tokenStorage: string, check?: () => Promise<void>) {
  const app = ORIGIN.replace('127.0.0.1', 'localhost');
  const settings = { authority: `${sandbox}/oidc`, clientId: 'plinth-demo', tokenStorage };
  await page
    .context()
    .addInitScript((value) => sessionStorage.setItem('e2e.settings', value), JSON.stringify(settings));
  const silent: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/silent-callback'))
      silent.push(new URL(response.url()).searchParams.get('error') ?? 'code');
  });
  await page.goto(`${app}/account`);
  await login(page, sandbox, 'ada.lovelace');
  await expect(page).toHaveURL(`${app}/account`);
  await expect(page.getByTestId('name')).toHaveText('Ada Lovelace');
  await check?.();
  await page.goto(`${app}/`);
  return { status: page.getByTestId('status'), silent };
}

// The same reload with nothing played by the sandbox: the app on `localhost`, the kind sandbox (its iframe is
// answered normally) on 127.0.0.1, another site. Chromium itself then keeps the provider's session cookie
// (SameSite=Lax) out of the hidden iframe, as Safari and Firefox keep every third-party cookie out: with
// 'memory' the reload ends signed out (the control), with 'sealed' it is signed in.
for (const [tokenStorage, restored] of [
  ['memory', false],
  ['sealed', true],
] as const) {
  test(`cross-site in the browser itself (app on localhost, provider on 127.0.0.1), ${tokenStorage}: ${restored ? 'signed in' : 'signed out'} after a reload`, async ({
    page,
  }) => {
    const { status, silent } = await crossSiteReload(page, SANDBOX_URL, tokenStorage);
    await expect(status).toHaveText(restored ? 'signedIn' : 'signedOut', { timeout: 5_000 });
    // The hidden iframe ran only without a sealed session, and saw no provider session.
    expect(silent).toEqual(restored ? [] : ['login_required']);
  });
}

// Third-party cookies blocked by the browser itself. The provider (sandbox +8) sets its session cookies
// `SameSite=None; Secure`, as Auth0, Okta, Entra ID and Keycloak do, so nothing but the browser decides whether
// the hidden iframe on the app's site (localhost) sees the session on 127.0.0.1. Debian's headless shell sends
// such a cookie to a third-party frame; Chromium, launched as a user's Playwright launches it (an off-the-record
// profile), blocks it, as Safari and Firefox do by default. The control (headless shell, 'memory'): the iframe
// restores the session, so the cookie reached it. Then Chromium: 'memory' ends signed out, the iframe answered
// `login_required`; 'sealed' is signed in with no iframe at all.
const SAME_SITE_NONE = sandboxAt(8);
for (const [browserKind, tokenStorage, restored] of [
  ['shell', 'memory', true],
  ['browser', 'memory', false],
  ['browser', 'sealed', true],
] as const) {
  test(`third-party cookies blocked by the browser itself (${browserKind === 'shell' ? 'headless shell: allowed, the control' : 'Chromium: blocked'}), ${tokenStorage}: ${restored ? 'signed in' : 'signed out'} after a reload`, async ({
    playwright,
    errors,
  }) => {
    const browser = await playwright.chromium.launch(chromiumLaunchOptions(browserKind));
    try {
      const context = await browser.newContext({ baseURL: ORIGIN });
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      const { status, silent } = await crossSiteReload(page, SAME_SITE_NONE, tokenStorage, async () => {
        const session = (await context.cookies(SAME_SITE_NONE)).filter((cookie) => cookie.sameSite === 'None');
        expect(session.length).toBeGreaterThan(0); // the provider's session cookie, SameSite=None
      });
      await expect(status).toHaveText(restored ? 'signedIn' : 'signedOut', { timeout: 5_000 });
      expect(silent).toEqual(tokenStorage === 'sealed' ? [] : [restored ? 'code' : 'login_required']);
    } finally {
      await browser.close();
    }
  });
}

// Per provider profile (e2e/serve.mjs: each met from another site with third-party cookies blocked, prompt=none in
// an iframe answered login_required, 6 s access tokens): sign-in, a reload signed in from the sealed refresh
// token (no login form, no prompt=none that worked), renewal past the access token's lifetime, and a sign-out
// that ends the provider's session (its recording says so) and the sealed record. Cognito refuses to be framed
// at all and signs out through /logout without asking; Entra (multi-tenant) and Keycloak through end-session,
// where oidc-provider asks. With 'memory' no reload on any of them kept a session.
const PROFILES = [
  { name: 'Entra ID, multi-tenant (/common/v2.0)', at: 4, path: '/common/v2.0', login: 'ada@contoso.example' },
  { name: 'Cognito (no iframe at all, /logout)', at: 5, path: '', login: 'ada', provider: 'cognito' },
  { name: 'Keycloak (/realms/plinth)', at: 6, path: '/realms/plinth', login: 'ada' },
];
for (const profile of PROFILES) {
  test(`${profile.name}: sealed, signed in after a reload, renewed past the access token, signed out at the provider`, async ({
    page,
    context,
    logins,
  }) => {
    const sandbox = sandboxAt(profile.at);
    const settings = {
      authority: `${sandbox}/oidc${profile.path}`,
      provider: profile.provider,
      tokenStorage: 'sealed',
    };
    const at = (route: string) => recorded(page, sandbox, route);
    const grants = async () =>
      (await at('token')).filter((entry) => entry.body?.grant_type === 'refresh_token').map((entry) => entry.status);
    await page.request.delete(`${sandbox}/_sandbox/received`);
    await context.addInitScript((value) => sessionStorage.setItem('e2e.settings', value), JSON.stringify(settings));
    await page.goto('/account');
    await login(page, sandbox, profile.login);
    await expect(page.getByTestId('name')).toHaveText('Ada');

    await page.reload();
    await expect(page.getByTestId('name')).toHaveText('Ada', { timeout: 5_000 });
    expect(logins).toHaveLength(1);
    expect((await at('authorization')).filter((entry) => entry.query?.prompt === 'none' && !entry.error)).toEqual([]);
    expect(await grants()).toEqual([200]);
    expect((await readableStorage(page)).records).toHaveLength(1);

    // Past the first access token's lifetime (6 s): still signed in, on a token the refresh grant renewed.
    const first = Number(await page.getByTestId('expires').textContent());
    await page.waitForFunction((end) => Date.now() / 1000 > end + 1, first, { timeout: 15_000, polling: 250 });
    await expect(page.getByTestId('status')).toHaveText('signedIn');
    expect(Number(await page.getByTestId('expires').textContent())).toBeGreaterThan(Date.now() / 1000);
    await page.getByRole('button', { name: 'Get token' }).click();
    await expect(page.getByTestId('tokens')).toHaveText('1');
    expect((await grants()).length).toBeGreaterThanOrEqual(2);
    expect(new Set(await grants())).toEqual(new Set([200]));

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    if (!profile.provider) await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await expect(page).toHaveURL(`${ORIGIN}/`);
    await expect(page.getByTestId('status')).toHaveText('signedOut');
    await expect(page.getByRole('alert')).toHaveCount(0);
    const renewals = (await grants()).length;
    const ended = await at(profile.provider ? 'end_session' : 'end_session_confirm');
    expect(ended.map((entry) => entry.meta?.logout)).toEqual(['everywhere']);
    expect((await readableStorage(page)).records).toEqual([]);
    await page.reload();
    await expect(page.getByTestId('status')).toHaveText('signedOut');
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect(await grants()).toHaveLength(renewals); // nothing left to refresh with
  });
}
