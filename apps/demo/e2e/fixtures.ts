import { test as base, expect, type Page } from '@playwright/test';
import type { ReceivedRequest } from '@plinth/sandbox';
import { SANDBOX_URL } from '../playwright.config';

/** A recording whose body is a PostHog event as posthog-js sent it (`route` is the event's name). */
export type Received = Omit<ReceivedRequest, 'body'> & {
  body: { event?: string; timestamp?: string; properties?: Record<string, unknown> } | undefined;
};

/** What the sandbox received for these vendors (comma-separated; default PostHog's events), oldest first. */
export async function received(page: Page, vendor = 'posthog'): Promise<Received[]> {
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
