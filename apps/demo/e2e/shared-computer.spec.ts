import type { BrowserContext } from '@playwright/test';
import {
  acceptAllAndSignIn,
  expect,
  logWarning,
  received,
  recordingFromNow,
  recordingSettles,
  test,
  PERSON_VENDORS as VENDORS,
} from './fixtures';

/** What must arrive from the second visitor for the absence below to mean anything (`vendor route`). */
const SECOND_VISITOR = ['datadog logs', 'launchdarkly evalx', 'posthog $pageview'];

/** Every web storage key and cookie of the demo's origin, with its value, as `where key=value`. */
async function storedIn(context: BrowserContext): Promise<string[]> {
  const state = await context.storageState();
  return [
    ...state.cookies.map((c) => `cookie ${c.name}=${c.value}`),
    ...state.origins.flatMap((o) => o.localStorage.map((e) => `localStorage ${e.name}=${e.value}`)),
  ];
}

// Issue 34, the shared computer: the first visitor accepts everything, signs in, browses, and closes the browser
// without signing out; her session at the provider ends meanwhile; the next visitor opens the demo in the same
// browser (the same web storage and cookies). He is shown signed out, and no vendor may hear him as her, nor may
// the browser keep anything of hers that his session reads.
test('shared computer: the next visitor is nobody to PostHog, LaunchDarkly and Datadog, and storage keeps nothing of hers', async ({
  page,
  browser,
}) => {
  const { sub, carryingSub } = await acceptAllAndSignIn(page, 'Carol');

  // She browses (page views, flag evaluations, a log), then closes the browser without signing out.
  await page.getByRole('link', { name: 'Article', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await logWarning(page);
  await page.goto('about:blank');
  // Positive sentinel: while she was signed in, each vendor received her subject, as the check below finds it.
  await expect
    .poll(async () => [...new Set(carryingSub(await received(page, VENDORS)).map((row) => row.split(' ')[0]))].sort())
    .toEqual(['datadog', 'launchdarkly', 'posthog']);
  await recordingSettles(page);
  // The browser keeps what her visit wrote (the sentinel of the storage check below).
  const kept = await page.context().storageState();
  expect(JSON.stringify(kept.origins)).toContain(sub);

  // Her session at the provider ends meanwhile (it expired): the provider's cookies go (oidc-provider's `_session`
  // and `_interaction`, with their signatures; the sandbox's host is the demo's, 127.0.0.1, as cookies do not tell
  // ports apart); the demo's and the vendors' own stay.
  const isProvider = (name: string) => /^_(session|interaction)(\.|$)/.test(name);
  expect(
    kept.cookies.filter((c) => c.name === '_session'),
    'the provider kept a session',
  ).toHaveLength(1);
  const storageState = { ...kept, cookies: kept.cookies.filter((c) => !isProvider(c.name)) };

  const his = await recordingFromNow(page);

  // The next visitor, the same browser: shown signed out once the silent sign-in found no session.
  const next = await browser.newContext({ storageState });
  try {
    const tab = await next.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (error) => errors.push(error.message));
    await tab.goto('/');
    await expect(tab.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(tab.getByRole('button', { name: 'Accept all' }), "her consent is the browser's").toHaveCount(0);
    for (const name of ['Article', 'Your device', 'Home']) {
      await tab.getByRole('link', { name, exact: true }).click();
      await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await logWarning(tab);
    const left = await storedIn(next);
    await tab.goto('about:blank');

    // Positive sentinel: his traffic arrived at each vendor, and all of it is in…
    const sent = await his.arrived(SECOND_VISITOR, 'by the second visitor');
    // …and none of it carries her subject (PostHog's distinct id, LaunchDarkly's context key, Datadog's usr.id).
    expect.soft(carryingSub(sent), "the second visitor's requests carrying the first visitor's subject").toEqual([]);
    // What the browser keeps for him names nothing of hers (no `plinth.flags.<env>.user:<sub>`, no PostHog person).
    expect(
      [...left, ...(await storedIn(next))].filter((row) => row.includes(sub)),
      'storage naming the first visitor',
    ).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await next.close();
  }
});
