import { decodeBody } from '../http/decode';
import { HttpError } from '../http/HttpError';
import { REDACTED, redactParams } from '../http/redact';
import type { VendorContext, VendorModule } from './types';

export interface DatadogOptions {
  /** Where the SDK's `proxy` option points: `proxy: '<sandbox url>/datadog/intake'`. Default `/datadog/intake`. */
  path: string;
  /** The status the intake answers with (500 to test a failing intake). Default 202, as Datadog's. */
  status: number;
  /**
   * The client tokens this intake takes, as the real site takes only its own organisation's: any other
   * (a typo, or a token of another site, e.g. an EU token sent to US1) is answered 403 and its logs are
   * recorded with `error: 'rejected: …'` and dropped. Default `[]`: any token.
   */
  clientTokens: string[];
}

export interface DatadogExposed {
  /** Answer every later intake request with this status (202 is Datadog's success). */
  setStatus(status: number): void;
  status(): number;
  /** Take only these client tokens from now on (`[]`: any). */
  setClientTokens(tokens: string[]): void;
}

/** The Datadog intake tracks a forwarded path can name, and the route their recordings get. */
const TRACKS: Record<string, string> = {
  '/api/v2/logs': 'logs',
  '/api/v2/rum': 'telemetry',
  '/api/v2/replay': 'replay',
};

/** The forwarded intake request: `ddforward=/api/v2/logs?ddsource=browser&dd-api-key=…&dd-request-id=…`. */
function forwarded(ctx: VendorContext): {
  track: string;
  query: Record<string, string>;
  ddforward?: string;
  token?: string;
} {
  const raw = ctx.url.searchParams.get('ddforward');
  if (!raw) return { track: 'logs', query: {} };
  const inner = new URL(raw, 'http://intake.invalid');
  const track = TRACKS[inner.pathname];
  if (!track) throw new HttpError(400, `ddforward names no Datadog intake track: ${inner.pathname}`);
  // The client token is public (it ships in the page's JavaScript), but a recording has no use for it.
  const token = inner.searchParams.get('dd-api-key') ?? undefined;
  if (token !== undefined) inner.searchParams.set('dd-api-key', REDACTED);
  return {
    token,
    track,
    query: redactParams(Object.fromEntries(inner.searchParams)),
    ddforward: `${inner.pathname}?${inner.searchParams}`,
  };
}

/**
 * Datadog's intake behind the SDK's `proxy` option (@datadog/browser-logs 7.x): the SDK posts to
 * `<proxy>?ddforward=<encoded /api/v2/logs?…>` a `text/plain` body of newline-delimited JSON, one log
 * per line (`sendBeacon` on page exit, `fetch` otherwise). Recorded under vendor `datadog`, one entry
 * per log (route `logs`, `body` = the log as sent), and one per telemetry event when the SDK sends
 * its own telemetry (route `telemetry`). A `dd-evp-encoding=deflate` body (RUM's compressed form) is
 * inflated. `meta` carries the forwarded track's parameters (`ddsource`, `dd-request-id`, …; the
 * client token redacted) and the batch size.
 *
 * Control routes: `PUT /_sandbox/datadog/status` with `{ "status": 500 }` (`GET` reads it);
 * `PUT /_sandbox/datadog/client-tokens` with `{ "tokens": ["pub_…"] }` (403 for any other token).
 */
export const datadog: VendorModule<'datadog', DatadogOptions, DatadogExposed> = {
  name: 'datadog',
  defaults: { path: '/datadog/intake', status: 202, clientTokens: [] },
  create: (env) => {
    const path = env.options.path.replace(/\/+$/, '') || '/';
    let status = env.options.status;
    let tokens = [...env.options.clientTokens];
    const setClientTokens = (next: unknown) => {
      if (!Array.isArray(next) || !next.every((token) => typeof token === 'string')) {
        throw new HttpError(400, 'expected { "tokens": ["<client token>", …] }');
      }
      tokens = [...next];
    };
    const setStatus = (next: unknown) => {
      if (typeof next !== 'number' || !Number.isInteger(next) || next < 200 || next > 599) {
        throw new HttpError(400, 'expected { "status": <200-599> }');
      }
      status = next;
    };

    return {
      describe: [`POST ${path}?ddforward=/api/v2/logs?…`],
      exposed: { setStatus, status: () => status, setClientTokens },
      match: (req) => req.path === path || req.path === `${path}/` || req.url.searchParams.has('ddforward'),
      async handle(ctx) {
        if (ctx.cors({ methods: 'POST, OPTIONS' })) return;
        const { track, query, ddforward, token } = forwarded(ctx);
        ctx.entry.route = track;
        if (ddforward) ctx.entry.query = { ...ctx.entry.query, ddforward };
        if (ctx.method !== 'POST') {
          ctx.json(405, { error: 'method_not_allowed', allow: 'POST' }, { allow: 'POST, OPTIONS' });
          return;
        }
        const raw = await ctx.rawBody();
        const decoded = decodeBody(raw, {
          contentType: ctx.headers['content-type'],
          contentEncoding: query['dd-evp-encoding'] ?? ctx.headers['content-encoding'],
        });
        ctx.entry.body = decoded.body;
        ctx.entry.decoding = decoded.decoding;
        if (decoded.malformed) {
          ctx.entry.malformed = decoded.malformed;
          throw new HttpError(decoded.tooLarge ? 413 : 400, decoded.malformed);
        }
        const items = Array.isArray(decoded.body) ? decoded.body : decoded.body === undefined ? [] : [decoded.body];
        // The real intake's answer to an unknown client token (or one of another site's organisation).
        const refused = tokens.length > 0 && !tokens.includes(token ?? '');
        const error = refused ? 'rejected: unknown client token (or another site): 403, dropped' : undefined;
        for (const item of items) {
          ctx.record({
            route: track,
            body: item,
            meta: { ...query, batch: items.length },
            ...(error ? { error } : {}),
          });
        }
        if (refused) {
          ctx.json(403, { errors: ['Forbidden'] });
          return;
        }
        if (status >= 300) ctx.json(status, { errors: [`sandbox answers ${status}`] });
        else ctx.json(status, {});
      },
      async control(ctx) {
        if (ctx.route === '/client-tokens') {
          if (ctx.method === 'PUT')
            setClientTokens(((await ctx.body()).body as { tokens?: unknown } | undefined)?.tokens);
          else if (ctx.method !== 'GET') return false;
          ctx.json(200, { tokens });
          return true;
        }
        if (ctx.route !== '/status') return false;
        if (ctx.method === 'PUT') {
          const { body } = await ctx.body();
          setStatus((body as { status?: unknown } | undefined)?.status);
        } else if (ctx.method !== 'GET') return false;
        ctx.json(200, { status });
        return true;
      },
    };
  },
};
