import type { Page } from '@playwright/test';
import { expect, received, test } from './fixtures';

/** PostHog's `$pageview` events the sandbox received. */
const pageViews = async (page: Page) => (await received(page)).filter((e) => e.route === '$pageview');

const path = (url: unknown) => {
  const parsed = new URL(String(url));
  return parsed.pathname + parsed.search;
};

test.describe('consent', () => {
  test('the banner asks for analytics, monitoring and functional; nothing is stored before a choice', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    const banner = page.getByRole('dialog', { name: 'Your privacy choices' });
    await banner.getByRole('button', { name: 'Choose…' }).click();
    for (const name of [/Analytics/, /Monitoring/, /Functional/]) {
      await expect(banner.getByRole('checkbox', { name })).not.toBeChecked();
    }
    // Positive sentinel: the inspector is live (its chunk ran), the page rendered; still nothing stored
    // but the demo's own `plinth*` keys, and no cookie.
    await expect(page.getByRole('status', { name: 'sandbox live' })).toBeVisible();
    const keys = await page.evaluate(() => [
      ...Object.keys(localStorage),
      ...Object.keys(sessionStorage).map((key) => `session:${key}`),
    ]);
    expect(keys.filter((key) => !/^(session:)?plinth/.test(key))).toEqual([]);
    expect(await context.cookies()).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('plinth.consent'))).toBeNull();

    await banner.getByRole('button', { name: 'Accept all' }).click();
    await expect(banner).toBeHidden();
    // The banner goes in the click's own frame; the grant (and its record) follows once that frame is painted.
    const stored = async () => JSON.parse((await page.evaluate(() => localStorage.getItem('plinth.consent'))) ?? '{}');
    await expect
      .poll(async () => (await stored()).decisions)
      .toEqual({ analytics: 'granted', monitoring: 'granted', functional: 'granted' });
  });

  test('nothing is loaded or sent before consent; accepting replays the queued page views once, scrubbed, with their own times', async ({
    page,
    errors,
  }) => {
    const posthogRequests: string[] = [];
    const requests: string[] = [];
    page.on('request', (r) => {
      requests.push(r.url());
      if (r.url().includes('posthog')) posthogRequests.push(r.url());
    });
    await page.goto('/');
    const banner = page.getByRole('dialog', { name: 'Your privacy choices' });
    await expect(banner).toBeVisible();

    // In-app navigations (a reload would lose the in-memory queue, as it should).
    await expect(page).toHaveTitle(/Home/);
    const leftHomeAt = Date.now();
    await page.getByRole('link', { name: '/article?code=…&state=…' }).click();
    await expect(page).toHaveURL(/code=SECRET/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rendered on scroll');
    await page.getByRole('link', { name: 'Your device' }).click();
    await expect(page).toHaveTitle(/Your device/);
    // The Device page (a later lazy chunk) has loaded: PostHog's chunk was never requested before it.
    expect(posthogRequests).toEqual([]);

    const acceptedAt = Date.now();
    await banner.getByRole('button', { name: 'Accept all' }).click();
    await expect(banner).toBeHidden();
    await expect.poll(async () => (await pageViews(page)).length).toBe(3);
    const views = await pageViews(page);
    expect(views.map((v) => path(v.body?.properties?.$current_url))).toEqual([
      '/',
      '/article?utm_source=demo',
      '/device',
    ]);
    expect(JSON.stringify(await received(page))).not.toMatch(/SECRET|XYZ/);
    // All three reached the sandbox after the click (nothing was sent before consent)…
    for (const view of views) expect(Date.parse(view.time)).toBeGreaterThanOrEqual(acceptedAt - 5);
    // …and each keeps the time it happened, not the flush time.
    const times = views.map((v) => Date.parse(String(v.body?.timestamp)));
    expect(times[0]).toBeLessThanOrEqual(leftHomeAt);
    expect(times[1]).toBeGreaterThanOrEqual(leftHomeAt);
    expect(times[2]).toBeLessThan(acceptedAt);
    expect(posthogRequests.length).toBeGreaterThan(0);

    // The decision persists first-party: no banner after a reload, and the new page view is sent.
    await page.reload();
    await expect.poll(async () => (await pageViews(page)).length).toBe(4);
    await expect(page.getByRole('dialog', { name: 'Your privacy choices' })).toHaveCount(0);
    // The demo turns replay and surveys on, but the journeys' sandbox neither records sessions nor has a survey
    // (`pnpm start` does: scripts/dev.mjs --replay-surveys): with PostHog's remote config read (the sentinel) and
    // four page views sent, no recorder (75 kB gz), no survey code and no survey request were asked for.
    expect(requests.filter((url) => /\/array\/[^/]+\/config(\?|$)/.test(url)).length).toBeGreaterThan(0);
    expect(requests.filter((url) => /lazy-recorder|surveys|SurveyForm/i.test(url))).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('rejecting sends nothing across navigations; granting later sends; revoking stops sending', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Reject all' }).click();
    for (const name of ['Article', 'Your device', 'Privacy', 'Home']) {
      await page.getByRole('link', { name, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }

    await page.getByRole('link', { name: 'Privacy' }).click();
    const analytics = page.locator('.choices div', { hasText: 'analytics' });
    await analytics.getByRole('button', { name: 'Allow' }).click();
    await expect(page.getByTestId('consent-analytics')).toHaveText('granted');
    await page.getByRole('link', { name: 'Home' }).click();
    // The Home view after the grant is the first thing received: nothing from the rejected navigations.
    await expect
      .poll(async () => (await pageViews(page)).map((v) => path(v.body?.properties?.$current_url)))
      .toEqual(['/']);

    await page.getByRole('link', { name: 'Privacy' }).click();
    await page.locator('.choices div', { hasText: 'analytics' }).getByRole('button', { name: 'Deny' }).click();
    await expect(page.getByTestId('consent-analytics')).toHaveText('denied');
    await page.getByRole('link', { name: 'Article' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rendered on scroll');
    await page.getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The integration layer, composed');
    // Granted again, then one more navigation: a sentinel that arrives after the views made while denied.
    await page.getByRole('link', { name: 'Privacy' }).click();
    await page.locator('.choices div', { hasText: 'analytics' }).getByRole('button', { name: 'Allow' }).click();
    await page.getByRole('link', { name: 'Your device' }).click();
    await expect
      .poll(async () => (await pageViews(page)).map((v) => path(v.body?.properties?.$current_url)))
      .toEqual(['/', '/privacy', '/device']);
  });

  test('choosing per category: monitoring only', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Choose…' }).click();
    await page.getByLabel(/Monitoring/).check();
    await page.getByRole('button', { name: 'Save choices' }).click();
    await page.getByRole('link', { name: 'Privacy' }).click();
    await expect(page.getByTestId('consent-analytics')).toHaveText('denied');
    await expect(page.getByTestId('consent-monitoring')).toHaveText('granted');
    await expect(page.getByTestId('consent-functional')).toHaveText('denied');
    const stored = await page.evaluate(() => localStorage.getItem('plinth.consent'));
    expect(JSON.parse(stored ?? '{}').decisions).toEqual({
      analytics: 'denied',
      monitoring: 'granted',
      functional: 'denied',
    });
  });
});
