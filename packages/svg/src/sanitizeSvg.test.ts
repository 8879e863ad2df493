import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sanitizeSvg } from './sanitizeSvg';

// DOMPurify's own SVG XSS cases, copied into the package (origin and licence: test/fixtures/README.md).
// A missing file throws here and fails the suite.
const corpus: { title?: string; payload: string }[] = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../test/fixtures/dompurify-svg-fixtures.json'), 'utf8'),
);

function assertInert(html: string) {
  const host = document.createElement('div');
  host.innerHTML = html;
  for (const element of host.querySelectorAll('*')) {
    for (const { name, value } of element.attributes) {
      expect(name.toLowerCase().startsWith('on'), `${name} on <${element.localName}>`).toBe(false);
      expect(/^\s*(javascript|vbscript):/i.test(value), `${name}="${value}"`).toBe(false);
      expect(/^\s*data:text\/html/i.test(value), `${name}="${value}"`).toBe(false);
    }
  }
  expect(host.querySelector('script, foreignObject, foreignobject, iframe')).toBeNull();
}

describe('sanitizeSvg', () => {
  it('keeps shapes, gradients, filters and fragment references', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient><filter id="f"><feGaussianBlur stdDeviation="1"/></filter></defs><rect fill="url(#g)" filter="url(#f)" width="10" height="10"/><use href="#g"/></svg>';
    const out = await sanitizeSvg(svg);
    const host = document.createElement('div');
    host.innerHTML = out;
    expect(host.querySelector('linearGradient')).not.toBeNull();
    expect(host.querySelector('feGaussianBlur')).not.toBeNull();
    expect(host.querySelector('rect')?.getAttribute('fill')).toBe('url(#g)');
    expect(host.querySelector('use')?.getAttribute('href')).toBe('#g');
    expect(host.querySelector('svg')?.getAttribute('viewBox')).toBe('0 0 10 10');
  });

  it('removes script, foreignObject and event handlers', async () => {
    const out = await sanitizeSvg(
      '<svg onload="alert(1)"><script>alert(2)</script><foreignObject><div onclick="x()">hi</div></foreignObject><circle onmouseover="alert(3)" r="1"/></svg>',
    );
    expect(out).toBe('<svg><circle r="1"></circle></svg>');
  });

  it('removes javascript:, data:text/html and external links', async () => {
    const out = await sanitizeSvg(
      [
        '<svg xmlns:xlink="http://www.w3.org/1999/xlink">',
        '<a href="javascript:alert(1)"><rect/></a>',
        '<a xlink:href=" jav&#x09;ascript:alert(1)"><rect/></a>',
        '<a href="data:text/html,<script>alert(1)</script>"><rect/></a>',
        '<image href="data:text/html;base64,PHNjcmlwdD4="/>',
        '<image href="https://tracker.example/pixel.png"/>',
        '<use href="https://evil.example/sprite.svg#icon"/>',
        '<image href="data:image/png;base64,iVBORw0KGgo="/>',
        '</svg>',
      ].join(''),
    );
    expect(out).not.toMatch(/javascript|text\/html|tracker|evil/i);
    expect(out).toContain('data:image/png;base64,iVBORw0KGgo=');
  });

  it('keeps external <use> only when allowed', async () => {
    const markup = '<svg><use href="/sprite.svg#icon"/><use href="javascript:alert(1)"/></svg>';
    expect(await sanitizeSvg(markup)).toBe('<svg><use></use><use></use></svg>');
    expect(await sanitizeSvg(markup, { allowExternalUse: true })).toBe(
      '<svg><use href="/sprite.svg#icon"></use><use></use></svg>',
    );
    // The option does not stick to the next call.
    expect(await sanitizeSvg(markup)).toBe('<svg><use></use><use></use></svg>');
  });

  it('returns only the svg element, or nothing when there is none', async () => {
    expect(await sanitizeSvg('<?xml version="1.0"?><!DOCTYPE svg><svg><g/></svg>trailing')).toBe('<svg><g></g></svg>');
    expect(await sanitizeSvg('<div><img src=x onerror=alert(1)></div>')).toBe('');
    expect(await sanitizeSvg('<html><body>Not found</body></html>')).toBe('');
  });

  it('leaves nothing executable from the DOMPurify SVG corpus (48 cases)', async () => {
    expect(corpus.length).toBe(48);
    for (const { payload } of corpus) assertInert(await sanitizeSvg(payload));
  });
});
