import { readFileSync } from 'node:fs';
import { test as base, expect, type Page, type Request } from '@playwright/test';
import { readableStorage } from '../../../tooling/readable-storage';
import { GLEWLWYD_DEMO_URL as DEMO, GLEWLWYD_ISSUER, GLEWLWYD_URL } from '../playwright.glewlwyd.config';

// The demo against a real OpenID provider written by others: Glewlwyd 2.7 from Debian's packages, configured from
// nothing by scripts/providers/glewlwyd.mjs as its documentation says (a public client, code + PKCE, refresh
// tokens, 20 s access tokens, end_session), the demo built with VITE_OIDC_TOKEN_STORAGE=sealed
// (playwright.glewlwyd.config.ts). What Glewlwyd does that others do not (packages/auth/README.md, "Glewlwyd
// (tested in the suite)"): it refuses an authorization request without a nonce, answers prompt=none only with an
// id_token_hint equal to the last ID token it issued, has no Cancel button on its login page (visitors use Back) and
// asks for confirmation at end_session.

const USER = { login: 'ada', password: 'ada-lovelace-1815', name: 'Ada Lovelace' };
const TOKEN_ENDPOINT = `${GLEWLWYD_ISSUER}/token`;
const LOG = `${process.env.GLEWLWYD_HOME ?? '/tmp/plinth-glewlwyd'}/glewlwyd.log`;

interface TokenExchange {
  grant: string;
  status: number;
  body: { access_token?: string; refresh_token?: string; id_token?: string; expires_in?: number; error?: string };
}

const test = base.extend<{ errors: string[]; exchanges: TokenExchange[]; authorizations: string[] }>({
  // No uncaught error nor unhandled rejection on any page of the journey.
  errors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
  /** Every answer of Glewlwyd's token endpoint to the demo, in order: the grant, its status, the tokens. */
  exchanges: async ({ context }, use) => {
    const exchanges: TokenExchange[] = [];
    context.on('requestfinished', async (request: Request) => {
      if (!request.url().startsWith(TOKEN_ENDPOINT) || request.method() !== 'POST') return;
      const response = await request.response();
      const grant = new URLSearchParams(request.postData() ?? '').get('grant_type') ?? '';
      exchanges.push({ grant, status: response?.status() ?? 0, body: await response?.json().catch(() => ({})) });
    });
    await use(exchanges);
  },
  /** Every authorization request the demo sent to Glewlwyd (top-level and the silent iframe's), as URLs. */
  authorizations: async ({ context }, use) => {
    const urls: string[] = [];
    context.on('request', (request) => {
      if (request.url().startsWith(`${GLEWLWYD_ISSUER}/auth`)) urls.push(request.url());
    });
    await use(urls);
  },
});

/** On Glewlwyd's own login page (login.html), its form shown. */
async function onLoginPage(page: Page) {
  await page.waitForURL((url) => url.href.startsWith(`${GLEWLWYD_URL}/login.html`));
  await expect(page.getByRole('textbox', { name: 'Login' })).toBeVisible();
}

/**
 * Signs in on Glewlwyd's pages from the header's "Sign in": its login form, then its grant page the first time this
 * user meets the client (check each scope, "Grant access"), then its "Connection to Plinth demo" page, whose
 * "Continue" goes back to the demo (Glewlwyd's login page never continues by itself).
 */
async function signIn(page: Page) {
  await page.getByRole('link', { name: 'Sign in' }).click();
  await onLoginPage(page);
  await page.getByRole('textbox', { name: 'Login' }).fill(USER.login);
  await page.getByRole('textbox', { name: 'Password' }).fill(USER.password);
  await page.getByRole('button', { name: 'OK' }).click();
  const grant = page.getByRole('button', { name: 'Grant access' });
  const proceed = page.getByRole('button', { name: 'Continue' });
  await expect(proceed).toBeVisible();
  if (await grant.isVisible()) {
    for (const scope of ['Your name', 'Your e-mail address']) await page.getByRole('checkbox', { name: scope }).check();
    await grant.click();
    await expect(grant).toBeHidden();
  }
  // Glewlwyd's answer at the demo's callback: a code, not an error (before the nonce: "nonce required").
  const callback = page.waitForRequest((request) => request.url().startsWith(`${DEMO}/auth/callback?`));
  await proceed.click();
  const answer = new URL((await callback).url()).searchParams;
  expect(`${answer.get('error') ?? ''} ${answer.get('error_description') ?? ''}`.trim(), 'Glewlwyd’s error').toBe('');
  expect(answer.get('code')).toBeTruthy();
  await expect(page.getByTestId('user-name')).toHaveText(USER.name);
}

