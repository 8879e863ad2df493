import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { kitchenSink } from './fixtures';
import { RichText } from './RichText';
import { block, link } from './testing';

// Real Chromium: does the browser's own URL parser agree that every link we render is safe?
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const SAFE = new Set(['http:', 'https:', 'mailto:', 'tel:']);

function hrefCorpus(): string[] {
  const noise = [
    '\t',
    '\n',
    '\r',
    '\u0000',
    '\u0001',
    '\u001f',
    ' ',
    '\u00a0',
    '\u200b',
    '\ufeff',
    '\u2028',
    '&#x09;',
    '&#9;',
    '%09',
    '\\',
  ];
  const schemes = [
    'javascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
  ];
  const out: string[] = [];
  for (const s of schemes) {
    out.push(s, s.toUpperCase(), ` ${s}`, `//${s}`, `/${s}`, `#${s}`, `?${s}`, `https:${s}`);
    for (const n of noise) for (let i = 0; i <= s.indexOf(':') + 1; i++) out.push(s.slice(0, i) + n + s.slice(i));
  }
  return out.concat([
    'https://example.com',
    '//example.com',
    '\\\\example.com',
    '/\\example.com',
    'mailto:a@b.c',
    'tel:123',
    '/a',
    'a',
    '#x',
    '?q',
  ]);
}

describe('links in Chromium', () => {
  it('renders only links whose browser-parsed protocol is http(s), mailto or tel', async () => {
    const hrefs = hrefCorpus();
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(<RichText value={hrefs.map((h, i) => block('normal', link(`l${i}`, h)))} />));
    const anchors = [...container.querySelectorAll('a')];
    expect(anchors.length).toBeGreaterThan(10);
    const unsafe = anchors.filter((a) => !SAFE.has(a.protocol)).map((a) => [a.getAttribute('href'), a.protocol]);
    expect(unsafe).toEqual([]);
    // every other-origin link carries rel
    for (const a of anchors)
      if (a.origin !== location.origin && a.protocol.startsWith('http')) expect(a.rel).toBe('noopener noreferrer');
    // and the text of rejected links is still there
    expect(container.querySelectorAll('p')).toHaveLength(hrefs.length);
    act(() => root.unmount());
    container.remove();
  });

  it('hydrates server markup without a mismatch', async () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const ui = <RichText value={kitchenSink()} />;
      const container = document.createElement('div');
      container.innerHTML = renderToString(ui);
      document.body.append(container);
      const recoverable: unknown[] = [];
      const root = await act(async () =>
        hydrateRoot(container, ui, { onRecoverableError: (e) => recoverable.push(e) }),
      );
      expect(recoverable).toEqual([]);
      expect(errors).toEqual([]);
      expect(container.querySelector('h2')?.id).toBe('lists');
      act(() => root.unmount());
      container.remove();
    } finally {
      console.error = original;
    }
  });
});
