import { type CSSProperties, type HTMLAttributes, type ReactNode, useCallback, useRef } from 'react';
import { useIsomorphicLayoutEffect } from './useIsomorphicLayoutEffect';
import { type InViewOptions, useLazyInView } from './useLazyInView';

export interface LazyRenderProps extends InViewOptions, Omit<HTMLAttributes<HTMLDivElement>, 'placeholder'> {
  children: ReactNode;
  /** Shown until the content is rendered. Give it the content's size, or use `minHeight`. */
  placeholder?: ReactNode;
  /**
   * Space reserved while the content is not rendered (px when a number), so nothing shifts when it
   * arrives. Pick the content's rendered height: in development, LazyRender measures the content
   * when it first renders and warns with the right number when they differ by more than 1 px.
   */
  minHeight?: number | string;
  /**
   * Remember the content's measured height under this key for the life of the page: a later
   * `LazyRender` with the same key (navigating back, a remount, a list that re-renders) reserves
   * exactly that height instead of `minHeight`.
   */
  sizeKey?: string;
  /** Keep the content once it has been shown (default). `false` unmounts it again off screen, keeping its height. */
  once?: boolean;
}

/** Heights measured at first render, by `sizeKey`, for the page's life. */
const measured = new Map<string, number>();
const warned = new Set<string>();

/** For `resetLazy()` in `@plinth/lazy/testing`. */
export function forgetMeasuredSizes(): void {
  measured.clear();
  warned.clear();
}

// Bundlers replace `process.env.NODE_ENV` textually; a `typeof process` guard would not be replaced.
const isDev = () => {
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    return false;
  }
};

/** `240`, `'240px'` → 240; other units → undefined (not comparable without layout). */
function toPx(value: number | string | undefined): number | undefined {
  if (typeof value === 'number') return value;
  const match = /^\s*(\d*\.?\d+)px\s*$/.exec(value ?? '');
  return match ? Number(match[1]) : undefined;
}

/**
 * Renders `children` only when the wrapper comes near the viewport; until then the `placeholder`
 * (or an empty box of `minHeight`) holds the space. The content's height is measured when it first
 * renders (before paint) and kept: for `once={false}` when it leaves the view again, and under
 * `sizeKey` for later mounts.
 *
 * @example
 * <LazyRender minHeight={320} sizeKey="reviews" onVisible={() => track('reviews seen')}>
 *   <Reviews />
 * </LazyRender>
 */
export function LazyRender({
  children,
  placeholder,
  minHeight,
  sizeKey,
  once = true,
  rootMargin,
  threshold,
  root,
  onVisible,
  style,
  ...rest
}: LazyRenderProps) {
  const box = useRef<HTMLDivElement | null>(null);
  const height = useRef<number | undefined>(undefined);
  const { ref, inView } = useLazyInView<HTMLDivElement>({
    rootMargin,
    threshold,
    root,
    once,
    onVisible,
    // Leaving the view with once={false}: remember the content's height so its placeholder keeps it.
    // (The observer also says "not visible" before a first reveal: the box then holds the placeholder.)
    onChange: (visible) => {
      if (!visible && shown.current && box.current)
        height.current = box.current.getBoundingClientRect().height || height.current;
    },
  });
  const shown = useRef(false);
  shown.current = inView;
  const attach = useCallback(
    (node: HTMLDivElement | null) => {
      box.current = node;
      ref(node);
    },
    [ref],
  );

  const reservedBefore = useRef<number | string | undefined>(undefined);
  const pendingHeight = useRef(0);
  const reserved = inView ? undefined : (height.current ?? (sizeKey ? measured.get(sizeKey) : undefined) ?? minHeight);
  if (reserved !== undefined) reservedBefore.current = reserved;

  useIsomorphicLayoutEffect(() => {
    if (!box.current) return;
    // Development only: the space the placeholder really holds (minHeight or the placeholder's own size).
    if (!inView) {
      if (isDev()) pendingHeight.current = box.current.getBoundingClientRect().height;
      return;
    }
    // The first render of the content, before paint: measure it once and keep it.
    if (height.current !== undefined) return;
    const contentHeight = box.current.getBoundingClientRect().height;
    if (!contentHeight) return; // not laid out (display: none, jsdom)
    height.current = contentHeight;
    if (sizeKey) measured.set(sizeKey, contentHeight);
    const expected = pendingHeight.current || toPx(reservedBefore.current);
    if (isDev() && expected !== undefined && Math.abs(expected - contentHeight) > 1) {
      const round = (px: number) => Math.round(px * 10) / 10;
      const message = `[@plinth/lazy] LazyRender${sizeKey ? ` "${sizeKey}"` : ''} reserved ${round(expected)}px but its content is ${round(contentHeight)}px tall: the layout shifts when it appears. Set minHeight={${Math.round(contentHeight)}} (and give the placeholder no larger height).`;
      if (!warned.has(message)) {
        warned.add(message);
        console.warn(message);
      }
    }
  }, [inView, sizeKey]);

  const merged: CSSProperties | undefined = reserved === undefined ? style : { minHeight: reserved, ...style };
  return (
    <div {...rest} ref={attach} style={merged} data-lazy-state={inView ? 'visible' : 'pending'}>
      {inView ? children : placeholder}
    </div>
  );
}
