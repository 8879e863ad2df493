// @vitest-environment node
import { renderToString } from 'react-dom/server';

function Hook({ use }: { use: typeof import('./index').useInViewOnce }) {
  const { ref, inView } = use<HTMLSpanElement>();
  return <span ref={ref}>{String(inView)}</span>;
}

describe('SSR', () => {
  it('imports and renders the placeholder without touching window, fetch or console', async () => {
    const fetchBefore = globalThis.fetch;
    const errorBefore = console.error;
    const warnBefore = console.warn;
    const error = vi.spyOn(console, 'error');
    const { LazyRender, useInViewOnce } = await import('./index');
    const html = renderToString(
      <>
        <LazyRender minHeight={120} placeholder={<i>loading</i>}>
          <b>content</b>
        </LazyRender>
        <Hook use={useInViewOnce} />
      </>,
    );
    expect(typeof window).toBe('undefined');
    expect(html).toContain('<i>loading</i>');
    expect(html).toContain('min-height:120px');
    expect(html).toContain('data-lazy-state="pending"');
    expect(html).not.toContain('content');
    expect(html).toContain('<span>false</span>');
    expect(error).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    expect(globalThis.fetch).toBe(fetchBefore);
    expect(console.error).toBe(errorBefore);
    expect(console.warn).toBe(warnBefore);
    expect('IntersectionObserver' in globalThis).toBe(false);
  });

  it('uses no layout effect on the server (React 18 warns "useLayoutEffect does nothing on the server")', async () => {
    const { useIsomorphicLayoutEffect } = await import('./useIsomorphicLayoutEffect');
    const { useEffect } = await import('react');
    expect(useIsomorphicLayoutEffect).toBe(useEffect);
  });
});
