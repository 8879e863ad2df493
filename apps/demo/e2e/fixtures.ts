import { test as base, expect, type Locator, type Page } from '@playwright/test';
import type { ReceivedRequest } from '@plinth/sandbox';
import { SANDBOX_URL } from '../playwright.config';

/** A recording whose body is a PostHog event as posthog-js sent it (`route` is the event's name). */
export type Received = Omit<ReceivedRequest, 'body'> & {
  body: { event?: string; timestamp?: string; properties?: Record<string, unknown> } | undefined;
};

/** What the sandbox received for these vendors (comma-separated; default PostHog's events), oldest first. */
export async function received(page: Page, vendor = 'posthog'): Promise<Received[]> {
  const response = await page.request.get(`${SANDBOX_URL}/_sandbox/received?vendor=${vendor}`);
  expect(response.ok()).toBe(true);
  return response.json();
}

/**
 * Activates a control as the user would: on a touch screen a tap (Playwright scrolls it into view and
 * checks that nothing covers it, e.g. the docked inspector or the consent sheet), else a click.
 */
export const press = (control: Locator, touch = false) => (touch ? control.tap() : control.click());

/** Signs in on the sandbox provider's own page (any login and password) as `name`, typed in lower case as the login. */
export async function signIn(page: Page, touch = false, name = 'Alice') {
  await press(page.getByRole('link', { name: 'Sign in' }), touch);
  await page.getByLabel('Login').fill(name.toLowerCase());
  await page.getByLabel('Password').fill('anything');
  await press(page.getByRole('button', { name: 'Sign in' }), touch);
  await expect(page.getByTestId('user-name')).toHaveText(name);
}

/** Signs out through the provider's end-session page ("Yes"), back on the demo signed out. */
export async function signOut(page: Page, touch = false) {
  await press(page.getByRole('button', { name: 'Sign out' }), touch);
  await press(page.getByRole('button', { name: 'Yes, sign me out' }), touch);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
}

/** The vendors whose requests may carry a person (PostHog's distinct id, LaunchDarkly's context key, Datadog's usr.id). */
export const PERSON_VENDORS = 'posthog,launchdarkly,datadog';

/** The subject (`sub`) the sandbox provider issued the first token for: who signed in. */
export async function signedInSubject(page: Page): Promise<string> {
  const sub = String((await received(page, 'oidc')).find((e) => e.route === 'token')?.meta?.sub);
  expect(sub).toMatch(/\w{8,}/);
  return sub;
}

/**
 * A visitor opens the demo, accepts every consent category and signs in as `name`: their subject, and the
 * function that lists the recorded requests carrying it.
 */
export async function acceptAllAndSignIn(page: Page, name: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Accept all' }).click();
  await signIn(page, false, name);
  const sub = await signedInSubject(page);
  return { sub, carryingSub: carrying(sub) };
}

/** Each recorded request that carries `sub`: vendor, method, route and where in it (the decoded request). */
export const carrying = (sub: string) => (entries: Received[]) =>
  entries.flatMap((e) => {
    const json = JSON.stringify(e);
    const at = json.indexOf(sub);
    return at === -1
      ? []
      : [`${e.vendor} ${e.method} ${e.route ?? e.path}: …${json.slice(Math.max(0, at - 30), at)}<sub>…`];
  });

/** Logs the demo's warning (Break something); Datadog sends it when the page is left. */
export async function logWarning(page: Page) {
  await page.getByRole('link', { name: 'Break something' }).click();
  await page.getByRole('button', { name: 'Log a warning' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Logged at/ })).toBeVisible();
  // Datadog's SDK is fetched at this first log, and keeps it in a buffer of its own until its session manager has
  // started (asynchronously: preStartLogs.ts); a page left before that takes the log with it (ci21, and once more
  // under a profiler). Once the SDK names its session it has started, the log is in its batch, and leaving the page
  // sends it.
  await page.waitForFunction(
    () =>
      (
        window as { DD_LOGS?: { getInternalContext?: () => { session_id?: string } | undefined } }
      ).DD_LOGS?.getInternalContext?.()?.session_id !== undefined,
  );
}

