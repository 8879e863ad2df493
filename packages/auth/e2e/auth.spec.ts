import { type BrowserContext, expect, type Page } from '@playwright/test';
import { ORIGIN, SANDBOX_URL } from '../playwright.config';
import { journeyTest, login as loginAt, type Recorded, received as recorded } from './support';

const received = (page: Page, route?: string): Promise<Recorded[]> => recorded(page, SANDBOX_URL, route);
const codeExchanges = async (page: Page) =>
  (await received(page, 'token')).filter((entry) => entry.body?.grant_type === 'authorization_code');
const refreshes = async (page: Page) =>
  (await received(page, 'token')).filter((entry) => entry.body?.grant_type === 'refresh_token');

/** Token responses seen by the page (to prove they never reach web storage or cookies, and are refused after sign-out). */
function captureTokens(page: Page) {
  const tokens = { all: [] as string[], access: [] as string[], refresh: [] as string[] };
  page.on('response', async (response) => {
    if (!response.url().startsWith(`${SANDBOX_URL}/oidc/token`) || response.request().method() !== 'POST') return;
    const body = await response.json().catch(() => ({}));
    if (body.access_token) tokens.access.push(body.access_token);
    if (body.refresh_token) tokens.refresh.push(body.refresh_token);
    for (const key of ['access_token', 'refresh_token', 'id_token']) if (body[key]) tokens.all.push(body[key]);
  });
  return tokens;
}

/** Fills the sandbox's sign-in page (each test has a fresh browser context, so it always shows). */
const login = (page: Page, name = 'ada.lovelace') => loginAt(page, SANDBOX_URL, name);

const test = journeyTest(SANDBOX_URL);

async function signInAtAccount(page: Page) {
  await page.goto('/account');
  await login(page);
  await expect(page).toHaveURL(`${ORIGIN}/account`);
  await expect(page.getByTestId('name')).toHaveText('Ada Lovelace');
}

async function storageAndCookies(page: Page, context: BrowserContext) {
  const storage = await page.evaluate(() => [
    ...Object.entries(localStorage).map(([k, v]) => `local:${k}=${v}`),
    ...Object.entries(sessionStorage).map(([k, v]) => `session:${k}=${v}`),
    `cookie:${document.cookie}`,
  ]);
  const cookies = (await context.cookies()).map((c) => `${c.domain}:${c.name}=${c.value}`);
  return [...storage, ...cookies].join('\n');
}

test('full sign-in from /account back to it: one code exchange under StrictMode, no tokens in storage', async ({
  page,
  context,
}) => {
  const tokens = captureTokens(page);
  const callbacks: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.url().includes('/auth/callback')) callbacks.push(request.url());
  });
  await page.goto('/account');
  await login(page);
  await expect(page).toHaveURL(`${ORIGIN}/account`);
  await expect(page.getByTestId('name')).toHaveText('Ada Lovelace');
  await expect(page.getByTestId('subject')).not.toHaveText('');
  expect(await page.getByTestId('subject').textContent()).not.toContain('ada');
  expect(page.url()).toBe(`${ORIGIN}/account`); // code, state, session_state, iss gone

  expect(callbacks).toHaveLength(1);
  expect(callbacks[0]).toMatch(/[?&]code=.+&?/);
  const exchanges = await codeExchanges(page);
  expect(exchanges).toHaveLength(1);
  expect(exchanges[0]?.status).toBe(200);
  expect(exchanges[0]?.body?.code_verifier).toBeDefined(); // PKCE
  const authorize = (await received(page, 'authorization'))[0];
  expect(authorize?.query?.code_challenge_method).toBe('S256');

  expect(tokens.access.length).toBeGreaterThanOrEqual(1);
  expect(tokens.refresh.length).toBeGreaterThanOrEqual(1);
  const everything = await storageAndCookies(page, context);
  for (const token of tokens.all) expect(everything).not.toContain(token);
  expect(everything).toContain('plinth.auth.session=1');
  expect(everything).not.toMatch(/oidc\.user/);
});

