import { recordChannel, resetChannel } from '@plinth/core/testing';
import { warnIfBot } from './botWarning';

// posthog-js drops every event of a browser it takes for a bot (HeadlessChrome, navigator.webdriver: a user's own
// Playwright tests), and says so only in a console warning naming its own option. Plinth says it first, once, in its
// words. Here with the verdict given; the adapter asks posthog-js's own `_is_bot()` as soon as the SDK is loaded
// (the real one in headless Chromium: src/filterBots.browser.test.tsx).

const MESSAGE =
  '[plinth] analytics: PostHog drops every event from this browser, whose user agent looks like a bot to it (a headless browser, or one driven by Playwright or WebDriver). In end-to-end tests, set `filterBots: false` in the analytics config.';
const bot = () => true;
const human = () => false;
const warnings = (warn: { mock: { calls: unknown[][] } }): string[] => warn.mock.calls.map((args) => String(args[0]));

beforeEach(() => resetChannel());

describe('a browser posthog-js takes for a bot, with filterBots on (the default)', () => {
  it('warns once per page in development, naming filterBots, through reportMisconfiguration', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const channel = recordChannel();
    warnIfBot(bot, true);
    warnIfBot(bot, true); // a second instance (cookieless, a remount): still the one warning
    expect(warnings(warn)).toEqual([MESSAGE]);
    expect(channel.of('report')).toMatchObject([
      { level: 'error', context: { misconfiguration: 'analytics:filterBots' } },
    ]);
  });

  it('says nothing in production: there such a visitor is a bot, and dropping it is the point', () => {
    vi.stubEnv('NODE_ENV', 'production');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const channel = recordChannel();
    warnIfBot(bot, true);
    expect(warnings(warn)).toEqual([]);
    expect(channel.of('report')).toEqual([]);
  });
});

describe('nothing to say', () => {
  it('with filterBots: false (posthog-js keeps the events), without even asking', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const asked = vi.fn(bot);
    warnIfBot(asked, false);
    expect(warnings(warn)).toEqual([]);
    expect(asked).not.toHaveBeenCalled();
  });

  it('in a browser posthog-js does not take for a bot', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    warnIfBot(human, true);
    expect(warnings(warn)).toEqual([]);
  });
});
