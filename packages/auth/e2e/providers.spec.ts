import { expect, type Page } from '@playwright/test';
import { ORIGIN } from '../playwright.config';
import { sandboxAt as at, journeyTest, login, received, withSettings } from './support';

// A journey per provider profile (@plinth/sandbox OIDC_PROFILES, one sandbox each, started by e2e/serve.mjs):
// the providers' own quirks, met through the public API of the journeys' app (e2e/app/main.tsx).

const ENTRA = at(4);
const COGNITO = at(5);
const KEYCLOAK = at(6);
const GOOGLE = at(7);
const CONSUMERS = '9188040d-6c67-4c5b-b112-36a304b66dad';

const test = journeyTest(ENTRA, COGNITO, KEYCLOAK, GOOGLE);

async function signIn(page: Page, sandbox: string, name: string) {
  await page.goto('/account');
  await login(page, sandbox, name);
}

/** Signs out through the provider's "Sign out?" page (oidc-provider asks), back on the app signed out. */
async function signOutAsked(page: Page) {
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(`${ORIGIN}/`);
  await expect(page.getByTestId('status')).toHaveText('signedOut');
  await expect(page.getByRole('alert')).toHaveCount(0);
}

test.describe('Entra ID, multi-tenant (authority /common/v2.0, discovery issuer {tenantid})', () => {
  test.afterEach(async ({ page }) => {
    await page.request.put(`${ENTRA}/_sandbox/oidc/id-token-tenant`, { data: { tenant: null } });
    await page.request.put(`${ENTRA}/_sandbox/oidc/signing-key-tenant`, { data: { tenant: null } });
  });

  // Entra's keys carry `issuer`: the shared keys the {tenantid} template, a tenant's own keys that tenant's issuer.
  // A key of one tenant must not sign a token naming another (Microsoft.IdentityModel's signing-key issuer check).
  for (const [keyTenant, accepted] of [
    ['5f3c1f0e-2d7a-4b8e-9c61-0a4e8b7d2c15', true], // contoso.example's own tenant (the sandbox profile's '*')
    ['f8cdef31-a31e-4b4a-93e4-5f571e91255a', false],
  ] as const) {
    test(`a signing key whose issuer names ${accepted ? 'the token’s own tenant: signed in' : 'another tenant: refused (issuer_mismatch)'}`, async ({
      page,
    }) => {
      await page.request.put(`${ENTRA}/_sandbox/oidc/signing-key-tenant`, { data: { tenant: keyTenant } });
      await withSettings(page, { authority: `${ENTRA}/oidc/common/v2.0` });
      await signIn(page, ENTRA, 'ada@contoso.example');
      if (accepted) {
        await expect(page.getByTestId('name')).toHaveText('Ada');
        return;
      }
      await expect(page.getByTestId('error-code')).toHaveText('issuer_mismatch');
      await expect(page.getByRole('alert')).toContainText(`signing key belongs to`);
      await expect(page.getByRole('alert')).toContainText(keyTenant);
      await expect(page.getByTestId('status')).toHaveText('error');
    });
  }

  test('signs in with the token tenant resolving the issuer template, and out', async ({ page }) => {
    await withSettings(page, { authority: `${ENTRA}/oidc/common/v2.0` });
    await signIn(page, ENTRA, 'ada@contoso.example');
    await expect(page).toHaveURL(`${ORIGIN}/account`);
    await expect(page.getByTestId('name')).toHaveText('Ada');
    const [authorize] = await received(page, ENTRA, 'authorization');
    expect(String(authorize?.query?.scope).split(' ')).toContain('offline_access'); // Entra: refresh tokens only with it
    await signOutAsked(page);
  });

  test('refuses an ID token whose iss names another tenant than its tid (issuer_mismatch, after the exchange)', async ({
    page,
  }) => {
    await page.request.put(`${ENTRA}/_sandbox/oidc/id-token-tenant`, {
      data: { tenant: 'f8cdef31-a31e-4b4a-93e4-5f571e91255a' },
    });
    await withSettings(page, { authority: `${ENTRA}/oidc/common/v2.0` });
    await signIn(page, ENTRA, 'ada@contoso.example');
    await expect(page.getByTestId('error-code')).toHaveText('issuer_mismatch');
    await expect(page.getByRole('alert')).toContainText('f8cdef31-a31e-4b4a-93e4-5f571e91255a');
    await expect(page.getByTestId('status')).toHaveText('error');
    const exchanges = await received(page, ENTRA, 'token');
    expect(exchanges.map((entry) => entry.status)).toEqual([200]); // refused on its ID token, not at discovery
  });

  test('an allow-list of tenants: a personal account (the consumers tenant) in', async ({ page }) => {
    await withSettings(page, { authority: `${ENTRA}/oidc/common/v2.0`, tenants: ['consumers'] });
    await signIn(page, ENTRA, 'ada@outlook.com');
    await expect(page.getByTestId('name')).toHaveText('Ada');
  });

  test('an allow-list of tenants: a work account of another tenant out', async ({ page }) => {
    await withSettings(page, { authority: `${ENTRA}/oidc/common/v2.0`, tenants: ['consumers'] });
    await signIn(page, ENTRA, 'ada@contoso.example');
    await expect(page.getByTestId('error-code')).toHaveText('issuer_mismatch');
    await expect(page.getByRole('alert')).toContainText(`not one of \`tenants\` (consumers)`);
    expect(CONSUMERS).toHaveLength(36);
  });
});