test('a reload restores the session silently; Back after sign-in does not re-run the callback', async ({ page }) => {
  await signInAtAccount(page);
  await page.reload();
  await expect(page.getByTestId('name')).toHaveText('Ada Lovelace');
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(page.url()).toBe(`${ORIGIN}/account`);
  const silent = (await received(page, 'authorization')).filter((entry) => entry.query?.prompt === 'none');
  expect(silent).toHaveLength(1);
  expect(await codeExchanges(page)).toHaveLength(2); // the sign-in, then the silent one

  await page.goBack();
  await page.waitForLoadState('load');
  expect(page.url()).not.toContain('/auth/callback');
  await expect(page.getByRole('alert')).toHaveCount(0);
  const exchanges = await codeExchanges(page);
  expect(exchanges).toHaveLength(2);
  expect(exchanges.every((entry) => entry.status === 200)).toBe(true);
});

test("a reload after the provider's session is gone ends signed out, quietly", async ({ page, context }) => {
  await signInAtAccount(page);
  await context.clearCookies();
  await page.goto('/');
  await expect(page.getByTestId('status')).toHaveText('signedOut');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  const silent = (await received(page, 'authorization')).filter((entry) => entry.query?.prompt === 'none');
  expect(silent).toHaveLength(1);
  expect(silent[0]?.error).toMatch(/login_required/);
  expect(await page.evaluate(() => localStorage.getItem('plinth.auth.session'))).toBeNull();
  expect(page.url()).toBe(`${ORIGIN}/`);
});

