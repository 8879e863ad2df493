import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import createDOMPurify from 'dompurify';
import { stripEventAttributes } from '../stripEventAttributes';

// Next to the adapter: the one place that may name DOMPurify (see scripts/vendor-imports.test.ts).
const corpus: { payload: string }[] = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../test/fixtures/dompurify-svg-fixtures.json'), 'utf8'),
);

describe('stripEventAttributes before DOMPurify', () => {
  it('changes nothing DOMPurify keeps: the 48 corpus cases sanitise to the same markup', () => {
    const purify = createDOMPurify(window);
    const options = { USE_PROFILES: { svg: true, svgFilters: true } };
    let changed = 0;
    for (const { payload } of corpus) {
      const stripped = stripEventAttributes(payload);
      if (stripped !== payload) changed++;
      expect(purify.sanitize(stripped, options)).toBe(purify.sanitize(payload, options));
    }
    // Positive sentinel: the corpus does carry handlers to defuse.
    expect(changed).toBeGreaterThan(5);
  });
});
