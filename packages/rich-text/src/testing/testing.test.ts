// @vitest-environment node
import { block, codeBlock, image, key, link, listItem, resetRichText, span } from './index';

describe('testing builders', () => {
  beforeEach(() => resetRichText());

  it('builds a block with spans and link mark definitions', () => {
    expect(block('normal', 'Read ', link('docs', '/docs'), span('!', 'strong', { _type: 'link', href: '#x' }))).toEqual(
      {
        _type: 'block',
        _key: 'k5',
        style: 'normal',
        markDefs: [
          { _type: 'link', href: '/docs', _key: 'k3' },
          { _type: 'link', href: '#x', _key: 'k4' },
        ],
        children: [
          { _type: 'span', _key: 'k2', text: 'Read ', marks: [] },
          { _type: 'span', _key: 'k0', text: 'docs', marks: ['k3'] },
          { _type: 'span', _key: 'k1', text: '!', marks: ['strong', 'k4'] },
        ],
      },
    );
  });

  it('builds list items, images and code blocks', () => {
    expect(listItem('number', 2, 'x')).toMatchObject({ _type: 'block', listItem: 'number', level: 2, style: 'normal' });
    expect(image({ alt: 'a', url: '/a.png' })).toEqual({ _type: 'image', _key: 'k2', alt: 'a', url: '/a.png' });
    expect(codeBlock('x', 'js')).toEqual({ _type: 'code', _key: 'k3', code: 'x', language: 'js' });
  });

  it('resetRichText restarts keys', () => {
    key();
    resetRichText();
    expect(key()).toBe('k0');
  });
});