test('Cognito: signs in, and out through /logout with client_id and logout_uri, revoking the refresh token only', async ({
  page,
}) => {
  // The sandbox's issuer is not Cognito's (cognito-idp.<region>.amazonaws.com), so it is named.
  await withSettings(page, { authority: `${COGNITO}/oidc`, provider: 'cognito' });
  await signIn(page, COGNITO, 'ada');
  await expect(page.getByTestId('name')).toHaveText('Ada');
  await expect(page.getByTestId('scope')).not.toContainText('offline_access');
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(`${ORIGIN}/`);
  await expect(page.getByTestId('status')).toHaveText('signedOut');
  await expect(page.getByRole('alert')).toHaveCount(0); // no error after a sign-out that worked
  const logout = await received(page, COGNITO, 'end_session');
  expect(logout.map((entry) => [entry.status, entry.meta?.logout])).toEqual([[302, 'everywhere']]);
  expect(logout[0]?.query).toMatchObject({ client_id: 'plinth-demo', logout_uri: `${ORIGIN}/` });
  const revocations = await received(page, COGNITO, 'revocation');
  expect(revocations.map((entry) => [entry.status, entry.meta?.revoked])).toEqual([[200, 'RefreshToken']]);
  // The provider's session ended: the next sign-in (a new tab: this one's automatic sign-in was just used) asks
  // who signs in.
  const next = await page.context().newPage();
  await withSettings(next, { authority: `${COGNITO}/oidc`, provider: 'cognito' });
  await next.goto('/account');
  await next.waitForURL((url) => url.href.startsWith(`${COGNITO}/oidc/interaction/`));
});

test('Keycloak (/realms/plinth): no offline_access unless asked, so no offline session; out through end-session', async ({
  page,
}) => {
  await withSettings(page, { authority: `${KEYCLOAK}/oidc/realms/plinth` });
  await signIn(page, KEYCLOAK, 'ada');
  await expect(page.getByTestId('name')).toHaveText('Ada');
  const [authorize] = await received(page, KEYCLOAK, 'authorization');
  expect(String(authorize?.query?.scope).split(' ')).not.toContain('offline_access');
  const exchanges = await received(page, KEYCLOAK, 'token');
  expect(exchanges.map((entry) => entry.meta?.offlineSession ?? false)).toEqual([false]);
  await page.getByRole('button', { name: 'Get token' }).click(); // a refresh token all the same: Keycloak's way
  await expect(page.getByTestId('tokens')).toHaveText('1');
  await signOutAsked(page);
});

test('Google without a backend: a configuration error naming the way out, before any request', async ({ page }) => {
  await withSettings(page, { authority: `${GOOGLE}/oidc`, provider: 'google' });
  await page.goto('/account');
  await expect(page.getByTestId('error-code')).toHaveText('invalid_option');
  await expect(page.getByRole('alert')).toContainText('token-mediating backend');
  expect(await received(page, GOOGLE, 'authorization')).toEqual([]);
  expect(await received(page, GOOGLE, 'token')).toEqual([]);
});
