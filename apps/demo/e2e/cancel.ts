import type { Page } from '@playwright/test';
import { SANDBOX_URL } from '../playwright.config';
import { expect, signIn, test } from './fixtures';

// Cancel the ways visitors cancel (issue 33). Many providers have no Cancel button on their login page (Glewlwyd
// among them): visitors leave it with the browser's Back. Before, Back loaded /signin?returnTo=…, which started a
// new sign-in at once (Back could never leave), and with the back/forward cache /signin came back showing "Taking
// you to the identity provider…" for ever; after any failed sign-in the header's "Sign in" led to "Sign-in did not
// complete." and started nothing.

/** The authorization requests the sandbox's provider received (each a sign-in the demo started). */
export async function authorizations(page: Page): Promise<number> {
  const response = await page.request.get(`${SANDBOX_URL}/_sandbox/received?vendor=oidc&route=authorization`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as unknown[]).length;
}

/** Notes, in the page, whether it was restored from the back/forward cache (read after Back). */
const watchRestores = (page: Page) =>
  page.addInitScript(() => {
    addEventListener('pageshow', (event) => {
      if (event.persisted) (window as unknown as { restored: boolean }).restored = true;
    });
  });

export const onProvider = (page: Page) =>
  page.waitForURL((url) => url.href.startsWith(`${SANDBOX_URL}/oidc/interaction/`));

/**
 * Back from the provider's page, with the back/forward cache `off` (Playwright's default: Back loads the page anew;
 * e2e/cancel.spec.ts) or `on` (a visitor's Chrome: the page comes back as it left; e2e/cancel-bfcache.spec.ts): the
 * same journeys, the same outcome.
 */
export function backJourneys(cache: 'on' | 'off') {
  test.describe(`the back/forward cache ${cache}`, () => {
    test('Back from the provider to /signin: "did not complete", no new sign-in, and "Sign in" works', async ({
      page,
    }) => {
      await watchRestores(page);
      await page.goto('/');
      await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
      // A link to /signin (a deep link, or the app's own): the sign-in starts at once.
      await page.goto('/signin?returnTo=%2Farticle');
      await onProvider(page);
      expect(await authorizations(page)).toBe(1);

      await page.goBack({ waitUntil: 'commit' }); // a restored page fires no `load`
      await expect(page).toHaveURL(/\/signin\?returnTo=%2Farticle$/);
      await expect(page.getByText('Sign-in did not complete.')).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Sign-in cancelled.' })).toBeVisible();
      const restored = await page.evaluate(() => (window as unknown as { restored?: boolean }).restored === true);
      expect(restored, 'restored from the back/forward cache').toBe(cache === 'on');
      // Nothing started another sign-in: still here, one authorization request.
      await expect(page.getByText('Taking you to the identity provider…')).toHaveCount(0);
      expect(page.url()).toMatch(/\/signin\?returnTo=%2Farticle$/);
      expect(await authorizations(page)).toBe(1);

      // The header's "Sign in" works from here, and the sign-in completes.
      await signIn(page);
      expect(await authorizations(page)).toBe(2);
    });

    test('Back from the provider to the page it left: "Sign-in cancelled", and its "Sign in" works', async ({
      page,
    }) => {
      await page.goto('/article');
      await page.getByRole('link', { name: 'Sign in' }).click();
      await onProvider(page);
      await page.goBack({ waitUntil: 'commit' }); // a restored page fires no `load`
      await expect(page).toHaveURL(/\/article$/);
      const notice = page.getByRole('status').filter({ hasText: 'Sign-in cancelled.' });
      await expect(notice).toBeVisible();
      expect(await authorizations(page)).toBe(1);
      await notice.getByRole('button', { name: 'Sign in' }).click();
      await onProvider(page);
      expect(await authorizations(page)).toBe(2);
    });
  });
}
