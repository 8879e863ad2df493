import { useInViewOnce } from './useInViewOnce';

test('typed ref and boolean', () => {
  const result = useInViewOnce<HTMLDivElement>({ rootMargin: '100px' });
  expectTypeOf(result.inView).toEqualTypeOf<boolean>();
  expectTypeOf(result.ref).parameter(0).toEqualTypeOf<HTMLDivElement | null>();
  // @ts-expect-error threshold is a number
  useInViewOnce({ threshold: '0.5' });
});
