import type { Page } from '@playwright/test';
import {
  acceptAllAndSignIn,
  expect,
  logWarning,
  received,
  recordingFromNow,
  signOut,
  test,
  PERSON_VENDORS as VENDORS,
} from './fixtures';

/**
 * What must arrive after the re-grant for the absence below to mean anything: PostHog's capture,
 * LaunchDarkly's evaluation, stream and events, Datadog's log intake (`vendor route`).
 */
const AFTER_REGRANT = [
  'datadog logs',
  'launchdarkly evalx',
  'launchdarkly events',
  'launchdarkly stream',
  'posthog $pageview',
];

/** Presses Allow or Deny for every consent category on /privacy (open in `page`), each taking effect at once. */
async function decideAll(page: Page, choice: 'Allow' | 'Deny') {
  for (const category of ['analytics', 'monitoring', 'functional']) {
    await page.locator('.choices div', { hasText: category }).getByRole('button', { name: choice }).click();
    await expect(page.getByTestId(`consent-${category}`)).toHaveText(choice === 'Allow' ? 'granted' : 'denied');
  }
}

// The shared computer, two tabs (issue 26): a denial in one tab, a sign-out in the other, a re-grant in
// the first, never reloaded. Each vendor must then start as nobody: no request carries the subject that
// signed out (LaunchDarkly's context key, Datadog's `usr.id`, PostHog's distinct id are all the `sub`).
test('two tabs: denied in one, signed out in the other, allowed again in the first: no vendor request carries the signed-out subject', async ({
  page,
  context,
}) => {
  const { carryingSub } = await acceptAllAndSignIn(page, 'Carol');

  // Signed in, a warning logged; leaving the page sends Datadog's batch, and /privacy brings the session
  // back silently. The reload is before the case starts: tab 1 is never reloaded after it.
  await logWarning(page);
  await page.goto('/privacy');
  await expect(page.getByTestId('user-name')).toHaveText('Carol');
  // Positive sentinel: while she was signed in, each vendor received her subject, as the check below finds it.
  await expect
    .poll(async () => [...new Set(carryingSub(await received(page, VENDORS)).map((row) => row.split(' ')[0]))].sort())
    .toEqual(['datadog', 'launchdarkly', 'posthog']);

  // Tab 1: every category denied.
  await decideAll(page, 'Deny');

  // Tab 2, the same browser: the session comes back silently; she signs out at the provider ("Yes").
  const tab2 = await context.newPage();
  await tab2.goto('/');
  await expect(tab2.getByTestId('user-name')).toHaveText('Carol');
  await signOut(tab2);

  // Tab 1, never reloaded, follows: signed out. Everything recorded from here on is after the sign-out.
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  const afterSignOut = await recordingFromNow(page);

  // Tab 1: every category allowed again, then browsing (page views, flag evaluations, a log).
  await decideAll(page, 'Allow');
  for (const name of ['Home', 'Article', 'Your device']) {
    await page.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await logWarning(page);
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The integration layer, composed');
  // Leaving the page sends what the SDKs hold (Datadog's batch, LaunchDarkly's events).
  await page.goto('about:blank');

  // Positive sentinel: each vendor's traffic after the re-grant arrived (every endpoint the check covers), and all
  // of it is in…
  const after = await afterSignOut.arrived(AFTER_REGRANT, 'after the re-grant');
  // …and none of it carries the subject that signed out.
  expect(carryingSub(after), 'requests after the sign-out carrying the signed-out subject').toEqual([]);
});
