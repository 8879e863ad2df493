import { expect, received, test } from './fixtures';

// Global Privacy Control as Chromium would send it with the setting on: the `Sec-GPC: 1` header on every request
// and `navigator.globalPrivacyControl === true` (defined before the page's own scripts run). The demo marks
// `analytics` (PostHog) as sale or sharing (src/consent.ts).
test.use({ extraHTTPHeaders: { 'Sec-GPC': '1' } });

test('with Global Privacy Control on, nothing of a sale-or-sharing category loads or is sent before the visitor allows it by name', async ({
  page,
}) => {
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
  );
  const posthogRequests: string[] = [];
  const gpcHeaders: (string | undefined)[] = [];
  page.on('request', (request) => {
    if (request.url().includes('posthog')) posthogRequests.push(request.url());
    if (request.resourceType() === 'document') gpcHeaders.push(request.headers()['sec-gpc']);
  });

  await page.goto('/');
  expect(gpcHeaders).toEqual(['1']);
  const banner = page.getByRole('dialog', { name: 'Your privacy choices' });
  // The banner says, in words, that the browser's signal is honoured and what it keeps off.
  await expect(banner).toContainText(
    'Your browser asks sites not to sell or share your data (Global Privacy Control), and we honour it: Analytics stays off, also if you accept all.',
  );
  await banner.getByRole('button', { name: 'Accept all' }).click();
  await expect(banner).toBeHidden();

  // Positive sentinel: the other categories' vendors (granted in the same click) reached the sandbox, and the
  // visitor browsed on; PostHog was never even downloaded.
  await expect.poll(async () => (await received(page, 'launchdarkly,datadog')).length).toBeGreaterThan(0);
  await page.getByRole('link', { name: 'Privacy' }).click();
  await expect(page.getByTestId('consent-analytics')).toHaveText('denied');
  await expect(page.getByTestId('consent-monitoring')).toHaveText('granted');
  expect(posthogRequests).toEqual([]);
  expect(await received(page, 'posthog')).toEqual([]);
  // Proof of consent (src/consent.ts posts each record to the sandbox's collector): the signal's denial, source gpc,
  // then the visitor's Accept all, source banner, analytics still denied.
  const records = async () =>
    (await received(page, 'collect'))
      .filter((e) => e.route === 'consent-records')
      .map((e) => e.body as Record<string, unknown>);
  await expect.poll(async () => (await records()).map((r) => r.source)).toEqual(['gpc', 'banner']);
  const [gpcRecord, accepted] = await records();
  expect(gpcRecord).toMatchObject({
    categories: { analytics: 'denied', monitoring: 'pending' },
    page: expect.stringMatching(/\/$/),
  });
  expect(accepted).toMatchObject({ categories: { analytics: 'denied', monitoring: 'granted', functional: 'granted' } });
  // The signal's denial is not stored as the visitor's own choice.
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('plinth.consent'))) ?? '{}');
  expect(stored).toMatchObject({ gpc: true, decisions: { monitoring: 'granted', functional: 'granted' } });
  expect(stored.decisions.analytics).toBeUndefined();

  // The explicit opt-in, by name: now PostHog loads and the next page view arrives.
  await page.locator('.choices div', { hasText: 'analytics' }).getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByTestId('consent-analytics')).toHaveText('granted');
  await page.getByRole('link', { name: 'Home' }).click();
  await expect
    .poll(async () => (await received(page, 'posthog')).filter((e) => e.route === '$pageview').length)
    .toBeGreaterThan(0);
  expect(posthogRequests.length).toBeGreaterThan(0);
  await expect
    .poll(async () => (await records()).at(-1))
    .toMatchObject({ source: 'banner', categories: { analytics: 'granted' } });
});

test.describe('the inspector’s Global Privacy Control toggle (no signal from the browser)', () => {
  test.use({ extraHTTPHeaders: {} });

  test('gives the page the signal, as the browser would: the banner honours it, and the toggle takes it back', async ({
    page,
  }) => {
    await page.goto('/');
    const banner = page.getByRole('dialog', { name: 'Your privacy choices' });
    await expect(banner).toBeVisible(); // positive sentinel: the banner, without the signal's words
    await expect(banner).not.toContainText('Global Privacy Control');
    // Open at this width (it docks beside the page).
    await expect(page.getByRole('button', { name: 'Hide inspector' })).toHaveAttribute('aria-expanded', 'true');
    const toggle = page.getByRole('checkbox', { name: 'Global Privacy Control (reloads this tab)' });
    await toggle.check();
    await page.waitForURL(/\?gpc=on$/);
    await expect(banner).toContainText(
      'Your browser asks sites not to sell or share your data (Global Privacy Control)',
    );
    await expect(page.getByRole('checkbox', { name: 'Global Privacy Control (reloads this tab)' })).toBeChecked();
    await page.goto('/'); // kept for the tab, as `?cmp=` is
    await expect(banner).toContainText('Global Privacy Control');
    await page.getByRole('checkbox', { name: 'Global Privacy Control (reloads this tab)' }).uncheck();
    await page.waitForURL(/\?gpc=off$/);
    await expect(banner).toBeVisible();
    await expect(banner).not.toContainText('Global Privacy Control');
  });
});
