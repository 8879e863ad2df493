import { SANDBOX_URL } from '../playwright.config';
import { expect, received, signIn, test } from './fixtures';

test('the inspector shows what the sandbox receives, live', async ({ page, errors }) => {
  await page.goto('/');
  const inspector = page.getByRole('complementary', { name: 'Sandbox inspector' });
  await expect(inspector.getByRole('status')).toHaveAttribute('aria-label', 'sandbox live');
  await page.getByRole('button', { name: 'Accept all' }).click();
  const views = inspector.locator('li[data-vendor="posthog"]', { hasText: '$pageview' });
  await expect(views.first()).toContainText('POST /e/');
  await page.getByRole('link', { name: 'Article', exact: true }).click();
  await expect(views).toHaveCount(2);
  await expect(views.first()).toContainText('/article');
  expect((await received(page)).filter((e) => e.route === '$pageview').length).toBe(2);
  expect(errors).toEqual([]);
});

test("the inspector shows only this browser's traffic unless asked for everything", async ({ page }) => {
  // Traffic from an earlier visit, already in the sandbox's recording.
  const earlier = await page.request.post(`${SANDBOX_URL}/collect/demo`, {
    data: JSON.stringify({ type: 'page_view', properties: { url: 'http://127.0.0.1/earlier-visit' } }),
    headers: { 'content-type': 'text/plain' },
  });
  expect(earlier.ok()).toBe(true);
  await expect.poll(async () => (await received(page, 'collect')).length).toBe(1);

  await page.goto('/');
  const inspector = page.getByRole('complementary', { name: 'Sandbox inspector' });
  await expect(inspector.getByRole('status')).toHaveAttribute('aria-label', 'sandbox live');
  await page.getByRole('button', { name: 'Accept all' }).click();
  // Sentinel: this visit's page view is listed; the earlier visit's request, older, is not.
  // The earlier visit's beacon, not this visit's own proof-of-consent records (src/consent.ts posts them to the same
  // collector, stream consent-records).
  const entries = inspector.locator('li[data-vendor="collect"]', { hasNotText: 'consent-records' });
  await expect(inspector.locator('li[data-vendor="posthog"]', { hasText: '$pageview' }).first()).toBeVisible();
  await expect(entries).toHaveCount(0);
  await expect(inspector.getByText('earlier-visit')).toHaveCount(0);
  await expect(inspector.locator('.count')).toHaveText(/^\d+ received$/);

  await inspector.getByLabel('Earlier visits too').check();
  await expect(entries).toHaveCount(1);
  await expect(inspector.getByText('earlier-visit')).toBeVisible();
  await expect(inspector.locator('.count')).toHaveText(/^\d+ received \(all visits\)$/);

  // A reload is the same visit (this tab): its own traffic stays listed, the earlier visit's does not.
  await page.reload();
  await expect(inspector.locator('li[data-vendor="posthog"]').first()).toBeVisible();
  await expect(inspector.getByText('earlier-visit')).toHaveCount(0);
});

test('the header offers "Sign in" back to this page', async ({ page }) => {
  await page.goto('/device');
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin?returnTo=%2Fdevice');
});

test('the first page downloads no rich text, SVG sanitiser or user-agent parser; pages are lazy with a pending state', async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  // Hold the Device page's chunk so its pending state can be seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // (The dev server serves src/pages/Device.tsx; the build, assets/Device-<hash>.js.)
  await page.route(/\/src\/pages\/Device\.tsx|\/assets\/Device-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The integration layer, composed');
  await expect(page.getByRole('status', { name: 'sandbox live' })).toBeVisible();
  const heavy =
    /ua-parser|dompurify|inlinesvg|portabletext|intersection-observer|\/packages\/(rich-text|svg|lazy|user-agent)\/|\/assets\/(Article|Device)-/;
  expect(requested.filter((p) => heavy.test(p))).toEqual([]);

  await page.getByRole('link', { name: 'Your device' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Loading page…' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your device');
  await expect(page.getByRole('status').filter({ hasText: 'Loading page…' })).toHaveCount(0);
  // The parser arrived with the page that needs it.
  expect(requested.filter((p) => /ua-parser|\/assets\/Device-/.test(p)).length).toBeGreaterThan(0);
});

test('a first visit downloads no auth SDK, consent given and pages browsed, until "Sign in"', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  const auth = /oidc-client-ts|\/adapter\/oidc-client-ts|\/jose\b|\/oidc\/\.well-known/;
  await page.goto('/');
  await page.getByRole('button', { name: 'Accept all' }).click();
  // Positive sentinel: consented vendors did load, so the page was live when the absence is read.
  await expect.poll(() => requested.some((p) => /posthog|launchdarkly/i.test(p))).toBe(true);
  await page.getByRole('link', { name: 'Article', exact: true }).click();
  await page.getByRole('link', { name: 'Home' }).click();
  expect(requested.filter((p) => auth.test(p))).toEqual([]);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Login')).toBeVisible(); // on the provider's page
  expect(requested.filter((p) => auth.test(p)).length).toBeGreaterThan(0);
});

