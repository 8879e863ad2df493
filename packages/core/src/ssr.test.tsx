// @vitest-environment node
import { renderToString } from 'react-dom/server';

describe('SSR', () => {
  it('imports and renders on the server without touching window, fetch or console', async () => {
    const fetchBefore = globalThis.fetch;
    const errorBefore = console.error;
    const warnBefore = console.warn;
    const logBefore = console.log;
    expect(typeof window).toBe('undefined');

    const core = await import('./index');
    const { ConsentProvider, ErrorBoundary, useConsent, isBrowser, createVendorLoader, createConsent } = core;
    function Banner() {
      const consent = useConsent();
      return <p>{consent.pending ? 'banner' : 'decided'}</p>;
    }
    const html = renderToString(
      <ConsentProvider>
        <ErrorBoundary fallback={<p>fallback</p>}>
          <Banner />
        </ErrorBoundary>
      </ConsentProvider>,
    );
    expect(html).toBe('<p>banner</p>');
    expect(isBrowser).toBe(false);

    // The loader never imports a vendor on the server.
    const load = vi.fn(async () => ({}));
    const loader = createVendorLoader({ name: 'sdk', load, consent: false });
    await expect(loader.start()).resolves.toBeUndefined();
    expect(load).not.toHaveBeenCalled();
    expect(loader.status()).toBe('idle');

    // Consent on the server: pending, nothing stored, nothing thrown.
    expect(createConsent().get('analytics')).toBe('pending');

    expect(globalThis.fetch).toBe(fetchBefore);
    expect(console.error).toBe(errorBefore);
    expect(console.warn).toBe(warnBefore);
    expect(console.log).toBe(logBefore);
    expect(typeof window).toBe('undefined');
  });
});

describe('@plinth/core/server', () => {
  it('offers the scrubber and the error type without React', async () => {
    const server = await import('./server');
    expect(server.scrubUrl('/cb?code=1&x=2')).toBe('/cb?x=2');
    expect(server.isPlinthError(new server.PlinthError('x', { source: 's' }))).toBe(true);
    expect(server.isBrowser).toBe(false);
  });
});
