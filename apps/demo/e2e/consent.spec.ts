import { expect, received, test } from './fixtures';

test.describe('consent', () => {
  test('nothing is loaded or sent before consent; accepting replays the queued page views once, scrubbed', async ({
    page,
    errors,
  }) => {
    const beaconRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('beacon')) beaconRequests.push(r.url());
    });
    await page.goto('/');
    const banner = page.getByRole('dialog', { name: 'Your privacy choices' });
    await expect(banner).toBeVisible();

    // In-app navigations (a reload would lose the in-memory queue, as it should).
    await page.getByRole('link', { name: '/article?code=…&state=…' }).click();
    await expect(page).toHaveURL(/code=SECRET/);
    await page.getByRole('link', { name: 'Your device' }).click();
    await expect(page).toHaveTitle(/Your device/);
    await page.waitForTimeout(300);
    expect(await received(page)).toEqual([]);
    expect(beaconRequests).toEqual([]); // the beacon chunk is not even downloaded

    await banner.getByRole('button', { name: 'Accept all' }).click();
    await expect(banner).toBeHidden();
    await expect.poll(async () => (await received(page)).length).toBe(3);
    const views = await received(page);
    expect(views.map((v) => v.body?.type)).toEqual(['page_view', 'page_view', 'page_view']);
    const urls = views.map(
      (v) => new URL(String(v.body?.properties?.url)).pathname + new URL(String(v.body?.properties?.url)).search,
    );
    expect(urls).toEqual(['/', '/article?utm_source=demo', '/device']);
    expect(JSON.stringify(views)).not.toMatch(/SECRET|XYZ/);
    expect(beaconRequests.length).toBeGreaterThan(0);

    // The decision persists first-party: no banner after a reload, and the new page view is sent.
    await page.reload();
    await expect(page.getByRole('dialog', { name: 'Your privacy choices' })).toBeHidden();
    await expect.poll(async () => (await received(page)).length).toBe(4);
    expect(errors).toEqual([]);
  });

  test('rejecting sends nothing across navigations; revoking later stops sending', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Reject all' }).click();
    for (const name of ['Article', 'Your device', 'Privacy', 'Home']) {
      await page.getByRole('link', { name, exact: true }).click();
    }
    await page.waitForTimeout(300);
    expect(await received(page)).toEqual([]);

    await page.getByRole('link', { name: 'Privacy' }).click();
    await page.getByTestId('consent-analytics').waitFor();
    const row = page.locator('.choices div', { hasText: 'analytics' });
    await row.getByRole('button', { name: 'Allow' }).click();
    await expect(page.getByTestId('consent-analytics')).toHaveText('granted');
    await page.getByRole('link', { name: 'Home' }).click();
    await expect.poll(async () => (await received(page)).length).toBe(1);

    await page.getByRole('link', { name: 'Privacy' }).click();
    await page.locator('.choices div', { hasText: 'analytics' }).getByRole('button', { name: 'Deny' }).click();
    await page.getByRole('link', { name: 'Article' }).click();
    await page.getByRole('link', { name: 'Home' }).click();
    await page.waitForTimeout(300);
    // the Privacy page view (sent while granted) is the last one
    const views = await received(page);
    expect(views.map((v) => new URL(String(v.body?.properties?.url)).pathname)).toEqual(['/', '/privacy']);
  });

  test('choosing per category: monitoring only', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Choose…' }).click();
    await page.getByLabel(/Monitoring/).check();
    await page.getByRole('button', { name: 'Save choices' }).click();
    await page.getByRole('link', { name: 'Privacy' }).click();
    await expect(page.getByTestId('consent-analytics')).toHaveText('denied');
    await expect(page.getByTestId('consent-monitoring')).toHaveText('granted');
    const stored = await page.evaluate(() => localStorage.getItem('plinth.consent'));
    expect(JSON.parse(stored ?? '{}').decisions).toEqual({ analytics: 'denied', monitoring: 'granted' });
  });
});
