import { isDevelopment, reportMisconfiguration } from '@plinth/core';

/**
 * posthog-js drops every event from a browser it takes for a bot, HeadlessChrome and any browser driven by
 * Playwright or WebDriver (`navigator.webdriver`) included, and its only sign is a console warning naming its
 * own option. Said once per page in development, in Plinth's words, as soon as the SDK is loaded (before the
 * first event is dropped). Not in production: there such a visitor is a bot, and dropping it is the point.
 * Called by the adapter (a lazy chunk), with posthog-js's own verdict.
 */
export function warnIfBot(looksLikeBot: () => boolean, filterBots: boolean): void {
  if (!filterBots || !isDevelopment() || !looksLikeBot()) return;
  reportMisconfiguration(
    'analytics:filterBots',
    'analytics: PostHog drops every event from this browser, whose user agent looks like a bot to it (a headless browser, or one driven by Playwright or WebDriver). In end-to-end tests, set `filterBots: false` in the analytics config.',
  );
}
