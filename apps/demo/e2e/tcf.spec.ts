import type { Page } from '@playwright/test';
import { expect, received, test } from './fixtures';

const pageViews = async (page: Page) => (await received(page)).filter((e) => e.route === '$pageview');

// The demo switched to a TCF CMP (`/?cmp=tcf`: IAB's @iabtcf/cmpapi on the page, src/cmp/tcf.ts), followed by
// @plinth/core/tcf: nothing loads before the CMP answered, a choice made in the CMP reaches the vendors without a
// reload, both ways, and a reload starts from the CMP's stored TC string (tcloaded). The same for a GPP CMP
// (`/?cmp=gpp`, IAB's @iabgpp/cmpapi, src/cmp/gpp.ts) and @plinth/core/gpp.
test('a TCF CMP instead of the banner: its choices reach the vendors without a reload, and nothing before', async ({
  page,
}) => {
  const posthogRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('posthog')) posthogRequests.push(request.url());
  });
  await page.goto('/?cmp=tcf');
  const cmp = page.getByRole('dialog', { name: 'Demo CMP (IAB TCF)' });
  await expect(cmp).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Your privacy choices' })).toHaveCount(0);
  // No skip link to a banner that is not there (the CMP asks while consent is pending).
  await expect(page.getByRole('link', { name: 'Skip to your privacy choices' })).toHaveCount(0);

  await cmp.getByRole('button', { name: 'Reject all (CMP)' }).click();
  await page.getByRole('link', { name: 'Privacy' }).click();
  await expect(page.getByTestId('consent-analytics')).toHaveText('denied');
  await expect(page.getByTestId('consent-functional')).toHaveText('denied');
  expect(posthogRequests).toEqual([]);

  // The Privacy page shows what the CMP decided and writes nothing itself: its way to change is the CMP's dialog.
  await expect(page.getByRole('button', { name: 'Allow' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Ask me again' })).toHaveCount(0);
  // The visitor changes their mind in the CMP: PostHog loads and the next page view arrives, no reload.
  await page.getByRole('button', { name: 'Change them in Demo CMP (IAB TCF)' }).click();
  await cmp.getByRole('button', { name: 'Accept all (CMP)' }).click();
  await expect(page.getByTestId('consent-analytics')).toHaveText('granted');
  await page.getByRole('link', { name: 'Home' }).click();
  await expect.poll(async () => (await pageViews(page)).length).toBeGreaterThan(0);

  // A reload: the store keeps nothing itself; the CMP's stored string decides at tcloaded, with no dialog.
  await page.reload();
  await page.getByRole('link', { name: 'Privacy' }).click();
  await expect(page.getByTestId('consent-analytics')).toHaveText('granted');
  await expect(cmp).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('plinth.consent'))).toBeNull();
});

test('a GPP CMP (US): nothing of a sale-or-sharing category before it answers, and its change reaches the vendors without a reload', async ({
  page,
}) => {
  const posthogRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('posthog')) posthogRequests.push(request.url());
  });
  await page.goto('/?cmp=gpp');
  const cmp = page.getByRole('dialog', { name: 'Demo CMP (IAB GPP, US)' });
  await expect(cmp).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Your privacy choices' })).toHaveCount(0);
  // Positive sentinel: what GPP's opt-outs do not cover (flags: functional) has reached the sandbox meanwhile.
  await expect.poll(async () => (await received(page, 'launchdarkly')).length).toBeGreaterThan(0);
  await page.getByRole('link', { name: 'Privacy', exact: true }).click();
  await expect(page.getByTestId('consent-functional')).toHaveText('granted');
  await expect(page.getByTestId('consent-analytics')).toHaveText('pending'); // the CMP has not answered
  expect(posthogRequests).toEqual([]);

  await cmp.getByRole('button', { name: 'Opt out of sale and sharing (CMP)' }).click();
  await expect(page.getByTestId('consent-analytics')).toHaveText('denied');
  expect(posthogRequests).toEqual([]);

  // The visitor changes their mind in the CMP, from the Privacy page: PostHog loads, a page view arrives, no reload.
  await page.getByRole('button', { name: 'Change them in Demo CMP (IAB GPP, US)' }).click();
  await cmp.getByRole('button', { name: 'Do not opt out (CMP)' }).click();
  await expect(page.getByTestId('consent-analytics')).toHaveText('granted');
  await page.getByRole('link', { name: 'Home' }).click();
  await expect.poll(async () => (await pageViews(page)).length).toBeGreaterThan(0);
});
