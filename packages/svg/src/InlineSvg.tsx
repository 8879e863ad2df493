import {
  cloneElement,
  forwardRef,
  type ReactNode,
  type SVGProps,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useSyncExternalStore,
} from 'react';
import { IDLE, loadSvg, peekSvg, resolveSvgUrl, type SvgEntry, SvgError, subscribeSvg } from './svgCache';
import { loadedInliner } from './vendors';

export interface InlineSvgProps
  extends Omit<SVGProps<SVGSVGElement>, 'children' | 'dangerouslySetInnerHTML' | 'onLoad' | 'onError' | 'ref'> {
  /** URL of the SVG file: the page's origin or one given to `configureSvg({ allowedOrigins })`. */
  src: string;
  /** Accessible name, as text (never parsed as markup). Replaces the file's `<title>`; `null` removes it. */
  title?: string | null;
  /** Longer description, as text. Replaces the file's `<desc>`. */
  description?: string;
  /** Shown when the file cannot be used (blocked origin, network/CORS error, 404, not SVG). Default: an empty box of the same size. */
  fallback?: ReactNode;
  /** Shown while loading, and on the server. Default: an empty box of the same size. */
  loader?: ReactNode;
  /** Suffix every `id` (and its references) per instance, so gradients and clip paths survive copies. Default `true`. */
  uniquifyIDs?: boolean;
  onLoad?: (src: string) => void;
  onError?: (error: SvgError) => void;
}

const BLOCKED: SvgEntry = { status: 'failed', error: new SvgError('not on an allowed origin', 'blocked', '') };
const noSubscribe = () => () => {};
const onServer = () => IDLE;

/**
 * An SVG file inlined into the DOM (so CSS and `currentColor` reach it), fetched once per URL for
 * the whole page and sanitised with DOMPurify before it is parsed. DOMPurify and react-from-dom are
 * lazy chunks, downloaded alongside the first file. Works under Trusted Types with the one policy
 * `plinth-svg` (README, "Going live").
 *
 * @example
 * <InlineSvg src="/icons/cart.svg" title="Cart" width={24} height={24} fallback={<CartGlyph />} />
 */
export const InlineSvg = forwardRef<SVGSVGElement, InlineSvgProps>(function InlineSvg(
  { src, title, description, fallback, loader, uniquifyIDs = true, onLoad, onError, ...svgProps },
  ref,
) {
  const href = resolveSvgUrl(src);
  const subscribe = useCallback((listener: () => void) => (href ? subscribeSvg(href, listener) : () => {}), [href]);
  const entry = useSyncExternalStore(href ? subscribe : noSubscribe, () => (href ? peekSvg(href) : BLOCKED), onServer);
  const hash = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const handlers = useRef({ onLoad, onError });
  handlers.current = { onLoad, onError };

  // Each outcome is announced once per instance: StrictMode's second effect run sees it already notified.
  const notified = useRef<unknown>(null);
  useEffect(() => {
    if (entry.status === 'idle' || entry === BLOCKED) loadSvg(src).catch(() => {});
    if (notified.current === entry) return;
    if (entry.status === 'loaded' || entry.status === 'failed') notified.current = entry;
    if (entry.status === 'loaded') handlers.current.onLoad?.(src);
    if (entry.status === 'failed')
      handlers.current.onError?.(
        entry === BLOCKED ? new SvgError(`${src} is not on an allowed origin`, 'blocked', src) : entry.error,
      );
  }, [entry, src]);

  // One copy of the sanitised file per instance (its own id suffix, title and description as text), made
  // again only when one of those changes. A loaded entry implies the renderer chunk is loaded too (loadSvg
  // waits for both).
  const render = loadedInliner();
  const loaded = entry.status === 'loaded' ? entry : undefined;
  const element = useMemo(() => {
    if (!loaded || !render) return undefined;
    try {
      return render(loaded.svg, { hash: uniquifyIDs ? hash : '', title, description });
    } catch (cause) {
      return cause instanceof Error ? cause : new Error(String(cause));
    }
  }, [loaded, render, uniquifyIDs, hash, title, description]);
  const failed = element === null || element instanceof Error;
  useEffect(() => {
    if (failed) handlers.current.onError?.(new SvgError(`${src} could not be rendered`, 'render', src, element));
  }, [failed, element, src]);

  const box = (
    <svg {...svgProps} ref={ref} aria-hidden="true" data-svg-state={entry.status === 'failed' ? 'error' : 'loading'} />
  );

  if (entry.status === 'failed' || failed) return <>{fallback === undefined ? box : fallback}</>;
  if (!element) return <>{loader === undefined ? box : loader}</>;
  // The app's props win over the file's own attributes on the root, as with react-inlinesvg.
  return cloneElement(element, { ...svgProps, role: svgProps.role ?? (title ? 'img' : undefined), ref } as object);
});
