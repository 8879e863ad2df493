import { type CSSProperties, type HTMLAttributes, type ReactNode, useCallback, useRef } from 'react';
import { type InViewOptions, useLazyInView } from './useLazyInView';

export interface LazyRenderProps extends InViewOptions, Omit<HTMLAttributes<HTMLDivElement>, 'placeholder'> {
  children: ReactNode;
  /** Shown until the content is rendered. Give it the content's size, or use `minHeight`. */
  placeholder?: ReactNode;
  /** Space reserved while the content is not rendered (px when a number), so nothing shifts when it arrives. */
  minHeight?: number | string;
  /** Keep the content once it has been shown (default). `false` unmounts it again off screen, keeping its height. */
  once?: boolean;
}

/**
 * Renders `children` only when the wrapper comes near the viewport; until then the `placeholder`
 * (or an empty box of `minHeight`) holds the space.
 *
 * @example
 * <LazyRender minHeight={320} onVisible={() => track('reviews seen')}>
 *   <Reviews />
 * </LazyRender>
 */
export function LazyRender({
  children,
  placeholder,
  minHeight,
  once = true,
  rootMargin,
  threshold,
  root,
  onVisible,
  style,
  ...rest
}: LazyRenderProps) {
  const box = useRef<HTMLDivElement | null>(null);
  const lastHeight = useRef<number | undefined>(undefined);
  const { ref, inView } = useLazyInView<HTMLDivElement>({
    rootMargin,
    threshold,
    root,
    once,
    onVisible,
    // Leaving the view with once={false}: remember the content's height so its placeholder keeps it.
    onChange: (visible) => {
      if (!visible && box.current) lastHeight.current = box.current.getBoundingClientRect().height || undefined;
    },
  });
  const attach = useCallback(
    (node: HTMLDivElement | null) => {
      box.current = node;
      ref(node);
    },
    [ref],
  );
  const reserved = inView ? undefined : (lastHeight.current ?? minHeight);
  const merged: CSSProperties | undefined = reserved === undefined ? style : { minHeight: reserved, ...style };
  return (
    <div {...rest} ref={attach} style={merged} data-lazy-state={inView ? 'visible' : 'pending'}>
      {inView ? children : placeholder}
    </div>
  );
}
