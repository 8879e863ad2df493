// @vitest-environment node
import { renderToString } from 'react-dom/server';

describe('SSR', () => {
  it('imports and renders the loader slot without touching window, fetch or console', async () => {
    const fetchBefore = globalThis.fetch;
    const errorBefore = console.error;
    const warnBefore = console.warn;
    const fetchSpy = vi.fn();
    globalThis.fetch = fetchSpy;
    try {
      const { InlineSvg, sanitizeSvg } = await import('./index');
      const html = renderToString(
        <>
          <InlineSvg src="/icons/a.svg" loader={<i>loading</i>} fallback={<b>fallback</b>} />
          <InlineSvg src="/icons/a.svg" width={24} height={24} className="icon" />
          <InlineSvg src="https://evil.example/x.svg" title="x" />
        </>,
      );
      expect(typeof window).toBe('undefined');
      expect(html).toContain('<i>loading</i>');
      expect(html).not.toContain('fallback');
      expect(html).toContain(
        '<svg width="24" height="24" class="icon" aria-hidden="true" data-svg-state="loading"></svg>',
      );
      expect(fetchSpy).not.toHaveBeenCalled();
      // No DOM to parse with: nothing, rather than unsanitised markup.
      await expect(sanitizeSvg('<svg onload="alert(1)"/>')).resolves.toBe('');
    } finally {
      globalThis.fetch = fetchBefore;
    }
    expect(console.error).toBe(errorBefore);
    expect(console.warn).toBe(warnBefore);
  });
});
