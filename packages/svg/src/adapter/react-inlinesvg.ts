// The only file that imports react-inlinesvg. It is loaded with import() (see ../vendors.ts), in
// parallel with the first SVG fetch.
import { createElement, type ReactNode, type Ref, type SVGProps } from 'react';
import SVG, { cacheStore } from 'react-inlinesvg';

export interface InlinerProps {
  /** Sanitised `<svg>` markup. */
  markup: string;
  svgProps: Omit<SVGProps<SVGSVGElement>, 'onLoad' | 'onError' | 'ref'>;
  /** Already escaped text, `null` to remove the file's `<title>`, `undefined` to keep it. */
  title: string | null | undefined;
  description: string | undefined;
  uniquifyIDs: boolean;
  uniqueHash: string;
  innerRef: Ref<SVGSVGElement> | undefined;
  loader: ReactNode;
  fallback: ReactNode;
  onError: (cause: unknown) => void;
}

/**
 * Renders sanitised markup inline with react-inlinesvg (ID uniquifying, title/description). The
 * markup itself is the `src` and is seeded into react-inlinesvg's cache first, so it renders on the
 * first render and react-inlinesvg never makes a request.
 */
export function Inliner({ markup, svgProps, fallback, innerRef, ...props }: InlinerProps) {
  if (!cacheStore.isCached(markup)) cacheStore.set(markup, { content: markup, status: 'loaded' });
  return createElement(
    SVG,
    {
      ...(svgProps as Omit<SVGProps<SVGElement>, 'onLoad' | 'onError' | 'ref'>),
      ...props,
      src: markup,
      innerRef: innerRef as never,
    },
    fallback,
  );
}
