import type { Page } from '@playwright/test';
import type { ReceivedRequest } from '@plinth/sandbox';
import { SANDBOX_URL } from '../playwright.config';
import { expect, press, signIn, signOut, test } from './fixtures';

/** Everything the sandbox recorded for these vendors (comma-separated), oldest first. */
async function recorded(page: Page, vendor: string): Promise<ReceivedRequest[]> {
  const response = await page.request.get(`${SANDBOX_URL}/_sandbox/received?vendor=${vendor}`);
  expect(response.ok()).toBe(true);
  return response.json();
}

const VENDORS = 'posthog,launchdarkly,datadog';

test.afterEach(async ({ request }) => {
  await request.post(`${SANDBOX_URL}/_sandbox/launchdarkly/reset`);
});

/** Horizontal overflow of the page (0 when nothing sticks out). */
const overflow = (page: Page) => page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);

/** The vendor SDK chunks (named after their vendor, vite.config.ts) that the page loaded. */
const VENDOR_CHUNK = /\/assets\/(posthog|launchdarkly|datadog|oidc-client-ts)-[\w.-]+\.js$/;

// The newcomer journey on a desktop screen and on a phone (390×844, touch): the same steps, each
// through a control the user can reach (tapped on the phone). Like every journey it runs under the
// strict Content-Security-Policy, and the fixture fails it on any violation: the vendors' SDKs below
// really load and run under it, so "zero violations" covers them.
for (const device of [
  { name: 'desktop', use: {} },
  { name: 'phone 390×844', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
]) {
  test.describe(device.name, () => {
    test.use(device.use);

    test('newcomer: consent, page view, sign-in followed by analytics, flags and logging, a silent restore after a reload, a live flag, sign-out revokes', async ({
      page,
      hasTouch,
    }) => {
      const callbacks: string[] = [];
      const vendorChunks = new Set<string>();
      page.on('request', (r) => {
        if (/\/(auth\/callback|silent-callback)\?/.test(r.url())) callbacks.push(r.url());
      });
      page.on('response', (r) => {
        const vendor = VENDOR_CHUNK.exec(new URL(r.url()).pathname)?.[1];
        if (vendor && r.ok()) vendorChunks.add(vendor);
      });
      await page.goto('/');
      await press(page.getByRole('button', { name: 'Accept all' }), hasTouch);
      await expect
        .poll(async () => (await recorded(page, 'posthog')).filter((e) => e.route === '$pageview').length)
        .toBeGreaterThan(0);
      // The flag service answered: the sandbox serves `home-banner: true` (default false).
      await expect(page.getByTestId('home-banner')).toBeVisible();

      await signIn(page, hasTouch);
      await expect(page).toHaveURL(/\/$/);
      // Signed in, the header (name + Sign out) still fits the screen.
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      const token = (await recorded(page, 'oidc')).find((e) => e.route === 'token');
      const sub = String(token?.meta?.sub);
      expect(sub).toMatch(/\w{8,}/);
      expect(sub).not.toContain('alice');

      // Analytics identify, flags context and logging user follow the session channel.
      await expect
        .poll(async () =>
          (await recorded(page, 'posthog')).some(
            (e) =>
              e.route === '$identify' &&
              (e.body as { properties?: { distinct_id?: string } } | undefined)?.properties?.distinct_id === sub,
          ),
        )
        .toBe(true);
      await expect
        .poll(async () =>
          (await recorded(page, 'launchdarkly')).some((e) => JSON.stringify(e.body ?? '').includes(sub)),
        )
        .toBe(true);

      // A reload starts with no tokens (they live in memory): the session comes back through the hidden
      // `prompt=none` iframe on /silent-callback (framed by the demo, answered by the provider).
      await page.reload();
      await expect(page.getByTestId('user-name')).toHaveText('Alice');
      expect(callbacks.filter((url) => url.includes('/silent-callback?'))).toHaveLength(1);

      await press(page.getByRole('link', { name: 'Break something' }), hasTouch);
      await press(page.getByRole('button', { name: 'Log a warning' }), hasTouch);
      await expect(page.getByRole('button', { name: 'Log a warning' })).toBeEnabled();

      // Flip the flag in the sandbox: Home changes without a reload.
      await press(page.getByRole('link', { name: 'Home' }), hasTouch);
      await expect(page.getByTestId('home-banner')).toBeVisible();
      const marker = await page.evaluate(() => {
        (window as { journeyMarker?: number }).journeyMarker = 1;
        return 1;
      });
      const flipped = await page.request.put(`${SANDBOX_URL}/_sandbox/launchdarkly/flags/home-banner`, {
        data: { value: false },
      });
      expect(flipped.ok()).toBe(true);
      await expect(page.getByTestId('home-banner')).toHaveCount(0);
      expect(await page.evaluate(() => (window as { journeyMarker?: number }).journeyMarker)).toBe(marker);

      // Sign out: through the provider's end-session page, back to the demo, tokens revoked.
      await signOut(page, hasTouch);
      // Back from the provider, @plinth/auth asks it silently whether it kept its session ("No, stay signed
      // in"); after "Yes" it answers login_required and the sign-out stands.
      await expect
        .poll(() => callbacks.filter((url) => url.includes('/silent-callback?') && url.includes('login_required')))
        .toHaveLength(1);
      await expect
        .poll(async () =>
          (await recorded(page, 'oidc'))
            .filter((e) => e.route === 'revocation')
            .map((e) => e.meta?.revoked)
            .filter(Boolean),
        )
        .toContain('RefreshToken');

      // Analytics was reset: what PostHog receives after the sign-out is no longer the signed-in person.
      await expect
        .poll(async () =>
          (await recorded(page, 'posthog')).some((e) => {
            const props = (e.body as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
            return Boolean(props.$last_posthog_reset) && props.distinct_id !== sub;
          }),
        )
        .toBe(true);

      // Datadog sends its batch when the page may exit (hidden, frozen, unloading): leave the page. The
      // warning logged while signed in carries that user (the subject, never the email).
      await page.goto('about:blank');
      await expect
        .poll(async () =>
          (await recorded(page, 'datadog')).some(
            (e) =>
              (e.body as { message?: string } | undefined)?.message === 'Demo: a warning from a component' &&
              (e.body as { usr?: { id?: string } } | undefined)?.usr?.id === sub,
          ),
        )
        .toBe(true);

      // Every vendor's SDK chunk loaded (and, above, each one's traffic arrived): the CSP fixture's
      // "zero violations" covers them.
      expect([...vendorChunks].sort()).toEqual(['datadog', 'launchdarkly', 'oidc-client-ts', 'posthog']);

      // Nothing any vendor received carries a callback's code/state, a token or the email address.
      expect(callbacks.length).toBe(3); // the sign-in, the silent restore after the reload, the check after sign-out
      const secrets = [
        ...callbacks.flatMap((url) => {
          const { searchParams } = new URL(url);
          // An error answer (the check after sign-out: login_required) carries a state and no code.
          const code = searchParams.has('error') ? [] : [searchParams.get('code')];
          return [...code, searchParams.get('state')];
        }),
        'alice@example.com',
      ];
      const payloads = await recorded(page, VENDORS);
      const carrying = (secret: string) =>
        payloads
          .filter((e) => JSON.stringify(e).includes(secret))
          .map((e) => `${e.vendor} ${e.method} ${e.route ?? e.path}`);
      for (const secret of secrets) {
        expect(secret).toBeTruthy();
        expect(carrying(secret ?? ''), 'payloads carrying a callback code/state or the email').toEqual([]);
      }
      expect(payloads.filter((e) => /eyJ[\w-]{10,}\.[\w-]{10,}\./.test(JSON.stringify(e)))).toEqual([]);
    });
  });
}

test('privacy: after "Reject all", sign-in included, no request reaches analytics, flags or logging and no vendor storage exists', async ({
  page,
  context,
}) => {
  const vendorRequests: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.origin === SANDBOX_URL && !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/_sandbox')) {
      vendorRequests.push(r.url());
    }
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Reject all' }).click();
  await signIn(page);
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page.getByTestId('account-name')).toHaveText('Alice');
  await page.getByRole('link', { name: 'Tracked interactions' }).click();
  await page.getByRole('button', { name: /Like this demo/ }).click();
  await page.getByRole('link', { name: 'Home' }).click();

  // Positive sentinel: the token request arrived at the provider (after every page view above was made).
  await expect.poll(async () => (await recorded(page, 'oidc')).some((e) => e.route === 'token')).toBe(true);
  expect(await recorded(page, VENDORS)).toEqual([]);
  expect(vendorRequests).toEqual([]);
  const keys = await page.evaluate(() => [
    ...Object.keys(localStorage),
    ...Object.keys(sessionStorage).map((key) => `session:${key}`),
  ]);
  expect(keys.filter((key) => !/^(session:)?(plinth|oidc\.)/.test(key))).toEqual([]);
  const cookies = (await context.cookies()).map((c) => c.name);
  expect(cookies.filter((name) => /^(ph_|__ph|_dd_|ld[:_])/.test(name))).toEqual([]);
  // Without functional consent the flags stay on their defaults: no banner.
  await expect(page.getByTestId('home-banner')).toHaveCount(0);
});
