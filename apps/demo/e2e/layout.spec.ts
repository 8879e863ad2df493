import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/** Horizontal overflow of the page (0 when nothing sticks out). */
const overflow = (page: Page) => page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);

/** The nav's links, in order: every page must be reachable from them. */
const navLinks = async (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();

/**
 * Installed before the page's own scripts: every frame, the header's height and what its sign-in slot shows
 * (`empty` before the auth code has arrived, then its `data-status`), kept each time either changes.
 */
function sampleHeader() {
  const samples: [string, number][] = [];
  (window as { headerSamples?: [string, number][] }).headerSamples = samples;
  const tick = () => {
    const header = document.querySelector('header.top');
    if (header) {
      const slot = header.querySelector('[data-slot="sign-in"]');
      const sample: [string, number] = [
        slot?.getAttribute('data-status') ?? 'empty',
        header.getBoundingClientRect().height,
      ];
      const last = samples.at(-1);
      if (!last || last[0] !== sample[0] || last[1] !== sample[1]) samples.push(sample);
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}
const headerSamples = (page: Page) =>
  page.evaluate(() => (window as { headerSamples?: [string, number][] }).headerSamples ?? []);

/**
 * A first visit (the slot arrives empty, then "Sign in"), a sign-in with a name longer than the slot, and a
 * reload ("Checking session…" while the session comes back, then the name): the header is one height throughout.
 */
async function headerKeepsItsHeight(page: Page, touch: boolean) {
  await page.addInitScript(sampleHeader);
  await page.goto('/');
  await expect(page.locator('[data-slot="sign-in"]')).toHaveText('Sign in');
  const samples = await headerSamples(page);
  await signIn(page, touch, 'Maximilian Featherstonehaugh');
  samples.push(...(await headerSamples(page)));
  await page.reload();
  await expect(page.getByTestId('user-name')).toHaveText('Maximilian Featherstonehaugh');
  samples.push(...(await headerSamples(page)));
  const states = new Set(samples.map(([state]) => state));
  for (const state of ['signedOut', 'loading', 'signedIn']) expect(states).toContain(state);
  const heights = new Map<number, string[]>();
  for (const [state, height] of samples) heights.set(height, [...new Set([...(heights.get(height) ?? []), state])]);
  // One height, whatever the state (a failure lists each height with the states that had it).
  expect([...heights].map(([height, seen]) => `${height} px: ${seen.join(', ')}`)).toHaveLength(1);
}

test.describe('phone, 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a visitor completes the consent choice, then every page fits the screen', async ({ page, errors }) => {
    await page.goto('/');
    const banner = page.getByRole('dialog', { name: 'Your privacy choices' });
    const accept = banner.getByRole('button', { name: 'Accept all' });
    const reject = banner.getByRole('button', { name: 'Reject all' });
    await expect(accept).toBeVisible();
    // Both buttons are on screen without scrolling.
    for (const button of [accept, reject]) {
      const box = await button.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height).toBeLessThanOrEqual(844);
    }
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await accept.tap();
    await expect(banner).toBeHidden();

    const links = await navLinks(page);
    expect(links).toEqual([
      'Home',
      'Article',
      'Your device',
      'Tracked interactions',
      'Break something',
      'Account',
      'Privacy',
    ]);
    // Account is protected: signed out, it sends the visitor to the identity provider (the journeys sign in).
    for (const name of links.filter((link) => link !== 'Account')) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).tap();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Loading page…' })).toHaveCount(0);
      expect(await overflow(page), `${name} overflows horizontally`).toBeLessThanOrEqual(0);
    }
    expect(errors).toEqual([]);
  });

  test('the header wraps instead of overflowing; "Sign in" is one line and a target of at least 24 × 24 px', async ({
    page,
  }) => {
    await page.goto('/');
    const slot = page.locator('[data-slot="sign-in"]');
    await expect(slot).toHaveText('Sign in');
    const link = slot.getByRole('link', { name: 'Sign in' });
    expect(await link.evaluate((el) => el.getClientRects().length)).toBe(1); // one line box: not wrapped
    const box = await link.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(24); // WCAG 2.5.8
    expect(box!.height).toBeGreaterThanOrEqual(24);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });

  test('the header keeps one height through every session state, with a long name', async ({ page, errors }) => {
    await headerKeepsItsHeight(page, true);
    expect(errors).toEqual([]);
  });

  test('the inspector docks as a bottom bar that opens, closes and never hides the end of the page', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Reject all' }).tap();
    const inspector = page.getByRole('complementary', { name: 'Sandbox inspector' });
    const toggle = inspector.getByRole('button', { name: 'Inspector' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(inspector.getByRole('list')).toBeHidden();

    // Scrolled to the end, the page's last line sits above the bar.
    const last = page.locator('main article > :last-child');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const bar = await inspector.boundingBox();
    const end = await last.boundingBox();
    expect(end!.y + end!.height).toBeLessThanOrEqual(bar!.y);

    await toggle.tap();
    await expect(inspector.getByRole('button', { name: 'Hide inspector' })).toHaveAttribute('aria-expanded', 'true');
    await expect(inspector.getByRole('list')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const panel = await inspector.boundingBox();
    const endOpen = await last.boundingBox();
    expect(endOpen!.y + endOpen!.height).toBeLessThanOrEqual(panel!.y);
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    await inspector.getByRole('button', { name: 'Hide inspector' }).tap();
    await expect(inspector.getByRole('list')).toBeHidden();
  });
});

test.describe('desktop, 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the header keeps one height through every session state, with a long name', async ({ page, errors }) => {
    // Beside the inspector's open column: the header's row is 864 px wide.
    await headerKeepsItsHeight(page, false);
    expect(errors).toEqual([]);
  });

  test('the inspector is a column beside the page: it covers no page text, and can be hidden', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Reject all' }).click();
    const inspector = page.getByRole('complementary', { name: 'Sandbox inspector' });
    await expect(inspector.getByRole('list')).toBeVisible();
    const main = page.locator('main');
    const header = page.locator('header.top');
    const panel = (await inspector.boundingBox())!;
    for (const box of [await main.boundingBox(), await header.boundingBox()]) {
      expect(box!.x + box!.width).toBeLessThanOrEqual(panel.x);
    }
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    await inspector.getByRole('button', { name: 'Hide inspector' }).click();
    await expect(inspector.getByRole('list')).toBeHidden();
    const collapsed = (await inspector.boundingBox())!;
    const mainBox = (await main.boundingBox())!;
    expect(mainBox.x + mainBox.width).toBeLessThanOrEqual(collapsed.x);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });
});
