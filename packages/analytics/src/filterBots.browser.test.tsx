import { waitFor } from '../../../tooling/render';
import { mountAnalytics, newToken, resetPage, waitForEvents } from '../test/browser-helpers';

// The real posthog-js in headless Chromium (driven by Playwright: HeadlessChrome, navigator.webdriver), which
// it takes for a bot. With filterBots on (the default), it drops every event and says so only by naming its own
// option; Plinth says it first, once, naming `filterBots`.

const texts = (spy: { mock: { calls: unknown[][] } }): string[] => spy.mock.calls.map((args) => String(args[0]));

beforeEach(() => resetPage());
afterEach(() => resetPage());

describe('posthog-js in headless Chromium', () => {
  it('filterBots on: Plinth warns once, naming filterBots, before posthog-js drops the first event', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { analytics, unmount } = mountAnalytics(newToken('bot'), { config: { filterBots: true } });
    await waitFor(() => expect(analytics.status()).toBe('ready'), { timeout: 10_000 });
    expect(texts(warn).filter((text) => text.includes('filterBots'))).toEqual([
      expect.stringMatching(/^\[plinth\] analytics: PostHog drops every event from this browser.*`filterBots: false`/),
    ]);
    // The premise: posthog-js does drop them here, and its own warning names only its own option.
    analytics.capture('dropped');
    await waitFor(() =>
      expect(texts(warn).filter((text) => text.startsWith('[PostHog.js] Events are being dropped'))).toHaveLength(1),
    );
    expect(texts(warn).filter((text) => text.includes('filterBots'))).toHaveLength(1);
    unmount();
  });

  it('filterBots: false: no warning, and the events arrive', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const token = newToken('not-filtered');
    const { analytics, unmount } = mountAnalytics(token); // the helper's filterBots: false
    await waitFor(() => expect(analytics.status()).toBe('ready'), { timeout: 10_000 });
    analytics.capture('kept');
    await waitForEvents(token, (events) => events.some((e) => e.event === 'kept'));
    expect(texts(warn).filter((text) => /filterBots|bot/.test(text))).toEqual([]);
    unmount();
  });
});
