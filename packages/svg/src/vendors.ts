import { isBrowser } from '@plinth/core';
import type { renderSvg } from './adapter/react-from-dom';

/** `(markup, allowExternalUse) → the sanitised <svg> element or null`: DOMPurify behind src/adapter/dompurify.ts. */
export type Sanitize = (markup: string, allowExternalUse: boolean) => SVGSVGElement | null;
/** One copy of a sanitised `<svg>` as a React element: react-from-dom behind src/adapter/react-from-dom.ts. */
export type InlinerComponent = typeof renderSvg;

let sanitizer: Sanitize | undefined;
let inliner: InlinerComponent | undefined;
let sanitizerRequest: Promise<Sanitize> | undefined;
let inlinerRequest: Promise<InlinerComponent> | undefined;

/**
 * The two vendors are lazy chunks: the first `loadSvg` asks for them in parallel with its fetch. A
 * failed chunk download is forgotten, so a later call (after `clearSvgCache`) tries again.
 */
export function loadSanitizer(): Promise<Sanitize> {
  if (!isBrowser) return Promise.reject(new Error('no DOM to sanitise with'));
  sanitizerRequest ??= import('./adapter/dompurify').then(
    (adapter) => (sanitizer = adapter.sanitize),
    (cause) => {
      sanitizerRequest = undefined;
      throw cause;
    },
  );
  return sanitizerRequest;
}

export function loadInliner(): Promise<InlinerComponent> {
  inlinerRequest ??= import('./adapter/react-from-dom').then(
    (adapter) => (inliner = adapter.renderSvg),
    (cause) => {
      inlinerRequest = undefined;
      throw cause;
    },
  );
  return inlinerRequest;
}

/** The inliner, once loaded (every `loaded` cache entry implies it is). */
export const loadedInliner = (): InlinerComponent | undefined => inliner;
export const loadedSanitizer = (): Sanitize | undefined => sanitizer;

/** Used by `@plinth/svg/testing`, which imports both adapters statically so primed icons render at once. */
export function provideVendors(sanitize: Sanitize, component: InlinerComponent): void {
  sanitizer = sanitize;
  inliner = component;
  sanitizerRequest = Promise.resolve(sanitize);
  inlinerRequest = Promise.resolve(component);
}
