import { expect, received, test } from './fixtures';

test('the inspector shows what the sandbox receives, live', async ({ page, errors }) => {
  await page.goto('/');
  const inspector = page.getByRole('complementary', { name: 'Sandbox inspector' });
  await expect(inspector.getByRole('status')).toHaveAttribute('aria-label', 'sandbox live');
  await page.getByRole('button', { name: 'Accept all' }).click();
  await expect(inspector.locator('li[data-vendor="collect"]').first()).toContainText('POST /collect/demo');
  await page.getByRole('link', { name: 'Article', exact: true }).click();
  await expect(inspector.locator('li[data-vendor="collect"]')).toHaveCount(2);
  await expect(inspector.locator('li[data-vendor="collect"]').first()).toContainText('/article');
  expect((await received(page)).length).toBe(2);
  expect(errors).toEqual([]);
});

test('the header shows the sandbox OpenID provider', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('[data-slot="sign-in"]')).toHaveText('Identity provider ready');
});

test('the article reveals sections on scroll and sanitises a hostile SVG', async ({ page, errors }) => {
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs++;
    void dialog.dismiss();
  });
  const iconRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/icons/')) iconRequests.push(new URL(r.url()).pathname);
  });
  await page.goto('/article');
  await expect(page.getByRole('heading', { name: 'Section 1', level: 2 })).toBeVisible();
  await expect(page.locator('[data-section="8"] h2')).toHaveCount(0); // not rendered yet
  const hostile = page.locator('.hostile svg');
  await expect(hostile).toHaveCount(1);
  const html = await hostile.evaluate((svg) => svg.outerHTML);
  expect(html).not.toMatch(/<script|onload|javascript:|foreignObject/i);
  // A hostile link in the rich text renders as text, not as a link.
  await expect(page.getByText('hostile javascript: link')).toBeVisible();
  await expect(page.getByRole('link', { name: 'hostile javascript: link' })).toHaveCount(0);

  for (let i = 0; i < 12; i++) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(50);
  }
  await expect(page.locator('[data-section="8"] h2')).toHaveText('Section 8');
  // 8 sections × 3 icons, one request per URL
  expect(new Set(iconRequests).size).toBe(iconRequests.length);
  expect(dialogs).toBe(0);
  expect(errors).toEqual([]);
});

test('the device page parses the user agent', async ({ page }) => {
  await page.goto('/device');
  await expect(page.getByTestId('ua-browser')).toContainText(/Chrom/);
  await expect(page.getByTestId('ua-os')).toContainText('Linux');
});

test('an unknown route renders the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
});
