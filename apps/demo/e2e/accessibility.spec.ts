import { expect, type Page, test } from '@playwright/test';

/**
 * A keyboard-only visitor on a phone (390 × 844) on a first visit, the consent banner open: on every page of the
 * nav, a skip link is the first thing Tab reaches, and every control Tab reaches afterwards, up to the banner's own
 * buttons and the inspector behind them, is on screen and not covered by the banner or the docked inspector
 * (WCAG 2.2, 2.4.11 Focus Not Obscured). Only the keyboard moves focus; `goto` opens each page as a link would.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** The nav's pages but Account, which sends a signed-out visitor to the provider's sign-in page. */
const PAGES = ['/', '/article', '/device', '/interactions', '/break', '/privacy'];
/** More than any page has (Tab wraps round to the skip link well before). */
const MOST_TABS = 120;

interface Focus {
  /** The focused element's tag and name, for the failure message. */
  name: string;
  skipLink: boolean;
  /** Where the visitor cannot see it, in words; empty when it is wholly visible. */
  hidden: string[];
}

/** Where the focused element is, against the viewport and what is fixed over the page (the banner, the inspector). */
const readFocus = (page: Page) =>
  page.evaluate((): Focus | null => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const box = element.getBoundingClientRect();
    const name = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
    const hidden: string[] = [];
    const at = (r: DOMRect) => `${Math.round(r.top)}–${Math.round(r.bottom)} px`;
    // A region taller than the screen (a scrollable list) cannot fit; its top must still be on screen.
    const fits = box.height <= window.innerHeight;
    if (box.top < 0 || (fits && box.bottom > window.innerHeight)) hidden.push(`off screen at ${at(box)}`);
    const overlays = [
      ['the consent banner', document.querySelector('[role="dialog"][aria-modal="false"]')],
      ['the inspector', document.querySelector('.inspector')],
    ] as const;
    for (const [what, overlay] of overlays) {
      if (!overlay || overlay.contains(element)) continue;
      const over = overlay.getBoundingClientRect();
      const [left, right] = [Math.max(box.left, over.left), Math.min(box.right, over.right)];
      const [top, bottom] = [Math.max(box.top, over.top), Math.min(box.bottom, over.bottom)];
      if (left >= right || top >= bottom) continue;
      // They overlap: covered if the overlay is drawn over the element there (not under it).
      const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
      if (hit && overlay.contains(hit) && !element.contains(hit))
        hidden.push(`under ${what} (${at(box)}; ${what} at ${at(over)})`);
    }
    return { name, skipLink: element.matches('.skip-link'), hidden };
  });

test('keyboard only at 390 px with the banner open: a skip link first, then every focused control visible', async ({
  page,
}) => {
  // An upper bound, not a wait: a Tab and a read of the focus for every control of every page, some hundreds of
  // round trips (27 s on a quiet machine; past the default 60 s in a CI run at load 15).
  test.setTimeout(150_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const problems: string[] = [];
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('dialog', { name: 'Your privacy choices' })).toBeVisible();
    // The facilities have arrived (the header's sign-in link) and the page's own chunk too (its heading).
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const first = await readFocus(page);
    if (!first?.skipLink) problems.push(`${path}: Tab 1 reached ${first?.name ?? 'nothing'}, not a skip link`);
    let tabs = 1;
    for (let focus = first; tabs <= MOST_TABS; tabs++) {
      if (focus) for (const where of focus.hidden) problems.push(`${path}: Tab ${tabs}, ${focus.name}: ${where}`);
      await page.keyboard.press('Tab');
      focus = await readFocus(page);
      // Round again to the first control: every control has been seen.
      if (focus === null || (tabs > 1 && focus.skipLink && focus.name === first?.name)) break;
    }
    expect(tabs, `${path}: Tab never came round`).toBeLessThan(MOST_TABS);
  }
  expect(problems).toEqual([]);

  // The skip links work: the first moves focus to the page's content, the second to the banner's choices.
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to your privacy choices' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Your privacy choices' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Accept all' })).toBeFocused();
  expect(errors).toEqual([]);
});

/** The share of an image's pixels that are dark (relative luminance under one half), decoded by the page. */
const ink = (page: Page, png: Buffer) =>
  page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r = 0, g = 0, b = 0] = data.subarray(i, i + 3);
      if (0.2126 * r + 0.7152 * g + 0.0722 * b < 128) dark++;
    }
    return Math.round((dark / (data.length / 4)) * 1000) / 1000;
  }, png.toString('base64'));

test.describe('the visitor’s display settings', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('forced colours (a Windows contrast theme): the choice in force on Privacy is told apart without colour', async ({
    page,
  }) => {
    await page.emulateMedia({ forcedColors: 'active' });
    await page.goto('/privacy');
    const allow = page.getByRole('button', { name: 'Allow', exact: true });
    const [analytics, monitoring] = [allow.nth(0), allow.nth(1)];
    await analytics.click();
    await expect(analytics).toHaveAttribute('aria-pressed', 'true');
    await expect(monitoring).toHaveAttribute('aria-pressed', 'false');
    // The same button, pressed and not, as drawn with the system's few colours, then reduced to light and dark
    // (what is left without colour): a pressed "Allow" must not look like one that is not.
    const [pressed, notPressed] = [
      await ink(page, await analytics.screenshot()),
      await ink(page, await monitoring.screenshot()),
    ];
    expect(Math.abs(pressed - notPressed), `dark pixels: ${pressed} pressed, ${notPressed} not`).toBeGreaterThan(0.1);
  });

  test('reduced motion: a transition or animation anywhere ends at once', async ({ page }) => {
    /** A probe's transition and animation durations in ms, as the page's CSS leaves them. */
    const durations = () =>
      page.evaluate(() => {
        const probe = document.createElement('button');
        probe.style.transition = 'background-color 300ms';
        probe.style.animation = 'none 2s';
        document.querySelector('main')?.append(probe);
        const { transitionDuration, animationDuration } = getComputedStyle(probe);
        probe.remove();
        return [transitionDuration, animationDuration].map((s) => Number.parseFloat(s) * 1000);
      });
    await page.goto('/');
    await expect(page.locator('main')).toBeVisible();
    expect(await durations()).toEqual([300, 2000]);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const [transition, animation] = await durations();
    expect(transition).toBeLessThanOrEqual(0.01);
    expect(animation).toBeLessThanOrEqual(0.01);
  });
});
