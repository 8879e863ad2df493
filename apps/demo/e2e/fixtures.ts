import { test as base, expect, type Page } from '@playwright/test';
import type { ReceivedRequest } from '@plinth/sandbox';
import { SANDBOX_URL } from '../playwright.config';

/** A recording whose body is the demo beacon's JSON. */
export type Received = Omit<ReceivedRequest, 'body'> & {
  body: { type?: string; time?: string; properties?: Record<string, unknown> } | undefined;
};

/** What the sandbox received from the demo's beacon (vendor `collect`). */
export async function received(page: Page, vendor = 'collect'): Promise<Received[]> {
  const response = await page.request.get(`${SANDBOX_URL}/_sandbox/received?vendor=${vendor}`);
  expect(response.ok()).toBe(true);
  return response.json();
}

export const test = base.extend<{ errors: string[] }>({
  // Every journey starts with an empty recording and records uncaught errors and unhandled
  // rejections; none may happen.
  errors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.request.delete(`${SANDBOX_URL}/_sandbox/received`);
      await use(errors);
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
