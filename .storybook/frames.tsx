import { useEffect, useRef, useState } from 'react';
import type { Theme } from './widths';

/**
 * A story on a docs page in its own frame: the story as the canvas shows it (its own width, so media
 * queries see a phone; its play function run, so the page shows the state its text describes). The frame
 * grows with its content unless the story gives it a height (fixed-position UI fills whatever it gets).
 */
export function StoryFrame({
  id,
  title,
  theme,
  width,
  height,
}: {
  id: string;
  title: string;
  theme: Theme;
  width?: number;
  height?: string;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [measured, setMeasured] = useState(200);
  useEffect(() => {
    const element = frame.current;
    if (!element || height) return;
    let observer: ResizeObserver | undefined;
    const watch = () => {
      const document = element.contentDocument;
      const root = document?.getElementById('storybook-root');
      if (!document || !root) return;
      // The story's own height (not the frame's document, which is at least as tall as the frame).
      const fit = () => {
        const padding = Number.parseFloat(getComputedStyle(document.body).paddingBottom) || 0;
        setMeasured(Math.min(Math.ceil(root.getBoundingClientRect().bottom + padding), 1200));
      };
      observer?.disconnect();
      observer = new ResizeObserver(fit);
      observer.observe(root);
    };
    element.addEventListener('load', watch);
    return () => {
      element.removeEventListener('load', watch);
      observer?.disconnect();
    };
  }, [height]);
  const src = `iframe.html?id=${encodeURIComponent(id)}&viewMode=story&globals=theme:${theme}`;
  return (
    <iframe
      ref={frame}
      title={title}
      src={src}
      style={{
        display: 'block',
        width: width ? `${width}px` : '100%',
        maxWidth: '100%',
        height: height ?? `${measured}px`,
        border: 0,
        margin: '0 auto',
      }}
    />
  );
}