test('sign-out revokes the tokens (refused afterwards), goes through end-session and clears the user', async ({
  page,
}) => {
  const tokens = captureTokens(page);
  await signInAtAccount(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(`${ORIGIN}/`);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByTestId('user')).toHaveCount(0);
  expect(page.url()).toBe(`${ORIGIN}/`);

  // Refresh token first, then the access token, form-encoded (the sandbox, as RFC 7009 §2.1 asks, revokes
  // every token of the grant with the first, so the second finds its token already revoked).
  const revocations = await received(page, 'revocation');
  expect(revocations.map((entry) => entry.body?.token_type_hint)).toEqual(['refresh_token', 'access_token']);
  expect(revocations.map((entry) => entry.status)).toEqual([200, 200]);
  expect(revocations.map((entry) => entry.meta)).toEqual([
    { revoked: 'RefreshToken', grant: 'revoked' },
    { revoked: null, token: 'AccessToken', reason: 'already revoked' },
  ]);
  expect((await received(page, 'end_session')).length).toBeGreaterThan(0);
  expect((await received(page, 'end_session_confirm')).map((entry) => entry.meta)).toEqual([{ logout: 'everywhere' }]);

  const refused = await page.request.post(`${SANDBOX_URL}/oidc/token`, {
    form: { grant_type: 'refresh_token', refresh_token: String(tokens.refresh.at(-1)), client_id: 'plinth-demo' },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error).toBe('invalid_grant');
  const userinfo = await page.request.get(`${SANDBOX_URL}/oidc/me`, {
    headers: { authorization: `Bearer ${tokens.access.at(-1)}` },
  });
  expect(userinfo.status()).toBe(401);
});

// oidc-provider asks before it ends its own session. "No, stay signed in" keeps the provider's session (it
// still ends this client's grant there), so the user must come back signed in: silently, with new tokens,
// in every tab; the old tokens stay revoked (never a kept session on revoked tokens). "Yes" is the control:
// signed out in every tab, tokens refused.
for (const [choice, staysSignedIn] of [
  ['No, stay signed in', true],
  ['Yes, sign me out', false],
] as const) {
  test(`the provider's "Sign out?" page, "${choice}": ${staysSignedIn ? 'still signed in, in every tab, on new tokens' : 'signed out in every tab'}`, async ({
    page,
    context,
  }) => {
    const tokens = captureTokens(page);
    const logins = new Set<string>(); // the provider's sign-in pages shown (one per sign-in, GET then POST)
    context.on('request', (request) => {
      if (request.isNavigationRequest() && request.url().startsWith(`${SANDBOX_URL}/oidc/interaction/`))
        logins.add(request.url());
    });
    await signInAtAccount(page);
    const second = await context.newPage();
    await second.goto('/'); // restored silently from the provider's session
    await expect(second.getByTestId('user')).toHaveText('Ada Lovelace');
    const old = { access: String(tokens.access.at(-1)), refresh: String(tokens.refresh.at(-1)) };

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(second.getByTestId('status')).toHaveText('signedOut'); // at once, before the provider answers
    await page.getByRole('button', { name: choice }).click();
    await expect(page).toHaveURL(`${ORIGIN}/`);
    // Settled: the app has had its answer from the provider (no request for half a second).
    await page.waitForLoadState('networkidle');

    if (staysSignedIn) {
      await expect(page.getByTestId('status')).toHaveText('signedIn');
      await expect(page.getByTestId('user')).toHaveText('Ada Lovelace');
      await expect(second.getByTestId('status')).toHaveText('signedIn');
      await expect(second.getByTestId('user')).toHaveText('Ada Lovelace');
      await expect(page.getByRole('alert')).toHaveCount(0);
      expect(logins.size).toBe(1); // the first sign-in only: nobody typed a password again
      // A working session: a token from the app, accepted by the provider, and not the revoked one.
      await page.evaluate(() => {
        history.pushState(null, '', '/account');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.getByRole('button', { name: 'Get token' }).click();
      await expect(page.getByTestId('tokens')).toHaveText('1');
      const fresh = String(tokens.access.at(-1));
      expect(fresh).not.toBe(old.access);
      const accepted = await page.request.get(`${SANDBOX_URL}/oidc/me`, {
        headers: { authorization: `Bearer ${fresh}` },
      });
      expect(accepted.status()).toBe(200);
    } else {
      await expect(page.getByTestId('status')).toHaveText('signedOut');
      await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
      await expect(second.getByTestId('status')).toHaveText('signedOut');
      await page.reload();
      await expect(page.getByTestId('status')).toHaveText('signedOut');
      expect(await page.evaluate(() => localStorage.getItem('plinth.auth.session'))).toBeNull();
    }

    expect((await received(page, 'end_session_confirm')).map((entry) => entry.meta)).toEqual([
      { logout: staysSignedIn ? 'this client' : 'everywhere' },
    ]);
    // Either way the tokens held when "Sign out" was clicked are dead, both of them.
    const refused = await page.request.post(`${SANDBOX_URL}/oidc/token`, {
      form: { grant_type: 'refresh_token', refresh_token: old.refresh, client_id: 'plinth-demo' },
    });
    expect((await refused.json()).error).toBe('invalid_grant');
    const userinfo = await page.request.get(`${SANDBOX_URL}/oidc/me`, {
      headers: { authorization: `Bearer ${old.access}` },
    });
    expect(userinfo.status()).toBe(401);
    await second.close();
  });
}

test('a provider error=access_denied ends in the typed error, no tokens and no loop', async ({ page, context }) => {
  await page.goto('/account');
  await page.waitForURL((url) => url.href.startsWith(`${SANDBOX_URL}/oidc/interaction/`));
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page.getByRole('alert')).toContainText('access_denied');
  await expect(page.getByTestId('error-code')).toHaveText('access_denied');
  await expect(page.getByTestId('fallback')).toBeVisible();
  expect(page.url()).toBe(`${ORIGIN}/account`);
  expect(await codeExchanges(page)).toHaveLength(0);
  // No loop: a reload within 30 s stays put, and so does the guard.
  await page.reload();
  await expect(page.getByTestId('fallback')).toBeVisible();
  await expect(page.getByTestId('status')).toHaveText('signedOut');
  expect(page.url()).toBe(`${ORIGIN}/account`);
  expect(await received(page, 'authorization')).toHaveLength(1);
  expect(await storageAndCookies(page, context)).not.toMatch(/access_token|refresh_token/);
  // "Try again" is an explicit sign-in: allowed.
  await page.getByRole('link', { name: 'Sign in' }).click();
  await login(page);
  await expect(page.getByTestId('name')).toHaveText('Ada Lovelace');
});

test('a tampered state ends in state_mismatch with no token request and no loop', async ({ page }) => {
  await signInAtAccount(page); // a provider session: the next authorization answers with a redirect at once
  await page.evaluate(() => localStorage.removeItem('plinth.auth.session')); // no silent restore on the next load
  // The authorization request is the first of its redirect chain, so it can be routed: its answer's
  // redirect to the callback goes out with another state.
  await page.route(
    (url) => url.href.startsWith(`${SANDBOX_URL}/oidc/auth`),
    async (route) => {
      const response = await route.fetch({ maxRedirects: 0 });
      const location = new URL(response.headers().location ?? '', SANDBOX_URL);
      if (location.pathname !== '/auth/callback') return route.fulfill({ response });
      location.searchParams.set('state', 'tampered');
      await route.fulfill({ status: 302, headers: { location: location.href } });
    },
  );
  await page.goto('/signin?returnTo=%2Faccount');
  await expect(page.getByTestId('error-code')).toHaveText('state_mismatch');
  await expect(page.getByRole('alert')).toBeVisible();
  expect(page.url()).toBe(`${ORIGIN}/`); // no stored request to take a returnTo from
  await expect(page.getByTestId('status')).toHaveText('error');
  expect(await codeExchanges(page)).toHaveLength(1); // the first sign-in only
  expect((await received(page, 'authorization')).length).toBe(2);
});

test('a replayed code ends in invalid_grant with no tokens', async ({ page, context }) => {
  let callbackUrl = '';
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.url().includes('/auth/callback?')) callbackUrl = request.url();
  });
  await page.goto('/account');
  await page.waitForURL((url) => url.href.startsWith(`${SANDBOX_URL}/oidc/interaction/`));
  // The stored sign-in request, copied before the callback consumes it.
  const stored = (await context.storageState()).origins
    .find((origin) => origin.origin === ORIGIN)
    ?.localStorage.find((item) => item.name.startsWith('oidc.'));
  expect(stored).toBeDefined();
  await login(page);
  await expect(page.getByTestId('name')).toHaveText('Ada Lovelace');

  await page.evaluate(
    ([name, value]) => localStorage.setItem(name as string, value as string),
    [stored?.name, stored?.value],
  );
  await page.goto(callbackUrl);
  await expect(page.getByTestId('error-code')).toHaveText('invalid_grant');
  await expect(page.getByTestId('user')).toHaveCount(0);
  expect(page.url()).toBe(`${ORIGIN}/account`);
  const exchanges = await codeExchanges(page);
  expect(exchanges.map((entry) => entry.status)).toEqual([200, 400]);
  expect(exchanges[1]?.error).toMatch(/invalid_grant/);
});

