import { useEffect, useRef, useState } from 'react';
import { type Theme, WIDTHS } from './widths';

/**
 * How tall a story is in its frame: the bottom of whatever it draws (a last child's margin, an element that
 * overflows the root), measured from the top of the frame's page however it is scrolled, plus the page's bottom
 * padding (the "padded" layout).
 */
function storyHeight(document: Document, root: HTMLElement) {
  const view = document.defaultView;
  if (!view) return 0;
  let bottom = root.getBoundingClientRect().bottom;
  for (const element of root.querySelectorAll('*')) {
    const box = element.getBoundingClientRect();
    if (box.height === 0 && box.width === 0) continue;
    bottom = Math.max(bottom, box.bottom + (Number.parseFloat(view.getComputedStyle(element).marginBottom) || 0));
  }
  const padding = Number.parseFloat(view.getComputedStyle(document.body).paddingBottom) || 0;
  return Math.ceil(bottom + view.scrollY + padding);
}

/**
 * A story on a docs page in its own frame: the story as the canvas shows it (its own width, so media queries see
 * a phone; its play function run, so the page shows the state its text describes). The frame is as tall as the
 * story after its interaction (no cap: nothing scrolls inside a frame) unless the story gives it a height
 * (fixed-position UI fills whatever it gets). A frame keeps its width, and is never narrower than a phone: in a
 * narrower column it is drawn scaled down, and says so. The story inside marks the frame `data-docs-frame="played"` once its play function
 * has run (preview.tsx), and hands the docs page its focus back; the docs-page test (scripts/docs-pages.mjs) reads
 * both.
 */
export function StoryFrame({
  id,
  title,
  theme,
  width,
  height,
  modes = {},
}: {
  id: string;
  title: string;
  theme: Theme;
  width?: number;
  height?: string;
  /** The toolbar's accessibility modes that are on (preview.tsx), passed on to the story in the frame. */
  modes?: Record<string, string>;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const column = useRef<HTMLDivElement>(null);
  const [measured, setMeasured] = useState(200);
  const [columnWidth, setColumnWidth] = useState<number>();
  // `a11y.manual`: the a11y addon runs axe after every story it renders in the canvas; on a docs page that is work
  // in the reader's browser for each frame with no panel to show it in (the story tests run axe on every story).
  const globals = [
    `theme:${theme}`,
    'a11y.manual:!true',
    ...Object.entries(modes).map(([name, value]) => `${name}:${value}`),
  ].join(';');
  const src = `iframe.html?id=${encodeURIComponent(id)}&viewMode=story&globals=${globals}`;

  // The column's width, followed (a docs page read on a phone, a window resized).
  useEffect(() => {
    const element = column.current;
    if (!element) return;
    const fit = () => setColumnWidth(element.clientWidth);
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  // A story is drawn at its own width, else the column's, but never narrower than a phone: in a column narrower than
  // that (a docs page read on a phone: 248 px), at the phone's width, scaled down to fit, and labelled so.
  const phone = WIDTHS.phone.width;
  const drawn = width ?? (columnWidth !== undefined && columnWidth < phone ? phone : undefined);
  const scale = drawn !== undefined && columnWidth ? Math.min(1, columnWidth / drawn) : 1;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new src (another theme) reloads the frame: watched again
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    element.dataset.docsFrame = 'loading';
    // A failed play function's mark (preview.tsx) belongs to the story the frame showed before.
    delete element.dataset.docsFrameError;
    if (height) return;
    let observer: ResizeObserver | undefined;
    let played: MutationObserver | undefined;
    const watch = () => {
      const document = element.contentDocument;
      const root = document?.getElementById('storybook-root');
      if (!document || !root) return;
      const fit = () => setMeasured(storyHeight(document, root));
      observer?.disconnect();
      observer = new ResizeObserver(fit);
      observer.observe(root);
      observer.observe(document.body);
      // Measured again once the play function has run (what it opened may overflow the root).
      played?.disconnect();
      played = new MutationObserver(fit);
      played.observe(element, { attributes: true, attributeFilter: ['data-docs-frame'] });
    };
    element.addEventListener('load', watch);
    return () => {
      element.removeEventListener('load', watch);
      observer?.disconnect();
      played?.disconnect();
    };
  }, [height, src]);

  // The docs page keeps its focus unless the reader moves it. A play function's focus() or click inside the frame
  // (then or later: a story may focus after a delay) takes the docs page's focus into the frame with no input from
  // the reader: given back at once. Input is a trusted key or pointer press, on the docs page or in the frame.
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    let input = Number.NEGATIVE_INFINITY;
    const pressed = (event: Event) => {
      if (event.isTrusted) input = performance.now();
    };
    const listen = (target: Window | Document | null | undefined) => {
      for (const type of ['keydown', 'pointerdown']) target?.addEventListener(type, pressed, { capture: true });
    };
    listen(window);
    const inFrame = () => listen(element.contentDocument);
    element.addEventListener('load', inFrame);
    const focused = () => {
      if (performance.now() - input > 1000) element.blur();
    };
    element.addEventListener('focus', focused);
    return () => {
      for (const type of ['keydown', 'pointerdown']) window.removeEventListener(type, pressed, { capture: true });
      element.removeEventListener('load', inFrame);
      element.removeEventListener('focus', focused);
    };
  }, []);

  const scaled = drawn !== undefined && scale < 1;
  const frameHeight = height ?? `${measured}px`;
  return (
    <div ref={column}>
      {scaled && (
        <p style={{ margin: '0 0 0.25rem', textAlign: 'center', fontSize: '0.8rem', color: 'var(--color-muted)' }}>
          {drawn} px wide, shown at {Math.round(scale * 100)} %
        </p>
      )}
      <div
        style={{
          width: drawn ? `${drawn * scale}px` : '100%',
          height: scaled ? `calc(${frameHeight} * ${scale})` : frameHeight,
          margin: '0 auto',
          overflow: 'hidden',
        }}
      >
        <iframe
          ref={frame}
          title={title}
          src={src}
          data-docs-frame="loading"
          data-width={drawn}
          style={{
            display: 'block',
            width: drawn ? `${drawn}px` : '100%',
            height: frameHeight,
            border: 0,
            transform: scaled ? `scale(${scale})` : undefined,
            transformOrigin: '0 0',
          }}
        />
      </div>
    </div>
  );
}
