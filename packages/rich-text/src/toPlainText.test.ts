// @vitest-environment node
import { block, codeBlock, image, link, listItem, strong } from './testing';
import { toPlainText } from './toPlainText';

describe('toPlainText', () => {
  it('joins block text with blank lines and skips non-text types', () => {
    const doc = [
      block('h2', 'Title'),
      block('normal', 'Read ', link('the docs', '/docs'), ' and ', strong('enjoy'), '.'),
      image({ alt: 'x', url: '/x.png' }),
      codeBlock('x()'),
      listItem('bullet', 1, 'item'),
    ];
    expect(toPlainText(doc)).toBe('Title\n\nRead the docs and enjoy.\n\nitem');
  });

  it('accepts one block, null and undefined', () => {
    expect(toPlainText(block('normal', 'one'))).toBe('one');
    expect(toPlainText(null)).toBe('');
    expect(toPlainText(undefined)).toBe('');
    expect(toPlainText([])).toBe('');
  });
});