test('returnTo attacks (absolute, protocol-relative, backslash, encoded) land on /', async ({ page }) => {
  const attacks = ['https://evil.example', '//evil.example', '/\\evil.example', '/%2F%2Fevil.example'];
  for (const [i, returnTo] of attacks.entries()) {
    if (i > 0) await page.evaluate(() => localStorage.removeItem('plinth.auth.session')); // no silent restore
    await page.goto(`/signin?returnTo=${encodeURIComponent(returnTo)}`);
    if (i === 0) await login(page); // later rounds ride on the provider's session
    await expect(page.getByTestId('home')).toBeVisible();
    await expect(page.getByTestId('status')).toHaveText('signedIn');
    expect(page.url()).toBe(`${ORIGIN}/`);
    expect(await codeExchanges(page)).toHaveLength(i + 1); // each round went through the provider
  }
});

// Tokens live in memory, one store per page: two tabs never share a refresh token, but two session
// clients on one page do (e.g. two providers with the same settings, /twice). Both schedule their renewal
// for the same moment; the token endpoint is slowed so both would send the same rotating refresh token.
// Only the cross-tab lock (withTabLock) makes the second wait and take the first one's tokens: without it,
// the provider sees the refresh token twice and answers invalid_grant.
test('two session clients sharing the page’s tokens renew with one refresh grant (the cross-tab lock)', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.route(`${SANDBOX_URL}/oidc/token`, async (route) => {
    if (route.request().postData()?.includes('grant_type=refresh_token')) await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await signInAtAccount(page);
  await page.evaluate(() => {
    history.pushState(null, '', '/twice');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByTestId('status-second')).toHaveText('signedIn');
  const first = await page.getByTestId('expires').textContent();
  // Sentinel: both renewed (a later expiry) …
  await expect(page.getByTestId('expires')).not.toHaveText(String(first), { timeout: 20_000 });
  await expect(page.getByTestId('expires-second')).not.toHaveText(String(first), { timeout: 20_000 });
  // … with one refresh grant between them, and both still signed in.
  const all = await refreshes(page);
  expect(all.filter((entry) => entry.status !== 200)).toEqual([]);
  expect(all).toHaveLength(1);
  await expect(page.getByTestId('status')).toHaveText('signedIn');
  await expect(page.getByTestId('status-second')).toHaveText('signedIn');
});

// Forced renewal (react-oidc-context's signinSilent) against the real provider. renewBeforeSeconds: 0 puts the
// scheduled renewal at the 8 s expiry, so the refresh grant seen before it is refresh()'s.
test('refresh() renews now: one refresh grant, a working new token, and the scope the provider granted', async ({
  page,
}) => {
  await page.addInitScript(() => sessionStorage.setItem('e2e.settings', JSON.stringify({ renewBeforeSeconds: 0 })));
  const tokens = captureTokens(page);
  await signInAtAccount(page);
  expect(await refreshes(page)).toEqual([]);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByTestId('refreshed')).toHaveText('1');
  const grants = await refreshes(page);
  expect(grants.map((entry) => entry.status)).toEqual([200]);
  await expect(page.getByTestId('status')).toHaveText('signedIn');
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(tokens.access).toHaveLength(2);
  const accepted = await page.request.get(`${SANDBOX_URL}/oidc/me`, {
    headers: { authorization: `Bearer ${tokens.access.at(-1)}` },
  });
  expect(accepted.status()).toBe(200);
  // Asked for offline_access (discovery lists it); oidc-provider grants it only with prompt=consent: the state
  // says what was granted, not what was asked for.
  expect(String((await received(page, 'authorization'))[0]?.query?.scope).split(' ')).toContain('offline_access');
  const granted = String(await page.getByTestId('scope').textContent()).split(' ');
  expect(granted).toEqual(expect.arrayContaining(['openid', 'profile', 'email']));
  expect(granted).not.toContain('offline_access');
});

test('signOut({ returnTo }) through the end-session page lands on returnTo; { local: true } never visits it', async ({
  page,
  context,
}) => {
  const tokens = captureTokens(page);
  const logins = new Set<string>();
  context.on('request', (request) => {
    if (request.isNavigationRequest() && request.url().startsWith(`${SANDBOX_URL}/oidc/interaction/`))
      logins.add(request.url());
  });
  await signInAtAccount(page);
  await page.getByRole('button', { name: 'Leave (to /bye)' }).click();
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(`${ORIGIN}/bye?from=menu`);
  await expect(page.getByTestId('status')).toHaveText('signedOut');
  // The registered post-logout URI, unchanged: returnTo travelled in the stored state.
  const [endSession] = await received(page, 'end_session');
  expect(endSession?.query?.post_logout_redirect_uri).toBe(`${ORIGIN}/`);

  await page.goto('/signin?returnTo=%2Faccount'); // explicit: the tab's automatic sign-in was used above
  await login(page);
  await expect(page.getByTestId('name')).toHaveText('Ada Lovelace');
  const held = String(tokens.refresh.at(-1));
  const before = (await received(page, 'end_session')).length;
  await page.getByRole('button', { name: 'Leave this app only' }).click();
  await expect(page).toHaveURL(`${ORIGIN}/`);
  await expect(page.getByTestId('status')).toHaveText('signedOut');
  await expect(page.getByTestId('home')).toBeVisible();
  // Revoked here, the provider's page never visited …
  await expect.poll(async () => (await received(page, 'revocation')).length).toBe(4); // two at each sign-out
  expect((await received(page, 'end_session')).length).toBe(before);
  const refused = await page.request.post(`${SANDBOX_URL}/oidc/token`, {
    form: { grant_type: 'refresh_token', refresh_token: held, client_id: 'plinth-demo' },
  });
  expect((await refused.json()).error).toBe('invalid_grant');
  // … so its session lives on: signing in again asks for no password.
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByTestId('status')).toHaveText('signedIn');
  expect(logins.size).toBe(2);
});

test('sign-out in one tab signs every tab out', async ({ page, context }) => {
  await signInAtAccount(page);
  const second = await context.newPage();
  // Home, not /account: there RequireAuth would sign in again at once (the first tab is still on the
  // provider's "Sign out?" page, so the provider's session is alive).
  await second.goto('/'); // restored silently from the provider's session
  await expect(second.getByTestId('user')).toHaveText('Ada Lovelace');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(second.getByTestId('status')).toHaveText('signedOut');
  await expect(second.getByTestId('user')).toHaveCount(0);
  await second.close();
});
