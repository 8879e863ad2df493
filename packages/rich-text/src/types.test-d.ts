import type { RichTextImage, RichTextProps } from './index';
import { RichText } from './index';

describe('types', () => {
  it('requires alt text on images', () => {
    // @ts-expect-error alt is required
    const img: RichTextImage = { _type: 'image', url: '/a.png' };
    expectTypeOf<RichTextImage['alt']>().toEqualTypeOf<string>();
    void img;
  });

  it('accepts a document, one block, null or undefined', () => {
    expectTypeOf<null>().toMatchTypeOf<RichTextProps['value']>();
    expectTypeOf<undefined>().toMatchTypeOf<RichTextProps['value']>();
    expectTypeOf<{ _type: 'block'; children: [] }>().toMatchTypeOf<RichTextProps['value']>();
    expectTypeOf(RichText).parameter(0).toHaveProperty('headingIds');
  });
});