const tokensOf = (exchanges: TokenExchange[]) =>
  exchanges.flatMap(({ body }) => [body.access_token, body.refresh_token, body.id_token]).filter(Boolean) as string[];

test('sign-in on Glewlwyd’s own pages: the name in the header, no token a script can read, a reload stays signed in', async ({
  page,
  exchanges,
  authorizations,
}) => {
  await page.goto('/');
  await signIn(page);
  // Every authorization request carried a nonce (Glewlwyd refuses one without: "nonce required") and PKCE.
  expect(authorizations.length).toBeGreaterThan(0);
  for (const url of authorizations) {
    const params = new URL(url).searchParams;
    expect(params.get('nonce'), url).toBeTruthy();
    expect(params.get('code_challenge_method'), url).toBe('S256');
  }
  // The listener reads each answer's body after the request finished: on a slow machine the header can show the
  // name first (a CI run saw [] here), so the exchange is awaited.
  await expect
    .poll(() => exchanges.map(({ grant, status }) => `${grant} ${status}`))
    .toEqual(['authorization_code 200']);
  expect(exchanges[0]?.body.refresh_token, 'Glewlwyd issued a refresh token').toBeTruthy();

  // Nothing a script can read holds a token: web storage and cookies none, IndexedDB only the sealed record
  // (ciphertext next to a key that cannot be exported).
  const { storage, records } = await readableStorage(page);
  for (const token of tokensOf(exchanges)) {
    expect(storage).not.toContain(token);
    for (const record of records) expect(record.value).not.toContain(token);
  }
  expect(storage).not.toMatch(/eyJ/);
  expect(records).toHaveLength(1);
  expect(records[0]).toMatchObject({ db: 'plinth.auth:plinth-demo', extractable: false });
  expect(records[0]?.value).not.toMatch(/refresh_token|access_token|id_token|eyJ/);

  // A reload: signed in again, with no login form (the sealed refresh token, or a silent check with its hint).
  const loginsBefore = authorizations.length;
  const started = Date.now();
  await page.reload();
  await expect(page.getByTestId('user-name')).toHaveText(USER.name);
  console.log(`glewlwyd: signed in again ${Date.now() - started} ms after the reload`);
  expect(page.url()).not.toContain('/login.html');
  const silent = authorizations.slice(loginsBefore);
  for (const url of silent) {
    const params = new URL(url).searchParams;
    expect(params.get('prompt'), url).toBe('none');
    expect(params.get('nonce'), url).toBeTruthy();
    expect(params.get('id_token_hint'), `prompt=none without id_token_hint: ${url}`).toBeTruthy();
  }
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('renewal past the 20 s access token: still signed in, a refresh grant, the renewed token accepted by Glewlwyd', async ({
  page,
  exchanges,
}) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await signIn(page);
  const logAt = readFileSync(LOG).length;
  await expect.poll(() => exchanges.length).toBe(1);
  const first = exchanges[0]?.body;
  expect(first?.expires_in).toBeLessThanOrEqual(20);
  const expiresAt = Date.now() + (first?.expires_in ?? 20) * 1000;

  // The renewal (before the access token expires: renewBeforeSeconds, at most a third of its lifetime).
  await expect
    .poll(() => exchanges.filter(({ grant }) => grant === 'refresh_token').length, { timeout: 30_000 })
    .toBe(1);
  const refresh = exchanges.find(({ grant }) => grant === 'refresh_token');
  expect(refresh?.status).toBe(200);
  expect(refresh?.body.access_token).toBeTruthy();
  // Past the first access token's lifetime: the header still says who is signed in.
  await page.waitForFunction((end) => Date.now() > end + 500, expiresAt, { timeout: 30_000, polling: 250 });
  await expect(page.getByTestId('user-name')).toHaveText(USER.name);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // An API call with the renewed access token: Glewlwyd's userinfo accepts it (the first one, expired, no longer).
  const userinfo = (token: string | undefined) =>
    page.request.get(`${GLEWLWYD_ISSUER}/userinfo`, { headers: { authorization: `Bearer ${token}` } });
  const renewed = await userinfo(refresh?.body.access_token);
  expect(renewed.status()).toBe(200);
  expect(await renewed.json()).toMatchObject({ name: USER.name });
  expect((await userinfo(first?.access_token)).status()).toBe(401);
  // Glewlwyd's own log: a new access token after the sign-in's, from the refresh token (no new refresh token).
  const since = readFileSync(LOG).subarray(logAt).toString('utf8');
  expect(since).toMatch(/Access token generated for client 'plinth-demo' granted by user 'ada'/);
  expect(since).not.toMatch(/Refresh token generated/);
});

test('sign-out through Glewlwyd’s end-session page (its confirmation): signed out here and there', async ({
  page,
  authorizations,
}) => {
  await page.goto('/');
  await signIn(page);
  const revocations: number[] = [];
  const silentAnswers: (string | null)[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${DEMO}/silent-callback?`))
      silentAnswers.push(new URL(request.url()).searchParams.get('error'));
  });
  page.on('requestfinished', async (request) => {
    if (request.url().startsWith(`${GLEWLWYD_ISSUER}/revoke`))
      revocations.push((await request.response())?.status() ?? 0);
  });
  await page.getByRole('button', { name: 'Sign out' }).click();
  // Glewlwyd asks before it ends its session (login.html?prompt=end_session).
  await page.waitForURL((url) => url.href.startsWith(`${GLEWLWYD_URL}/login.html`));
  await expect(page.getByRole('heading', { name: 'End session' })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.origin === DEMO);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  // Glewlwyd's revocation endpoint wants a client secret (callback_check_intropect_revoke): a public client's
  // revocation is refused, and the sign-out goes on.
  expect(revocations.length).toBeGreaterThan(0);
  expect(revocations.every((status) => status === 401)).toBe(true);
  expect((await readableStorage(page)).records).toEqual([]);
  // A silent check on the way back (is the provider's session really over?) hears Glewlwyd's "no session".
  expect(
    silentAnswers.every((error) => error === 'interaction_required'),
    String(silentAnswers),
  ).toBe(true);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();

  // No session left at Glewlwyd: a fresh sign-in shows its login form again.
  const before = authorizations.length;
  await page.getByRole('link', { name: 'Sign in' }).click();
  await onLoginPage(page);
  expect(authorizations.length).toBeGreaterThan(before);
});

// Known gap (packages/auth/README.md, "Glewlwyd (tested in the suite)"): Glewlwyd's "Stay connected" returns to the
// post-logout URI with the same `state` as "Logout" (webapp-src/src/Login/EndSession.js, handleIgnoreLogout), and the
// silent check that would find its session alive has no ID token left to send as the hint ("id_token mandatory").
// Expected to fail until @plinth/auth keeps a hint through the round trip; an unexpected pass means it does.
test('"Stay connected" on Glewlwyd’s end-session page comes back signed in', async ({ page }) => {
  test.fail(true, 'the silent check after the return has no id_token_hint: Glewlwyd answers "id_token mandatory"');
  await page.goto('/');
  await signIn(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'End session' })).toBeVisible();
  // The sentinel: the answer of the silent check that follows the return (a code when it had a hint).
  const silent = page.waitForRequest((request) => request.url().startsWith(`${DEMO}/silent-callback?`));
  await page.getByRole('button', { name: 'Stay connected' }).click();
  const answer = new URL((await silent).url()).searchParams;
  expect(answer.get('error_description') ?? answer.get('error') ?? 'a code').toBe('a code');
  await expect(page.getByTestId('user-name')).toHaveText(USER.name);
});

/**
 * Back from Glewlwyd's login page (it has no Cancel button), with the back/forward cache on (Chromium's default, a
 * visitor's Chrome) or off: the demo says the sign-in did not complete, starts nothing, and "Sign in" works.
 */
function backJourney(cache: 'on' | 'off') {
  test(`cancel by Back from Glewlwyd’s login page, the back/forward cache ${cache}: "did not complete", and "Sign in" works`, async ({
    page,
    authorizations,
  }) => {
    await page.addInitScript(() => {
      addEventListener('pageshow', (event) => {
        if (event.persisted) (window as unknown as { restored: boolean }).restored = true;
      });
    });
    await page.goto('/article');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await onLoginPage(page);
    expect(authorizations).toHaveLength(1);

    // A page restored from the back/forward cache fires no load event: wait for the commit only.
    await page.goBack({ waitUntil: 'commit' });
    await expect.poll(() => new URL(page.url()).origin).toBe(DEMO);
    await expect(page.getByText(/Sign-in (cancelled|did not complete)/).first()).toBeVisible();
    const restored = await page.evaluate(() => (window as unknown as { restored?: boolean }).restored === true);
    expect(restored, 'restored from the back/forward cache').toBe(cache === 'on');
    await expect(page.getByText('Taking you to the identity provider…')).toHaveCount(0);
    expect(authorizations, 'no new sign-in started by Back').toHaveLength(1);

    // The header's "Sign in" starts a sign-in that completes.
    await signIn(page);
    expect(authorizations.length).toBeGreaterThanOrEqual(2);
  });
}

// Each in a project of its own (playwright.glewlwyd.config.ts): 'on' in the full browser with its back/forward cache,
// 'off' in the headless shell launched without it.
backJourney('on');
backJourney('off');
