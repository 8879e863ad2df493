import pagePurify from 'dompurify';
import { sanitize } from './dompurify';

describe('the DOMPurify adapter', () => {
  it('uses a private instance: the page’s own DOMPurify keeps its defaults and has no hooks of ours', () => {
    expect(sanitize('<svg><a href="https://example.com"><rect/></a></svg>', false)?.outerHTML).toBe(
      '<svg><a><rect></rect></a></svg>',
    );
    expect(pagePurify.sanitize('<a href="https://example.com">x</a>')).toBe('<a href="https://example.com">x</a>');
  });
});
