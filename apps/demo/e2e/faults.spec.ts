import type { Browser, BrowserContext, Page, Route } from '@playwright/test';
import { SANDBOX_URL } from '../playwright.config';
import { expect, test } from './fixtures';

/**
 * Fault drills: the demo with its vendors failing in four ways, each in its own browser context, all
 * four at once (the delayed drill sets the pace, ~10 s). In each: "Accept all", every page of the
 * `<nav>` shows its h1 (with a log on "Break something", which imports Datadog's SDK), the flags show their catalogue defaults (the sandbox serves other values, see
 * the newcomer journey), and the page records no uncaught error, no unhandled rejection and no
 * `[plinth]` console error. Each drill also proves its fault was hit.
 */

const SANDBOX = new URL(SANDBOX_URL).origin;
/** What the sandbox serves as a vendor (the OpenID provider included); `/_sandbox/*` is the inspector's. */
const isVendor = (url: URL) => url.origin === SANDBOX && !url.pathname.startsWith('/_sandbox/');
const isSandbox = (url: URL) => url.origin === SANDBOX;
/** The vendors' lazy chunks, as the build names them (`posthog-[hash].js`, `posthog-[name]-[hash].js`, …). */
const VENDOR_CHUNKS = '**/assets/{posthog,launchdarkly,datadog,oidc-client-ts}-*.js';

/** Every page of the nav, in order, with the h1 it shows. Account last: signed out, it starts a sign-in. */
const PAGES: [link: string, h1: string][] = [
  ['Article', 'Rendered on scroll'],
  ['Your device', 'Your device'],
  ['Tracked interactions', 'Tracked interactions'],
  ['Break something', 'Break something'],
  ['Privacy', 'Privacy choices'],
  ['Home', 'The integration layer, composed'],
  ['Account', 'Your account'],
];

/** The flag catalogue's defaults (apps/demo/src/flags.ts) as Home shows them. */
async function expectFlagDefaults(page: Page) {
  await expect(page.locator('.home')).toHaveAttribute('data-theme', 'light');
  await expect(page.locator('.cta')).toHaveAttribute('data-variant', 'control');
  await expect(page.getByTestId('home-banner')).toHaveCount(0);
}

interface Fault {
  /** The requests the fault caught. */
  hits: string[];
  /** Delayed drill: opens the gate (answers go out once 10 s have passed); resolves when those held have been answered. */
  release?: () => Promise<number>;
}

interface Drill {
  name: string;
  /** Requests the fault must have caught: each SDK did try, and met the fault. */
  mustHit: RegExp[];
  install(context: BrowserContext): Promise<Fault>;
}

const DELAY_MS = 10_000;

