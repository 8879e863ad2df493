import { authorizations, backJourneys, onProvider } from './cancel';
import { expect, signIn, test } from './fixtures';

backJourneys('off');

test('after a failed sign-in, the header\'s "Sign in" starts a new one', async ({ page }) => {
  // A callback whose state matches no sign-in request of this browser: state_mismatch, the sign-in failed.
  await page.goto('/auth/callback?code=forged&state=forged');
  await expect(page.getByRole('alert')).toContainText('Sign-in didn’t work.');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await onProvider(page);
  expect(await authorizations(page)).toBe(1);
});

test("a closed tab on the provider's page: a new tab of the demo signs in as usual", async ({ context }) => {
  const first = await context.newPage();
  await first.goto('/');
  await first.getByRole('link', { name: 'Sign in' }).click();
  await onProvider(first);
  await first.close();
  const page = await context.newPage();
  await page.goto('/');
  await signIn(page);
});
