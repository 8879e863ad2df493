import { chromiumLaunchOptions } from '../../../tooling/chromium.mjs';
import { backJourneys } from './cancel';
import { test } from './fixtures';

// Chromium with its back/forward cache, as a visitor's Chrome has it: Back restores the page as it left it.
// Playwright turns the cache off (`--disable-back-forward-cache`, its default argument, kept by every other
// journey); Chromium's headless shell has none at all, so the full browser runs these.
test.use({
  launchOptions: { ...chromiumLaunchOptions('browser'), ignoreDefaultArgs: ['--disable-back-forward-cache'] },
});

backJourneys('on');