test('the app loaded in a hidden sign-in frame (0 × 0, a provider’s code and state in its URL) sends nothing to any vendor; the same frame visible does', async ({
  page,
}) => {
  const fromFrames = new Map<string, string[]>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    const frame = request.frame();
    if (url.origin !== SANDBOX_URL || /^\/(oidc|_sandbox)\b/.test(url.pathname) || !frame.parentFrame()) return;
    fromFrames.set(frame.name(), [...(fromFrames.get(frame.name()) ?? []), url.pathname]);
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Accept all' }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('plinth.consent') ?? '')).toContain('granted');
  // As a dev server serves it: the whole app at a URL carrying the provider's answer, in a frame like
  // oidc-client-ts's (hidden, 0 × 0), and, as the positive sentinel, the same in a visible frame.
  await page.evaluate(() => {
    const frame = (name: string, size: string) => {
      const el = document.createElement('iframe');
      el.name = name;
      el.width = size;
      el.height = size;
      el.src = '/?code=c0de&state=s7a7e';
      document.body.append(el);
    };
    frame('hidden', '0');
    frame('visible', '300');
  });
  // The hidden frame ran the app too (its page is on screen in it)…
  // (a locator, not page.frame(): the frame may not be attached, or named, yet when this line runs)
  const hidden = page.frameLocator('iframe[name="hidden"]');
  await expect(hidden.getByRole('heading', { level: 1 })).toHaveText('The integration layer, composed');
  // …and the visible frame, made at the same moment, got as far as PostHog's first capture (after the SDK's
  // download, its config and LaunchDarkly's evaluation): the clock the hidden frame is measured against.
  await expect.poll(() => fromFrames.get('visible') ?? [], { timeout: 15_000 }).toContain('/e/');
  expect(fromFrames.get('hidden') ?? []).toEqual([]);
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

  for (let n = 2; n <= 8; n++) {
    await page.locator(`[data-section="${n}"]`).scrollIntoViewIfNeeded();
    await expect(page.locator(`[data-section="${n}"] h2`)).toHaveText(`Section ${n}`);
  }
  await expect(page.locator('[data-section="8"] svg')).toHaveCount(3);
  // 8 sections × 3 icons, one request per URL
  expect(new Set(iconRequests).size).toBe(iconRequests.length);
  expect(dialogs).toBe(0);
  expect(errors).toEqual([]);
});

test('the article does not shift while scrolling: CLS ≤ 0.01, placeholders reserve the rendered height', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Reject all' }).click();
  await page.getByRole('link', { name: 'Article', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Section 1', level: 2 })).toBeVisible();
  await expect(page.locator('[data-section="8"] h2')).toHaveCount(0);
  const heights = () =>
    page.locator('[data-section]').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
  const reserved = await heights();

  // Jump to each section so it renders while it is in view (the worst case for layout shift).
  for (let n = 2; n <= 8; n++) {
    await page.locator(`[data-section="${n}"]`).evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await expect(page.locator(`[data-section="${n}"] h2`)).toHaveText(`Section ${n}`);
    await expect(page.locator(`[data-section="${n}"] svg`)).toHaveCount(3);
  }
  const rendered = await heights();
  const pending = await page.locator('[data-section] h2').count();
  expect(pending).toBe(8);
  // Sections that were placeholders at first keep exactly the height that was reserved for them.
  for (let i = 1; i < 8; i++)
    expect(Math.abs((rendered[i] ?? 0) - (reserved[i] ?? 0)), `section ${i + 1}`).toBeLessThan(1);
  const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  console.log(`Article CLS while scrolling: ${cls.toFixed(4)}`);
  expect(cls).toBeLessThanOrEqual(0.01);
});

test('a sign-in cancelled on the provider’s page: a neutral notice with Sign in, no protocol words, nothing left spinning', async ({
  page,
  errors,
}) => {
  await page.goto('/account'); // a protected page: the visitor is sent to sign in
  await page.getByRole('link', { name: 'Cancel' }).click(); // on the provider's sign-in page
  const notice = page.getByRole('status').filter({ hasText: 'Sign-in cancelled.' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText('You’re not signed in.')).toBeVisible();
  await expect(page.getByText('Signing you in…')).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText(/access_denied|aborted|callback/);
  expect(errors).toEqual([]);
});

test('Account offers both sign-outs: "of this app" stays at the provider (signing in again asks no password); "everywhere" asks the provider', async ({
  page,
  errors,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Reject all' }).click();
  await signIn(page);
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await page.getByRole('button', { name: 'Sign out of this app' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  // The provider's session lived on: back in without its sign-in form.
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByTestId('user-name')).toHaveText('Alice');
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page.getByRole('button', { name: 'Yes, sign me out' })).toBeVisible(); // the provider asks
  expect(errors).toEqual([]);
});

test('an unknown route renders the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
});

test('a refused callback shows the error in an alert with a retry, and the URL settles at once', async ({ page }) => {
  await page.goto('/auth/callback?code=forged&state=tampered');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Sign-in didn’t work');
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  // No sign-in was started on its own: the page stays on the demo, signed out.
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
});
