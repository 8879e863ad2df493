import { useCallback, useRef, useState, useSyncExternalStore } from 'react';
import { useObserved } from './adapter/react-intersection-observer';
import { useIsomorphicLayoutEffect } from './useIsomorphicLayoutEffect';

/** Start rendering a little before the element scrolls into view, so content is ready when it is seen. */
export const DEFAULT_ROOT_MARGIN = '200px 0px';

export interface InViewOptions {
  /** Grows (or shrinks) the viewport used to decide visibility, as CSS margins. Default `'200px 0px'`. */
  rootMargin?: string;
  /** Fraction of the element that must be inside the (grown) viewport. Default `0`. */
  threshold?: number;
  /** Scroll container to observe against. Default: the viewport. */
  root?: Element | null;
  /** Called when the element becomes visible (once per reveal). */
  onVisible?: () => void;
}

export interface LazyInViewOptions extends InViewOptions {
  once?: boolean;
  onChange?: (inView: boolean) => void;
}

export interface InViewResult<T extends Element> {
  /** Attach to the element to watch. */
  ref: (node: T | null) => void;
  /** True once the element has come within `rootMargin` of the viewport (or IntersectionObserver is missing). */
  inView: boolean;
}

const noSubscribe = () => () => {};
const hasNoObserver = () => typeof window.IntersectionObserver === 'undefined';
const onServer = () => false;

/** `'200px 0px'` → [top, right, bottom, left] in px, or undefined when a value is not px/% (then no early check). */
function margins(rootMargin: string): number[] | undefined {
  const parts = rootMargin.trim().split(/\s+/);
  const px = parts.map((part, i) => {
    const match = /^(-?\d*\.?\d+)(px|%)?$/.exec(part);
    if (!match) return Number.NaN;
    const value = Number(match[1]);
    if (match[2] !== '%') return value;
    return (value / 100) * (i % 2 ? window.innerWidth : window.innerHeight);
  });
  if (px.some(Number.isNaN) || px.length > 4) return undefined;
  const [t = 0, r = t, b = t, l = r] = px;
  return [t, r, b, l];
}

/**
 * The element is already inside the grown viewport at mount: reveal it before the first paint instead
 * of waiting one frame for the observer (no placeholder flash above the fold). Unmeasurable elements
 * (zero-size boxes, as in jsdom) wait for the observer.
 */
function visibleNow(element: Element, rootMargin: string): boolean {
  const box = element.getBoundingClientRect();
  if (!box.width && !box.height) return false;
  const m = margins(rootMargin);
  if (!m) return false;
  return (
    box.bottom >= -m[0]! &&
    box.left <= window.innerWidth + m[1]! &&
    box.top <= window.innerHeight + m[2]! &&
    box.right >= -m[3]!
  );
}

/** Shared by `useInViewOnce` and `<LazyRender>`: react-intersection-observer's pooled observer, plus the two no-flash rules. */
export function useLazyInView<T extends Element>({
  rootMargin = DEFAULT_ROOT_MARGIN,
  threshold = 0,
  root,
  once = true,
  onVisible,
  onChange,
}: LazyInViewOptions): InViewResult<T> {
  // No IntersectionObserver: content at once. On the server (and while hydrating): the placeholder.
  const unsupported = useSyncExternalStore(noSubscribe, hasNoObserver, onServer);
  const [early, setEarly] = useState(false);
  const node = useRef<T | null>(null);
  const notified = useRef(false);
  const callbacks = useRef({ onVisible, onChange });
  callbacks.current = { onVisible, onChange };

  const notify = useCallback(
    (visible: boolean) => {
      callbacks.current.onChange?.(visible);
      if (visible && !(once && notified.current)) {
        notified.current = true;
        callbacks.current.onVisible?.();
      }
    },
    [once],
  );

  const { ref: observe, inView: observed } = useObserved({
    rootMargin,
    threshold,
    root,
    once,
    // Revealed for good: stop observing (the observer is shared, only this element leaves it).
    skip: once && early,
    initialInView: unsupported,
    onChange: notify,
  });

  useIsomorphicLayoutEffect(() => {
    // Root-relative geometry is only cheap to check against the viewport.
    if (!once || root || unsupported || !node.current) return;
    if (visibleNow(node.current, rootMargin)) {
      setEarly(true);
      notify(true);
    }
  }, [once, root, rootMargin, unsupported, notify]);

  const ref = useCallback(
    (element: T | null) => {
      node.current = element;
      observe(element);
    },
    [observe],
  );

  return { ref, inView: unsupported || observed || (once && early) };
}
