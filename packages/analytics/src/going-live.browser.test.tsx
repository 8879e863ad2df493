import { waitFor } from '../../../tooling/render';
import { mountAnalytics, newToken, recordings, resetPage, sandboxUrl, waitForEvents } from '../test/browser-helpers';

// What changes when the real PostHog is plugged in: a refused project token, and PostHog behind a
// first-party path on the app's own origin (here: the sandbox's `/us` region path, on the same origin as the
// app's own API call below).

const setProjectTokens = (tokens: string[]) =>
  fetch(`${sandboxUrl()}/_sandbox/posthog/project-tokens`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tokens }),
  });

beforeEach(() => resetPage());
afterEach(async () => {
  resetPage();
  await setProjectTokens([]);
});

describe('going live with posthog-js against the sandbox', () => {
  it('a project token PostHog refuses (401) moves the status to `rejected` with a typed error and one development warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const token = newToken('refused');
    await setProjectTokens(['phc_the_right_one']);
    const { analytics } = mountAnalytics(token);
    await waitFor(() => expect(analytics.status()).not.toBe('loading'), { timeout: 10_000 });
    analytics.capture('lost');
    // The sentinel: PostHog received the event and refused it …
    await waitFor(
      async () => {
        const refused = (await recordings()).filter((r) => r.route === 'lost');
        expect(refused.map((r) => r.error)).toEqual(['rejected: invalid project API key (401)']);
      },
      { timeout: 10_000 },
    );
    // … and Plinth says so.
    await waitFor(() => expect(analytics.status()).toBe('rejected'), { timeout: 5_000 });
    expect(analytics.failure()).toMatchObject({ source: 'loader', code: 'rejected', cause: { httpStatus: 401 } });
    const warnings = warn.mock.calls.map(([message]) => String(message)).filter((m) => m.includes('posthog:'));
    expect(warnings).toEqual([expect.stringMatching(/PostHog refused the project token or host \(HTTP 401\)/)]);
    warn.mockRestore();
  });

  it('network capture records the app’s own calls on PostHog’s origin and none of PostHog’s own requests', async () => {
    const token = newToken('network');
    const base = `${sandboxUrl()}/us`; // PostHog under a path of an origin the app also calls
    const { analytics } = mountAnalytics(token, { config: { apiHost: base, capabilities: { network: true } } });
    await waitFor(() => expect(analytics.status()).toBe('ready'), { timeout: 10_000 });
    const own = `${sandboxUrl()}/_sandbox/received?vendor=the-app`; // the app's own API call
    await (await fetch(own)).text(); // a resource-timing entry needs the body read
    analytics.capture('sentinel');
    const received = await waitForEvents(
      token,
      (e) =>
        e.some((x) => x.event === '$network_request' && x.properties.url === own) &&
        e.some((x) => x.event === 'sentinel'),
    );
    // After the positive sentinel: PostHog's own requests (events, remote config) were never recorded.
    const network = received.filter((e) => e.event === '$network_request').map((e) => String(e.properties.url));
    expect(network.filter((url) => url.startsWith(`${base}/`))).toEqual([]);
    expect((await recordings()).some((r) => r.path.startsWith('/us/array/') || r.path.startsWith('/us/e'))).toBe(true);
  });
});
