// The sanitiser and the inliner are lazy chunks, requested in parallel with the first fetch.
// Each test gets a fresh module graph (vi.resetModules), as a page that has loaded nothing yet.
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><path d="M0 0"/></svg>';
const ok = () => Promise.resolve(new Response(SVG, { headers: { 'content-type': 'image/svg+xml' } }));

beforeEach(() => {
  vi.resetModules();
});
afterEach(() => {
  vi.doUnmock('./adapter/dompurify');
  vi.unstubAllGlobals();
});

describe('lazy vendors', () => {
  it('importing the package loads neither vendor; the first loadSvg fetches at once and loads both alongside', async () => {
    const fetchMock = vi.fn(ok);
    vi.stubGlobal('fetch', fetchMock);
    const { loadSvg } = await import('./index');
    const vendors = await import('./vendors');
    expect(vendors.loadedSanitizer()).toBeUndefined();
    expect(vendors.loadedInliner()).toBeUndefined();

    const markup = loadSvg('/lazy.svg');
    // Same tick: the request did not wait for the chunks.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(vendors.loadedSanitizer()).toBeUndefined();

    await expect(markup).resolves.toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><path d="M0 0"></path></svg>',
    );
    expect(vendors.loadedSanitizer()).toBeTypeOf('function');
    expect(vendors.loadedInliner()).toBeTypeOf('function');
  });

  it('a sanitiser chunk that fails to download is a typed `load` error, reported once, and retried after clearSvgCache', async () => {
    vi.stubGlobal('fetch', vi.fn(ok));
    vi.doMock('./adapter/dompurify', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const { loadSvg, clearSvgCache } = await import('./index');
    const { channel } = await import('@plinth/core');
    const reports: unknown[] = [];
    const off = channel.on('report', (event) => reports.push(event.context));
    try {
      await expect(loadSvg('/chunk.svg')).rejects.toMatchObject({ name: 'SvgError', source: 'svg', code: 'load' });
      await expect(loadSvg('/chunk.svg')).rejects.toMatchObject({ code: 'load' });
      expect(reports).toEqual([{ src: 'http://localhost:3000/chunk.svg', reason: 'load' }]);

      vi.doUnmock('./adapter/dompurify');
      clearSvgCache('/chunk.svg');
      await expect(loadSvg('/chunk.svg')).resolves.toContain('<path');
    } finally {
      off();
    }
  });
});
