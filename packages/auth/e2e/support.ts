import { test as base, expect, type Page } from '@playwright/test';
import { SANDBOX_URL } from '../playwright.config';

/** The journeys' shared parts: the sandboxes e2e/serve.mjs starts, their recordings, the app's settings, a sign-in. */

/** The sandbox `offset` ports after the main one (e2e/serve.mjs: +1 hostile, +2 strict, +3 blocked, +4 … +7 the profiles, +8 SameSite=None cookies, +9 and +10 Glewlwyd's ways). */
export const sandboxAt = (offset: number) =>
  SANDBOX_URL.replace(/:(\d+)$/, (_m, port: string) => `:${Number(port) + offset}`);

/** One request a sandbox's OpenID provider recorded (`/_sandbox/received?vendor=oidc`). */
export interface Recorded {
  id: number;
  route?: string;
  status: number;
  error?: string;
  body?: Record<string, unknown>;
  query?: Record<string, unknown>;
  meta?: Record<string, unknown>;
}

/** What the OpenID provider of `sandbox` recorded, oldest first (of one `route`, or all). */
export async function received(page: Page, sandbox: string, route?: string): Promise<Recorded[]> {
  const response = await page.request.get(`${sandbox}/_sandbox/received?vendor=oidc${route ? `&route=${route}` : ''}`);
  expect(response.ok()).toBe(true);
  return response.json();
}

/** The journeys' app settings for this page (read by e2e/app/main.tsx before any of its scripts runs). */
export const withSettings = (page: Page, settings: Record<string, unknown>) =>
  page.addInitScript((value) => sessionStorage.setItem('e2e.settings', value), JSON.stringify(settings));

/** On the provider's sign-in page of `sandbox` (the browser is on its way there): signs in as `login`. */
export async function login(page: Page, sandbox: string, name: string) {
  await page.waitForURL((url) => url.href.startsWith(`${sandbox}/oidc/interaction/`));
  await page.getByLabel('Login').fill(name);
  await page.getByLabel('Password').fill('anything');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * The journeys' `test`: an uncaught error or unhandled rejection in the page fails the journey, and the
 * recordings of `sandboxes` start empty.
 */
export const journeyTest = (...sandboxes: string[]) =>
  base.extend<{ errors: string[] }>({
    errors: [
      async ({ page }, use) => {
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        for (const sandbox of sandboxes) await page.request.delete(`${sandbox}/_sandbox/received`);
        await use(errors);
        expect(errors).toEqual([]);
      },
      { auto: true },
    ],
  });
