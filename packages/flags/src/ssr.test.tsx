// @vitest-environment node
import { renderToString } from 'react-dom/server';

describe('SSR', () => {
  it('imports and renders bootstrap values and defaults without window, fetch, console or the SDK', async () => {
    const fetchBefore = globalThis.fetch;
    const errorBefore = console.error;
    const warnBefore = console.warn;
    const fetchSpy = vi.fn();
    globalThis.fetch = fetchSpy;
    const sdkLoaded = vi.fn();
    vi.doMock('launchdarkly-js-client-sdk', () => {
      sdkLoaded();
      return {};
    });
    try {
      const { Feature, FlagsProvider, useFlag, useFlagDetails, useFlagsStatus, useVariant } = await import('./index');
      const { testFlags } = await import('./test-flags');
      const { createTestConsent } = await import('@plinth/core/testing');
      function Page() {
        const details = useFlagDetails('theme');
        return (
          <main>
            <span>{`${details.value}/${details.source}`}</span>
            <span>{useVariant('price-test')}</span>
            <span>{String(useFlag('new-checkout'))}</span>
            <span>{useFlagsStatus()}</span>
            <Feature flag="new-checkout" fallback={<b>old checkout</b>}>
              <b>new checkout</b>
            </Feature>
          </main>
        );
      }
      const html = renderToString(
        <FlagsProvider
          config={{
            flags: testFlags,
            clientSideId: 'env',
            bootstrap: { theme: 'dark' },
            consent: createTestConsent({ functional: 'granted' }),
          }}
        >
          <Page />
        </FlagsProvider>,
      );
      expect(typeof window).toBe('undefined');
      expect(html).toBe(
        '<main><span>dark/bootstrap</span><span>control</span><span>false</span><span>idle</span><b>old checkout</b></main>',
      );
      expect(fetchSpy).not.toHaveBeenCalled();
      expect(sdkLoaded).not.toHaveBeenCalled();
    } finally {
      globalThis.fetch = fetchBefore;
      vi.doUnmock('launchdarkly-js-client-sdk');
    }
    expect(console.error).toBe(errorBefore);
    expect(console.warn).toBe(warnBefore);
  });
});
