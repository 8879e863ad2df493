// The only file the main entry reaches react-intersection-observer through. A static import on
// purpose (plinth.staticDependencies): the first render needs it to choose placeholder or content,
// so an import() would only delay every reveal (README, "Why the vendor is a static import").
import { useInView } from 'react-intersection-observer';

export interface ObserveOptions {
  rootMargin: string;
  threshold: number;
  root: Element | null | undefined;
  /** Stop observing after the first reveal. */
  once: boolean;
  /** Do not observe (already revealed another way). */
  skip: boolean;
  /** The value before the observer has answered. */
  initialInView: boolean;
  onChange: (inView: boolean) => void;
}

export interface Observed {
  ref: (node: Element | null) => void;
  inView: boolean;
}

/**
 * One element in react-intersection-observer's pooled observers (one IntersectionObserver per
 * distinct option set). Without IntersectionObserver the element counts as in view.
 */
export function useObserved({ once, ...options }: ObserveOptions): Observed {
  const { ref, inView } = useInView({ ...options, triggerOnce: once, fallbackInView: true });
  return { ref, inView };
}