const DRILLS: Drill[] = [
  {
    // Playwright refuses the connection for every request to the sandbox's origin (vendors, OpenID
    // provider, inspector): what a stopped sandbox gives, but only in this context, so the other
    // drills (and the journeys, which share the one sandbox the preview server starts) keep theirs.
    name: 'sandbox unreachable',
    mustHit: [/\/sdk\/evalx\//, /\/array\/[^/]+\/config$/, /\/datadog\/intake/, /\/_sandbox\/stream/],
    async install(context) {
      const hits: string[] = [];
      await context.route(isSandbox, (route) => {
        hits.push(route.request().url());
        return route.abort('connectionrefused');
      });
      return { hits };
    },
  },
  {
    // Every vendor endpoint answers 500, with the sandbox's CORS headers so the SDKs do see a 500
    // (not a CORS error); preflights still get the sandbox's own answer.
    name: 'every vendor endpoint answers 500',
    mustHit: [/\/sdk\/evalx\//, /\/array\/[^/]+\/config$/, /\/datadog\/intake/],
    async install(context) {
      const hits: string[] = [];
      await context.route(isVendor, (route) => {
        const request = route.request();
        if (request.method() === 'OPTIONS') return route.continue();
        hits.push(request.url());
        const origin = request.headers().origin;
        return route.fulfill({
          status: 500,
          contentType: 'application/json',
          headers: origin
            ? {
                'access-control-allow-origin': origin,
                'access-control-allow-credentials': 'true',
                'access-control-expose-headers': 'date',
              }
            : {},
          body: '{"error":"fault drill"}',
        });
      });
      return { hits };
    },
  },
  {
    // Every vendor endpoint answers as the sandbox would, but at least 10 s late (past every init
    // timeout), and not before the drill has checked the defaults: the late answers must still be
    // taken without an error, and they are awaited.
    name: 'every vendor endpoint answers after 10 s',
    mustHit: [/\/sdk\/evalx\//, /\/array\/[^/]+\/config$/],
    async install(context) {
      const hits: string[] = [];
      let open: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      const held: Promise<boolean>[] = [];
      await context.route(isVendor, (route: Route) => {
        hits.push(route.request().url());
        const answered = Promise.all([gate, new Promise((resolve) => setTimeout(resolve, DELAY_MS))]).then(() =>
          // The context may be closing by then: nothing left to answer.
          route.continue().then(
            () => true,
            () => false,
          ),
        );
        held.push(answered);
        return answered.then(() => undefined);
      });
      return {
        hits,
        async release() {
          const pending = [...held];
          open();
          return (await Promise.all(pending)).filter(Boolean).length;
        },
      };
    },
  },
  {
    name: 'vendor chunks blocked',
    mustHit: [/\/posthog-/, /\/launchdarkly-/, /\/datadog-/, /\/oidc-client-ts-/],
    async install(context) {
      const hits: string[] = [];
      await context.route(VENDOR_CHUNKS, (route) => {
        hits.push(route.request().url());
        return route.abort('blockedbyclient');
      });
      return { hits };
    },
  },
];

/** The flags' init timeout (@plinth/flags' default, the demo's): past it the status is `timeout`, `failed` or `blocked`. */
const FLAGS_TIMEOUT_MS = 1500;

async function runDrill(browser: Browser, drill: Drill) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const errors: string[] = [];
  const consoleErrors: string[] = [];
  try {
    const fault = await drill.install(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const h1 = page.getByRole('heading', { level: 1 });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const signIn = page.locator('[data-slot="sign-in"]');

    await page.goto('/');
    await page.getByRole('button', { name: 'Accept all' }).click();
    await expect(page.getByRole('dialog', { name: 'Your privacy choices' })).toBeHidden();
    const acceptedAt = Date.now();
    await expect(h1).toHaveText('The integration layer, composed');
    await expectFlagDefaults(page);

    expect((await nav.getByRole('link').allTextContents()).sort()).toEqual(PAGES.map(([link]) => link).sort());
    // Every page of the nav; the delayed drill leaves Account (which starts a sign-in) for after the answers.
    for (const [link, title] of PAGES.filter(([link]) => !fault.release || link !== 'Account')) {
      await nav.getByRole('link', { name: link, exact: true }).click();
      await expect(h1).toHaveText(title);
      // The first log: Datadog's SDK is imported at it (not at consent), so its fault is met here.
      if (link === 'Break something') await page.getByRole('button', { name: 'Log a warning' }).click();
    }
    await nav.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(h1).toHaveText('The integration layer, composed');
    // Past the flags' init timeout, still the defaults, and the page says why.
    await expect.poll(() => Date.now() - acceptedAt).toBeGreaterThan(FLAGS_TIMEOUT_MS);
    await expectFlagDefaults(page);
    await expect(page.locator('[data-flags-status]')).toHaveAttribute(
      'data-flags-status',
      /^(timeout|failed|blocked)$/,
    );
    // Auth did not hang on "Checking session…": signed out, with its link.
    await expect(signIn).toHaveText('Sign in');
    // Datadog sends its batch every 30 s, or when the page is hidden: a headless page never is (another
    // tab in front leaves it `visible`), so its first batch can take the full 30 s.
    for (const pattern of drill.mustHit) {
      await expect
        .poll(() => fault.hits.filter((url) => pattern.test(new URL(url).pathname)).length, {
          message: `requests the fault caught matching ${pattern}`,
          timeout: 40_000,
        })
        .toBeGreaterThan(0);
    }

    if (fault.release) {
      const held = fault.hits.length;
      const answered = await fault.release();
      // Every request held so far was answered (late), while the page kept running…
      expect(answered).toBe(held);
      // …and the flags' late answer was taken: the sandbox's values replace the defaults, live.
      await expect(page.locator('.cta')).toHaveAttribute('data-variant', 'a');
      await expect(page.locator('[data-flags-status]')).toHaveAttribute('data-flags-status', 'ready');
      await expect(page.getByTestId('home-banner')).toBeVisible();
      await nav.getByRole('link', { name: 'Account', exact: true }).click();
      await expect(h1).toHaveText('Your account');
    }
    console.log(`${drill.name}: ${fault.hits.length} requests caught, ${Date.now() - acceptedAt} ms`);
    expect(errors, 'uncaught errors and unhandled rejections').toEqual([]);
    expect(
      consoleErrors.filter((text) => text.startsWith('[plinth]')),
      "Plinth's console errors",
    ).toEqual([]);
  } finally {
    await context.close();
  }
}

test('faults: sandbox unreachable, 500s, 10 s answers, blocked chunks: the demo works, flags default, no error', async ({
  browser,
}) => {
  // An upper bound, not a wait: four browser contexts at once on a shared 2-core machine.
  test.setTimeout(120_000);
  await Promise.all(DRILLS.map((drill) => runDrill(browser, drill)));
});
