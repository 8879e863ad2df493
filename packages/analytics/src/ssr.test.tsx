// @vitest-environment node
import { renderToString } from 'react-dom/server';

describe('SSR', () => {
  it('imports and renders on the server without touching window, fetch or console, and starts nothing', async () => {
    const fetchBefore = globalThis.fetch;
    const errorBefore = console.error;
    const warnBefore = console.warn;
    expect(typeof window).toBe('undefined');
    const { AnalyticsProvider, AnalyticsSurveys, useAnalytics, useAnalyticsStatus, createAnalytics } = await import(
      './index'
    );
    const { createTestConsent } = await import('@plinth/core/testing');
    function Status() {
      const analytics = useAnalytics();
      analytics.capture('rendered_on_server'); // queued at most; nothing loads on the server
      return <p>{useAnalyticsStatus()}</p>;
    }
    const consent = createTestConsent({ analytics: 'granted' });
    const html = renderToString(
      <AnalyticsProvider config={{ token: 'phc_test', consent, capabilities: { replay: true, surveys: true } }}>
        <Status />
        <AnalyticsSurveys />
      </AnalyticsProvider>,
    );
    expect(html).toBe('<p>idle</p>'); // no survey drawn on the server
    const analytics = createAnalytics({ token: 'phc_test', consent });
    analytics.start();
    expect(analytics.status()).toBe('idle');
    expect(globalThis.fetch).toBe(fetchBefore);
    expect(console.error).toBe(errorBefore);
    expect(console.warn).toBe(warnBefore);
  });
});