/** Waits until the recording of `vendors` holds still for a second (the batches sent as a page was left too). */
export async function recordingSettles(page: Page, vendors = PERSON_VENDORS) {
  let count = -1;
  await expect
    .poll(
      async () => {
        const previous = count;
        count = (await received(page, vendors)).length;
        return count === previous;
      },
      { message: 'the recording settles', intervals: [1_000] },
    )
    .toBe(true);
}

/** Reads the person vendors' requests recorded from now on: `since()` lists them, `arrived()` waits for them. */
export async function recordingFromNow(page: Page) {
  const cursor = Math.max(0, ...(await received(page, PERSON_VENDORS)).map((e) => e.id));
  const since = async () => (await received(page, PERSON_VENDORS)).filter((e) => e.id > cursor);
  return {
    since,
    /**
     * The positive sentinel: every one of `endpoints` (`vendor route`) was reached since, then the recording held
     * still for a second (the batches sent as a page was left too). Returns what was recorded since.
     */
    async arrived(endpoints: readonly string[], what: string): Promise<Received[]> {
      await expect
        .poll(async () => {
          const seen = new Set((await since()).map((e) => `${e.vendor} ${e.route}`));
          return endpoints.filter((route) => !seen.has(route));
        }, `endpoints not yet reached ${what}`)
        .toEqual([]);
      await recordingSettles(page);
      return since();
    },
  };
}

/**
 * A Content-Security-Policy violation: a `securitypolicyviolation` event that a page (or any frame in
 * it) dispatched, or Chromium's console report of one. Both are kept: a blocked frame-ancestors framing
 * dispatches no event anywhere, only the console report; every other violation gives both.
 */
interface CspViolation {
  via: 'event' | 'console';
  directive: string;
  blocked: string;
  document: string;
  text: string;
}

const CSP_BINDING = '__plinthCspViolation';

export const test = base.extend<{ errors: string[]; cspViolations: CspViolation[] }>({
  // Every journey starts with an empty recording and records uncaught errors and unhandled
  // rejections; none may happen.
  errors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.request.delete(`${SANDBOX_URL}/_sandbox/received`);
      await use(errors);
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
  // The preview server sends the strict Content-Security-Policy (vite.config.ts) with every page, so
  // every journey runs under it: each violation any frame reports (the silent sign-in iframe too, and
  // across navigations) is recorded, and none may happen. e2e/csp.spec.ts proves the recording works.
  cspViolations: [
    async ({ page, baseURL }, use) => {
      const violations: CspViolation[] = [];
      // Every document the demo serves (each route, the silent sign-in iframe) carries the policy.
      const unprotected: string[] = [];
      page.on('response', (response) => {
        const { origin } = new URL(response.url());
        if (response.request().resourceType() !== 'document' || origin !== new URL(baseURL ?? '').origin) return;
        if (!/script-src 'self'/.test(response.headers()['content-security-policy'] ?? '')) {
          unprotected.push(response.url());
        }
      });
      page.on('console', (message) => {
        const text = message.text();
        if (message.type() !== 'error' || !/Content Security Policy/.test(text)) return;
        violations.push({
          via: 'console',
          directive: /directive:? ["']([\w-]+)/.exec(text)?.[1] ?? '',
          blocked: '',
          document: message.page()?.url() ?? '',
          text: `${text} (${message.location().url})`,
        });
      });
      await page.exposeBinding(CSP_BINDING, (_source, violation: CspViolation) => {
        violations.push(violation);
      });
      await page.addInitScript((binding) => {
        document.addEventListener(
          'securitypolicyviolation',
          (event) => {
            const report = (window as unknown as Record<string, (violation: CspViolation) => void>)[binding];
            report?.({
              via: 'event',
              directive: event.effectiveDirective,
              blocked: event.blockedURI,
              document: event.documentURI,
              text: `${event.sourceFile}:${event.lineNumber} ${event.sample}`,
            });
          },
          true,
        );
      }, CSP_BINDING);
      await use(violations);
      // A round trip, so a violation reported just before the end has reached the binding.
      if (!page.isClosed()) await page.evaluate(() => 0).catch(() => {});
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
      expect(unprotected, 'documents served without the Content-Security-Policy').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
