// What Storybook's preview announces on its channel, for the scripts that drive a built Storybook in Chromium
// (docs-pages.mjs, story-modes.mjs).

/**
 * Records, in every page of a Playwright browser context, the last payload of each event named in `events` as
 * `window[key]` (`{ docsRendered: '__docsRendered' }`): the preview installs its channel as
 * `window.__STORYBOOK_ADDONS_CHANNEL__`, and the listeners are added as it does.
 * @param {import('playwright').BrowserContext} context
 * @param {Record<string, string>} events event name → window property
 */
export function recordChannelEvents(context, events) {
  return context.addInitScript((events) => {
    let channel;
    Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
      configurable: true,
      get: () => channel,
      set(value) {
        channel = value;
        for (const [event, key] of Object.entries(events))
          value.on(event, (payload) => {
            window[key] = payload;
          });
      },
    });
  }, events);
}
