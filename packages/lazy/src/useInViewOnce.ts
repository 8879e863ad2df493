import { type InViewOptions, type InViewResult, useLazyInView } from './useLazyInView';

/**
 * `true` from the moment the element comes within `rootMargin` (default `200px 0px`) of the viewport,
 * and for good after that. Elements share one IntersectionObserver per set of options.
 *
 * - No IntersectionObserver (old browsers, some test environments): `true` on the first render.
 * - On the server and while hydrating: `false`, so the placeholder is what the server sends.
 * - Already on screen when mounted: `true` before the first paint (no placeholder flash).
 *
 * @example
 * const { ref, inView } = useInViewOnce<HTMLDivElement>();
 * return <div ref={ref} style={{ minHeight: 240 }}>{inView ? <Chart /> : null}</div>;
 */
export function useInViewOnce<T extends Element = Element>(options: InViewOptions = {}): InViewResult<T> {
  return useLazyInView<T>({ ...options, once: true });
}
