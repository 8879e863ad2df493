import { expect, type Page } from '@playwright/test';
import { ORIGIN } from '../playwright.config';
import { sandboxAt as at, journeyTest, login, received, withSettings } from './support';

// Providers that ask for what OpenID Connect only recommends, as Glewlwyd does (a real one from Debian's packages,
// whose own journeys are apps/demo/e2e/glewlwyd.spec.ts): the sandbox's `glewlwyd` profile (e2e/serve.mjs), 8 s
// access tokens. Every authorization request needs a nonce ("nonce required"); prompt=none is answered only with
// the last ID token issued as id_token_hint ("id_token mandatory"), and `interaction_required` when there is no
// session; revocation is refused to a public client (401); sign-out asks "Sign out?".

/** Refresh tokens (not rotated), as scripts/providers/glewlwyd.mjs configures Glewlwyd. */
const REFRESHING = at(9);
/** No refresh tokens: renewals and reloads go through prompt=none in the hidden iframe. */
const HINTED = at(10);

const test = journeyTest(REFRESHING, HINTED);

async function signIn(page: Page, sandbox: string, settings: Record<string, unknown> = {}) {
  await withSettings(page, { authority: `${sandbox}/oidc`, ...settings });
  await page.goto('/account');
  await login(page, sandbox, 'ada');
  await expect(page.getByTestId('status')).toHaveText('signedIn');
  await expect(page.getByTestId('name')).not.toBeEmpty();
}

/**
 * The authorization requests the page (and its hidden iframe) sent to `sandbox`, as sent (the sandbox's recording
 * redacts the nonce and the hint), oldest first: `silent()` the prompt=none ones.
 */
function authorizations(page: Page, sandbox: string) {
  const sent: URLSearchParams[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.href.startsWith(`${sandbox}/oidc/auth?`)) sent.push(url.searchParams);
  });
  return { all: () => sent, silent: () => sent.filter((params) => params.get('prompt') === 'none') };
}
const NONCE = /^[\w-]{43}$/;
const JWT = /^eyJ[\w-]*\.[\w-]+\.[\w-]+$/;

test('a fresh nonce on every request: signed in where one is required, renewed, signed out though revocation is refused', async ({
  page,
}) => {
  const sent = authorizations(page, REFRESHING);
  await signIn(page, REFRESHING);
  expect(sent.all().map((params) => params.get('nonce'))).toEqual([expect.stringMatching(NONCE)]);

  // Renewal past the 8 s access token, with the refresh token.
  const expires = String(await page.getByTestId('expires').textContent());
  await expect(page.getByTestId('expires')).not.toHaveText(expires, { timeout: 15_000 });
  await expect(page.getByTestId('status')).toHaveText('signedIn');

  // Sign-out: the revocation is refused (401), the provider's "Sign out?" page asked, signed out all the same.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(`${ORIGIN}/`);
  await expect(page.getByTestId('status')).toHaveText('signedOut');
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect((await received(page, REFRESHING, 'revocation')).map((entry) => entry.status)).toContain(401);
});

test("prompt=none carries the session's ID token: a renewal in the iframe, and a sealed reload, each with a new nonce", async ({
  page,
}) => {
  const sent = authorizations(page, HINTED);
  await signIn(page, HINTED, { tokenStorage: 'sealed' });

  // The renewal (no refresh token): prompt=none in the hidden iframe, with the ID token of the sign-in as the hint.
  const expires = String(await page.getByTestId('expires').textContent());
  await expect(page.getByTestId('expires')).not.toHaveText(expires, { timeout: 15_000 });
  const [renewal] = sent.silent();
  expect(renewal?.get('id_token_hint')).toMatch(JWT);
  expect(renewal?.get('nonce')).toMatch(NONCE);

  // A reload: the sealed record's ID token is the hint, and the session comes back without a login form. Counted
  // from just before it: on a loaded machine a second renewal fired before the reload (a CI run from a fresh clone).
  const before = sent.silent().length;
  await page.reload();
  await expect(page.getByTestId('status')).toHaveText('signedIn');
  expect(sent.silent()).toHaveLength(before + 1);
  const reload = sent.silent()[before];
  expect(reload?.get('id_token_hint')).toMatch(JWT);
  expect(reload?.get('nonce')).toMatch(NONCE);
  const nonces = sent.all().map((params) => params.get('nonce'));
  expect(new Set(nonces).size).toBe(nonces.length); // a fresh one each time
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test("'memory': a reload has no ID token to hint with, and ends signed out, quietly", async ({ page }) => {
  const sent = authorizations(page, HINTED);
  await signIn(page, HINTED);
  await page.reload();
  await expect(page.getByTestId('status')).toHaveText('signedOut');
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(sent.silent()).toHaveLength(1);
  expect(sent.silent()[0]?.get('id_token_hint')).toBeNull();
  // The provider's answer: no hint, no silent sign-in.
  const [answer] = (await received(page, HINTED, 'authorization')).filter((entry) => entry.query?.prompt === 'none');
  expect(answer?.error).toBe('invalid_request: id_token mandatory');
});

test('no session left at the provider: interaction_required, quietly signed out, nothing sealed kept', async ({
  page,
  context,
}) => {
  const sent = authorizations(page, HINTED);
  await signIn(page, HINTED, { tokenStorage: 'sealed' });
  await context.clearCookies(); // the provider's session cookie (the app keeps none)
  await page.reload();
  await expect(page.getByTestId('status')).toHaveText('signedOut');
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(sent.silent()[0]?.get('id_token_hint')).toMatch(JWT);
  const [answer] = (await received(page, HINTED, 'authorization')).filter((entry) => entry.query?.prompt === 'none');
  expect(answer?.error).toBe('interaction_required');
  // The sealed record went with the refused silent sign-in: the next reload asks nothing.
  await page.reload();
  await expect(page.getByTestId('status')).toHaveText('signedOut');
  expect(sent.silent()).toHaveLength(1);
});
