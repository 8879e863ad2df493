// `@plinth/logging/proxy`: the server side of the logger's `proxy` option, as one fetch-standard handler
// (a `Request` in, a `Response` out) for Node 18+ and edge runtimes. No React, no SDK, no 'use client'.
import { configError } from '@plinth/core/server';
import { type DatadogSite, intakeOrigin, isDatadogSite, unknownSite } from './site';

/**
 * The intake paths the SDK names in `ddforward`: its logs, and its own telemetry (`/api/v2/rum`, sent only
 * with the logger's `telemetry: true`). Any other path is refused.
 */
export const INTAKE_PATHS: readonly string[] = ['/api/v2/logs', '/api/v2/rum'];

/** The only request headers passed on. Cookies, credentials, hop-by-hop and client-made forwarding headers are not. */
const PASSED_HEADERS = ['content-type', 'user-agent'];

/** An IPv4 or IPv6 address, as a platform gives it (`203.0.113.7`, `2001:db8::1`, `::ffff:203.0.113.7`). */
const IP_ADDRESS = /^[\da-f.:]{2,45}$/i;

export interface IntakeProxyOptions {
  /** The Datadog site of the client token (the logger's `site`): the only intake forwarded to. Default `datadoghq.com`. */
  site?: DatadogSite;
  /** The `fetch` that forwards. Default the runtime's own. */
  fetch?: typeof fetch;
}

/**
 * Forwards one request of the SDK (`POST {proxy}?ddforward=<path and query>`) to the site's intake.
 * `clientIp` is the visitor's address as the platform gives it, sent on as `X-Forwarded-For` (Datadog's
 * GeoIP); without it the intake sees the server's address.
 */
export type IntakeProxy = (request: Request, clientIp?: string | null) => Promise<Response>;

const refuse = (status: number, message: string, headers: Record<string, string> = {}) =>
  new Response(`${message}\n`, { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers } });

/**
 * A first-party proxy for the Datadog intake, as Datadog's proxy guide asks and safer: the upstream is
 * the configured site's intake (never a host from the request), `ddforward` must name one of the SDK's
 * intake paths (its own query is kept), POST only, the body passed on byte for byte, `X-Forwarded-For`
 * from the address the platform gives, and only `content-type` and `user-agent` passed on (no cookie).
 * A request that breaks a rule is answered 400 (405 for a method) and nothing is sent.
 */
export function createIntakeProxy(options: IntakeProxyOptions = {}): IntakeProxy {
  const { site = 'datadoghq.com' } = options;
  if (!isDatadogSite(site)) throw configError(unknownSite('createIntakeProxy', site), 'invalid_option');
  const origin = intakeOrigin(site);

  return async (request, clientIp) => {
    if (request.method !== 'POST') return refuse(405, 'POST only', { allow: 'POST' });
    const params = new URL(request.url).searchParams;
    const forward = params.getAll('ddforward');
    if (forward.length !== 1 || params.has('ddforwardSubdomain')) {
      return refuse(400, 'expected one ddforward=<intake path and query>');
    }
    const [forwarded = ''] = forward;
    const queryAt = forwarded.indexOf('?');
    const path = queryAt < 0 ? forwarded : forwarded.slice(0, queryAt);
    if (!INTAKE_PATHS.includes(path)) return refuse(400, 'ddforward names no Datadog intake path');
    const target = new URL(path + (queryAt < 0 ? '' : forwarded.slice(queryAt)), origin);
    if (target.origin !== origin || target.pathname !== path) return refuse(400, 'ddforward leaves the intake');

    const headers = new Headers();
    for (const name of PASSED_HEADERS) {
      const value = request.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    if (clientIp && IP_ADDRESS.test(clientIp)) headers.set('x-forwarded-for', clientIp);
    let upstream: Response;
    try {
      upstream = await (options.fetch ?? fetch)(target, {
        method: 'POST',
        headers,
        body: await request.arrayBuffer(),
        redirect: 'manual',
      });
    } catch {
      return refuse(502, 'the Datadog intake could not be reached');
    }
    const type = upstream.headers.get('content-type');
    return new Response([204, 205, 304].includes(upstream.status) ? null : upstream.body, {
      status: upstream.status,
      headers: type ? { 'content-type': type } : {},
    });
  };
}
