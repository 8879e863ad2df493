// @vitest-environment node
import { renderToString } from 'react-dom/server';

// Imported with top-level await, after noting the globals: importing must patch nothing. (At module level, so
// transforming the package and core from source is not counted against a test's timeout on a busy machine.)
const fetchBefore = globalThis.fetch;
const { error, warn, log } = console;
const mod = await import('./index');
const { kitchenSink } = await import('./fixtures');
const server = await import('@plinth/rich-text/plain-text');

describe('SSR', () => {
  it('imports and renders on the server without touching window, fetch or console', () => {
    const html = renderToString(<mod.RichText value={kitchenSink()} />);
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
    expect(globalThis.fetch).toBe(fetchBefore);
    expect(console.error).toBe(error);
    expect(console.warn).toBe(warn);
    expect(console.log).toBe(log);
    expect(html).toContain('<h1 id="rich-text">Rich text</h1>');
    expect(html).toContain('<h2 id="lists">Lists</h2>');
    expect(html).toContain('<h2 id="lists-1">Lists</h2>');
    expect(html).toContain('<a href="https://example.com/" rel="noopener noreferrer">a link</a>');
    expect(html).toContain('unsafe');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('loading="lazy"');
    expect(html).not.toContain('rel="preload"');
    expect(mod.toPlainText(kitchenSink()).split('\n\n')[0]).toBe('Rich text');
    expect(server.toPlainText(kitchenSink())).toBe(mod.toPlainText(kitchenSink()));
  });

  it('renders the same markup twice (deterministic heading ids)', () => {
    const { RichText } = mod;
    expect(renderToString(<RichText value={kitchenSink()} />)).toBe(renderToString(<RichText value={kitchenSink()} />));
  });
});
