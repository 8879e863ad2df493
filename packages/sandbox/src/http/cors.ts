import type { IncomingMessage, ServerResponse } from 'node:http';

/** Decides whether a browser origin may read sandbox answers. */
export type OriginPolicy = (origin: string) => boolean;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The default policy: any port on 127.0.0.1, localhost or [::1], over http or https. */
export function isLoopbackOrigin(origin: string): boolean {
  const url = URL.parse(origin);
  return !!url && (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.has(url.hostname);
}

export interface CorsOptions {
  /** Which origins are allowed; loopback origins by default. */
  allow?: OriginPolicy;
  /** Methods announced in a preflight answer. */
  methods?: string;
  /** Send `Access-Control-Allow-Credentials: true` (cookies / sendBeacon with credentials). */
  credentials?: boolean;
}

/**
 * Adds CORS headers for an allowed `Origin` (echoing it, never `*`, with `Vary: Origin`) and answers
 * a preflight (`OPTIONS` with `Access-Control-Request-Method`) with 204. Returns true when the
 * request was a preflight and has been answered, so the caller stops there.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse, options: CorsOptions = {}): boolean {
  const { allow = isLoopbackOrigin, methods = 'GET, HEAD, POST, PUT, PATCH, DELETE, REPORT, OPTIONS' } = options;
  const origin = req.headers.origin;
  res.setHeader('vary', 'Origin');
  const allowed = typeof origin === 'string' && allow(origin);
  if (allowed) {
    res.setHeader('access-control-allow-origin', origin);
    res.setHeader('access-control-expose-headers', '*');
    if (options.credentials) res.setHeader('access-control-allow-credentials', 'true');
  }
  const isPreflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
  if (!isPreflight) return false;
  const headers: Record<string, string> = {};
  if (allowed) {
    headers['access-control-allow-methods'] = methods;
    const requested = req.headers['access-control-request-headers'];
    if (requested) headers['access-control-allow-headers'] = String(requested);
    headers['access-control-max-age'] = '600';
    if (req.headers['access-control-request-private-network'] === 'true') {
      headers['access-control-allow-private-network'] = 'true';
    }
  }
  res.writeHead(204, headers);
  res.end();
  return true;
}
