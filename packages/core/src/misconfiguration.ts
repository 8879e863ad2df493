import { channel } from './channel';

// Bundlers (Vite in dev and build, webpack, Next) replace `process.env.NODE_ENV` textually; a
// `typeof process` guard would not be replaced and would read "production" in every browser.
/** True unless the bundler replaced `process.env.NODE_ENV` with `"production"` (or there is no `process`). */
export function isDevelopment(): boolean {
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    return false;
  }
}

const warned = new Set<string>();

/**
 * The one way a package says "this is misconfigured and data is being lost": once per `key` for the
 * life of the page, a console warning in development (`[plinth] …`) and an `error` report on the core
 * channel in every environment (logging forwards it). Use it for a vendor that refused the key, token,
 * site or region, a flag the service does not serve, a value of the wrong type.
 */
export function reportMisconfiguration(key: string, message: string, context: Record<string, unknown> = {}): void {
  if (isDevelopment() && !warned.has(key)) {
    warned.add(key);
    console.warn(`[plinth] ${message}`);
  }
  channel.reportOnce(key, 'error', message, { misconfiguration: key, ...context });
}

/** Test-only: warn again for keys already warned about. Reached through `@plinth/core/testing`. */
export function resetMisconfigurationWarnings(): void {
  warned.clear();
}
