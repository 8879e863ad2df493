import { channel } from '@plinth/core';
import type { MissingKind } from './adapter/portabletext';

const warned = new Set<string>();

// Bundlers (Vite in dev and build, webpack, Next) replace `process.env.NODE_ENV` textually; a
// `typeof process` guard would not be replaced and would read "production" in every browser.
const isDev = () => {
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    return false;
  }
};

/**
 * The `onMissingComponent` handler given to @portabletext/react: once per kind and type per page,
 * a console warning in development and a `report` event on the core channel in production.
 * Upstream calls it on every render; the de-duplication happens here.
 */
export function reportMissing(
  message: string,
  { type, nodeType: kind }: { type: string; nodeType: MissingKind },
): void {
  const key = `rich-text:missing:${kind}:${type}`;
  const text = message.replace('@portabletext/react', '@plinth/rich-text');
  if (!isDev()) channel.reportOnce(key, 'warn', text, { kind, type });
  else if (!warned.has(key)) {
    warned.add(key);
    console.warn(text);
  }
}

/** Forget which missing components were already warned about (tests). */
export function resetMissingComponentWarnings(): void {
  warned.clear();
}
