import { channel } from '@plinth/core';
import { sanitizeSvg } from './sanitizeSvg';

export interface SvgConfig {
  /** Origins besides the page's own that `src` may point at, e.g. `['https://cdn.example.com']`. */
  allowedOrigins?: readonly string[];
  /** Keep external `<use href="…">` references in fetched files (see `sanitizeSvg`). Default `false`. */
  allowExternalUse?: boolean;
  /** Cookies on SVG requests. Default `'same-origin'`. */
  credentials?: RequestCredentials;
}

export type SvgErrorCode = 'blocked' | 'network' | 'status' | 'content-type' | 'not-svg' | 'render';

/** Why an SVG could not be shown. `cause` holds the original error (a CORS or network TypeError, say). */
// TODO(lead): extend PlinthError from @plinth/core once it is exported.
export class SvgError extends Error {
  override readonly name = 'SvgError';
  readonly source = 'svg' as const;
  constructor(
    message: string,
    readonly code: SvgErrorCode,
    readonly src: string,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

export type SvgEntry =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'loaded'; markup: string }
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

/** Query and fragment stripped: enough to say which file, nothing that identifies the user. */
// TODO(lead): use scrubUrl from @plinth/core once it is exported.
const forReport = (href: string) => href.replace(/[?#].*$/, '');

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
  if (typeof window === 'undefined' || typeof src !== 'string' || !src) return undefined;
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

function fail(href: string, error: SvgError, current: () => boolean): never {
  if (current()) entries.set(href, { status: 'failed', error });
  channel.reportOnce(`@plinth/svg:${href}`, 'warn', `[@plinth/svg] ${error.message}`, {
    src: forReport(href),
    code: error.code,
  });
  if (current()) notify(href);
  throw error;
}

/** `current()` is false once the cache was cleared meanwhile: the result then writes nothing. */
async function fetchSvg(href: string, current: () => boolean): Promise<string> {
  let response: Response;
  try {
    response = await fetch(href, { credentials: config.credentials, headers: { Accept: 'image/svg+xml' } });
  } catch (cause) {
    // Offline, DNS, or a cross-origin response without CORS headers: fetch only says TypeError.
    return fail(
      href,
      new SvgError(`could not fetch ${forReport(href)} (network or CORS)`, 'network', href, cause),
      current,
    );
  }
  if (!response.ok) {
    return fail(href, new SvgError(`${forReport(href)} answered ${response.status}`, 'status', href), current);
  }
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'image/svg+xml') {
    return fail(
      href,
      new SvgError(`${forReport(href)} is ${type || 'untyped'}, not image/svg+xml`, 'content-type', href),
      current,
    );
  }
  const markup = sanitizeSvg(await response.text(), { allowExternalUse: config.allowExternalUse });
  if (!markup) return fail(href, new SvgError(`${forReport(href)} holds no <svg> element`, 'not-svg', href), current);
  if (current()) {
    entries.set(href, { status: 'loaded', markup });
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
    const error = new SvgError(`${forReport(String(src))} is not on an allowed origin`, 'blocked', String(src));
    channel.reportOnce(`@plinth/svg:blocked:${src}`, 'warn', `[@plinth/svg] ${error.message}`, {
      src: forReport(String(src)),
      code: error.code,
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

/** Put sanitised markup in the cache for `src` without a request (tests, stories, inlined sprites). */
export function primeSvg(src: string, markup: string): void {
  const href = resolveSvgUrl(src);
  const clean = sanitizeSvg(markup, { allowExternalUse: config.allowExternalUse });
  if (!href || !clean)
    throw new TypeError(`primeSvg: ${src} is not an allowed URL or ${markup.slice(0, 40)} is not SVG`);
  entries.set(href, { status: 'loaded', markup: clean });
  requests.set(href, Promise.resolve(clean));
  notify(href);
}
