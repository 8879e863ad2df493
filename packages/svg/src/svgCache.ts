import { channel, isBrowser, PlinthError, scrubUrl } from '@plinth/core';
import { loadInliner, loadSanitizer, type Sanitize } from './vendors';

export interface SvgConfig {
  /** Origins besides the page's own that `src` may point at, e.g. `['https://cdn.example.com']`. */
  allowedOrigins?: readonly string[];
  /** Keep external `<use href="…">` references in fetched files (see `sanitizeSvg`). Default `false`. */
  allowExternalUse?: boolean;
  /** Cookies on SVG requests. Default `'same-origin'`. */
  credentials?: RequestCredentials;
}

/**
 * - `blocked`: `src` is not http(s) on an allowed origin · `network`: offline, DNS or CORS
 * - `status`: not 2xx · `content-type`: not `image/svg+xml` · `not-svg`: no `<svg>` left after sanitising
 * - `load`: the sanitiser or renderer chunk could not be downloaded · `render`: the file could not be sanitised or rendered
 */
export type SvgErrorCode = 'blocked' | 'network' | 'status' | 'content-type' | 'not-svg' | 'load' | 'render';

/** Why an SVG could not be shown. `cause` holds the original error (a CORS or network TypeError, say). */
export class SvgError extends PlinthError<'svg', SvgErrorCode> {
  override readonly name: string = 'SvgError';
  constructor(
    message: string,
    code: SvgErrorCode,
    readonly src: string,
    cause?: unknown,
  ) {
    super(message, { source: 'svg', code, cause });
  }
}

export type SvgEntry =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'loaded'; markup: string; svg: SVGSVGElement }
  | { status: 'failed'; error: SvgError };

export const IDLE: SvgEntry = { status: 'idle' };
const LOADING: SvgEntry = { status: 'loading' };

let config: Required<SvgConfig> = { allowedOrigins: [], allowExternalUse: false, credentials: 'same-origin' };
const entries = new Map<string, SvgEntry>();
const requests = new Map<string, Promise<string>>();
const listeners = new Map<string, Set<() => void>>();

const notify = (href: string) => {
  for (const listener of [...(listeners.get(href) ?? [])]) listener();
};

/** Secrets and user identifiers stripped (core's scrubber) before a URL leaves in a report. */
const forReport = (href: string) => scrubUrl(href);

/**
 * Set once at start-up: which origins InlineSvg may fetch from and how. Changing it empties the cache
 * (mounted icons load again under the new rules).
 */
export function configureSvg(next: SvgConfig): void {
  config = {
    ...config,
    ...next,
    allowedOrigins: (next.allowedOrigins ?? config.allowedOrigins).map((origin) => new URL(origin).origin),
  };
  clearSvgCache();
}

/**
 * The absolute URL `src` resolves to, without its fragment, or `undefined` when it is not an
 * http(s) URL on the page's origin or a configured one (data:, blob:, javascript:, other hosts).
 */
export function resolveSvgUrl(src: string): string | undefined {
  if (!isBrowser || typeof src !== 'string' || !src) return undefined;
  let url: URL;
  try {
    url = new URL(src, document.baseURI);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.origin !== window.location.origin && !config.allowedOrigins.includes(url.origin)) return undefined;
  url.hash = '';
  return url.href;
}

function fail(href: string, code: SvgErrorCode, current: () => boolean, cause?: unknown): never {
  const error = new SvgError(`cannot use ${forReport(href)} (${code})`, code, href, cause);
  if (current()) entries.set(href, { status: 'failed', error });
  channel.reportOnce(`@plinth/svg:${href}`, 'warn', `[@plinth/svg] ${error.message}`, {
    src: forReport(href),
    reason: error.code, // not `code`: scrubbers redact a key of that name (OAuth codes)
  });
  if (current()) notify(href);
  throw error;
}

/**
 * `current()` is false once the cache was cleared meanwhile: the result then writes nothing.
 * The sanitiser and the inliner are lazy chunks requested in the same tick as the file, so the first
 * icon waits for the slower of the two downloads, not for both in a row.
 */
async function fetchSvg(href: string, current: () => boolean): Promise<string> {
  const vendors = Promise.all([loadSanitizer(), loadInliner()]);
  vendors.catch(() => {}); // awaited below; a fetch failure first must not leave it unhandled.
  let response: Response;
  try {
    response = await fetch(href, { credentials: config.credentials, headers: { Accept: 'image/svg+xml' } });
  } catch (cause) {
    // Offline, DNS, or a cross-origin response without CORS headers: fetch only says TypeError.
    return fail(href, 'network', current, cause);
  }
  if (!response.ok) {
    return fail(href, 'status', current, response.status);
  }
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'image/svg+xml') {
    return fail(href, 'content-type', current, type);
  }
  const text = await response.text();
  let sanitize: Sanitize;
  try {
    [sanitize] = await vendors;
  } catch (cause) {
    return fail(href, 'load', current, cause);
  }
  let svg: SVGSVGElement | null;
  try {
    svg = sanitize(text, config.allowExternalUse);
  } catch (cause) {
    // A sanitiser that throws (say, a page whose Trusted Types directive refuses this package's policy)
    // must fail the icon like any other cause, not leave it loading.
    return fail(href, 'render', current, cause);
  }
  if (!svg) return fail(href, 'not-svg', current);
  const markup = svg.outerHTML;
  if (current()) {
    entries.set(href, { status: 'loaded', markup, svg });
    notify(href);
  }
  return markup;
}

/**
 * Fetches, checks and sanitises the SVG at `src` once per URL for the life of the page; parallel
 * callers share the one request. Resolves to the sanitised markup. Failures stay cached (one
 * request, one `report` on the channel); `clearSvgCache(src)` allows a retry.
 */
export function loadSvg(src: string): Promise<string> {
  const href = resolveSvgUrl(src);
  if (!href) {
    const error = new SvgError(`cannot use ${forReport(String(src))} (blocked)`, 'blocked', String(src));
    channel.reportOnce(`@plinth/svg:blocked:${src}`, 'warn', `[@plinth/svg] ${error.message}`, {
      src: forReport(String(src)),
      reason: error.code,
    });
    return Promise.reject(error);
  }
  let request = requests.get(href);
  if (!request) {
    entries.set(href, LOADING);
    const started: Promise<string> = fetchSvg(href, () => requests.get(href) === started);
    request = started;
    request.catch(() => {}); // failures are reported once above; callers may still await.
    requests.set(href, request);
  }
  return request;
}

/** The current state for `href` (from `resolveSvgUrl`). Stable object per state, for useSyncExternalStore. */
export function peekSvg(href: string): SvgEntry {
  return entries.get(href) ?? IDLE;
}

export function subscribeSvg(href: string, listener: () => void): () => void {
  let set = listeners.get(href);
  if (!set) {
    set = new Set();
    listeners.set(href, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
    if (!set.size) listeners.delete(href);
  };
}

/** Forget one URL (to retry a failure) or everything. Mounted icons load again. */
export function clearSvgCache(src?: string): void {
  const hrefs = src === undefined ? [...entries.keys()] : [resolveSvgUrl(src) ?? src];
  for (const href of hrefs) {
    entries.delete(href);
    requests.delete(href);
    notify(href);
  }
}

/** Store an already sanitised `<svg>` for an allowed `href` (used by `@plinth/svg/testing`). */
export function seedSvg(href: string, svg: SVGSVGElement): void {
  const markup = svg.outerHTML;
  entries.set(href, { status: 'loaded', markup, svg });
  requests.set(href, Promise.resolve(markup));
  notify(href);
}

export const svgConfig = () => config;
