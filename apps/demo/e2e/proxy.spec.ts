import type { Page } from '@playwright/test';
import type { ReceivedRequest } from '@plinth/sandbox';
import { PROXY_DEMO_URL, SANDBOX_URL } from '../playwright.config';
import { expect, logWarning, test } from './fixtures';

// The demo's build served a second time through the first-party proxy (`dev.mjs --proxy-port`, the same sandbox):
// on that origin every vendor SDK talks to a path on the demo's own origin (/ingest → PostHog, /ld → LaunchDarkly,
// /dd → Datadog), which the preview server forwards to the sandbox, as an app's reverse proxy forwards to the real
// vendors. Network capture is on in this configuration: it must record the app's own same-origin API
// call and none of PostHog's requests, though both go to the same origin.
test.use({ baseURL: PROXY_DEMO_URL });

async function recorded(page: Page, vendor: string): Promise<ReceivedRequest[]> {
  const response = await page.request.get(`${SANDBOX_URL}/_sandbox/received?vendor=${vendor}`);
  expect(response.ok()).toBe(true);
  return response.json();
}

const props = (entry: ReceivedRequest) =>
  (entry.body as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};

/** A vendor SDK's request, by path (its own, or under the proxy's prefix). */
const VENDOR_REQUEST =
  /\/(e\/|flags\/|array\/|sdk\/evalx\/|sdk\/goals\/|eval\/|events\/bulk\/|events\/diagnostic\/|datadog\/intake|dd\?)/;

test('through a first-party proxy: page views, events, flags and logs arrive; network capture records the app’s API call, never PostHog’s', async ({
  page,
}) => {
  const vendorRequests: string[] = [];
  page.on('request', (r) => {
    if (VENDOR_REQUEST.test(new URL(r.url()).pathname + new URL(r.url()).search)) vendorRequests.push(r.url());
  });

  await page.goto('/');
  await page.getByRole('button', { name: 'Accept all' }).click();
  // Flags: the live value came through /ld (the sandbox serves `home-banner: true`, default false).
  await expect(page.getByTestId('home-banner')).toBeVisible();
  await expect
    .poll(async () => (await recorded(page, 'posthog')).filter((e) => e.route === '$pageview').length)
    .toBeGreaterThan(0);

  await page.getByRole('link', { name: 'Tracked interactions' }).click();
  await page.getByRole('button', { name: /Like this demo/ }).click();
  await page.getByRole('button', { name: "Call the app's API" }).click();
  await expect(page.getByText('API answered')).toBeVisible();

  // Logged, and Datadog's SDK there to hold it before the page is left (fixtures.ts).
  await logWarning(page);

  // The custom event, and the app's own API call as a network request: the positive sentinels.
  await expect.poll(async () => (await recorded(page, 'posthog')).some((e) => e.route === 'demo_liked')).toBe(true);
  await expect
    .poll(async () =>
      (await recorded(page, 'posthog')).some(
        (e) => e.route === '$network_request' && String(props(e).url) === `${PROXY_DEMO_URL}/api/status.json`,
      ),
    )
    .toBe(true);

  // Datadog sends its batch when the page may exit: leave it.
  await page.goto('about:blank');
  await expect
    .poll(async () =>
      (await recorded(page, 'datadog')).some(
        (e) => (e.body as { message?: string } | undefined)?.message === 'Demo: a warning from a component',
      ),
    )
    .toBe(true);
  expect((await recorded(page, 'launchdarkly')).length).toBeGreaterThan(0);

  // Every vendor request went to the demo's own origin (the proxy), none straight to the sandbox.
  expect(vendorRequests.length).toBeGreaterThan(0);
  expect(vendorRequests.filter((url) => new URL(url).origin !== PROXY_DEMO_URL)).toEqual([]);
  // After the sentinels above: none of PostHog's own requests (events, config, flags) was recorded as a
  // network request, though they went to the same origin as the app's API call.
  const network = (await recorded(page, 'posthog')).filter((e) => e.route === '$network_request');
  expect(network.map((e) => String(props(e).url)).filter((url) => url.includes('/ingest'))).toEqual([]);
});
