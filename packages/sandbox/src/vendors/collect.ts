import type { VendorModule } from './types';

export interface CollectOptions {
  /** Where beacons post: `POST <path>/<stream>`. Default `/collect`. */
  path: string;
  /** Record a JSON array or NDJSON body one entry per item (route = stream). Default true. */
  splitBatches: boolean;
  /** The status beacons are answered with. Default 204. */
  status: number;
}

/** What the collector exposes to tests (`sandbox.vendors.collect`). */
export interface CollectExposed {
  /** The endpoint of one stream, e.g. `http://127.0.0.1:4700/collect/pageviews`. */
  endpoint(stream: string): string;
}

/**
 * A generic first-party collector: `POST /collect/<stream>` with any body the decoders understand
 * (JSON, NDJSON, form, base64, gzip) answers 204 and is recorded under vendor `collect`, route
 * `<stream>`; an NDJSON or JSON-array body is recorded one entry per item. Product engineers point
 * their own beacons here; the demo sends its page views here until @plinth/analytics lands.
 *
 * Control routes: `GET /_sandbox/collect/streams` → `{ <stream>: count }` of what was recorded;
 * `PUT /_sandbox/collect/status` with `{ "status": 503 }` makes beacons fail (test your retry).
 */
export const collect: VendorModule<'collect', CollectOptions, CollectExposed> = {
  name: 'collect',
  defaults: { path: '/collect', splitBatches: true, status: 204 },
  create: (env) => {
    const prefix = env.options.path.replace(/\/+$/, '');
    if (!prefix.startsWith('/')) throw new TypeError(`collect: path must start with "/", got "${env.options.path}"`);
    let status = env.options.status;
    const counts = new Map<string, number>();
    return {
      describe: [`POST ${prefix}/<stream>`],
      exposed: { endpoint: (stream) => `${env.url}${prefix}/${encodeURIComponent(stream)}` },
      match: (req) => req.path === prefix || req.path.startsWith(`${prefix}/`),
      async handle(ctx) {
        if (ctx.cors({ methods: 'POST, OPTIONS' })) return;
        const stream = decodeURIComponent(ctx.path.slice(prefix.length + 1)) || 'default';
        ctx.entry.route = stream;
        if (ctx.method !== 'POST') {
          ctx.json(405, { error: 'method_not_allowed', allow: 'POST' }, { allow: 'POST, OPTIONS' });
          return;
        }
        const decoded = await ctx.body();
        const items = env.options.splitBatches && Array.isArray(decoded.body) ? decoded.body : undefined;
        if (items) for (const item of items) ctx.record({ body: item });
        counts.set(stream, (counts.get(stream) ?? 0) + (items?.length ?? 1));
        ctx.empty(status);
      },
      async control(ctx) {
        if (ctx.route === '/streams' && ctx.method === 'GET') {
          ctx.json(200, Object.fromEntries(counts));
          return true;
        }
        if (ctx.route === '/status' && ctx.method === 'PUT') {
          const { body } = await ctx.body();
          const next = (body as { status?: unknown } | undefined)?.status;
          if (typeof next !== 'number' || !Number.isInteger(next) || next < 200 || next > 599) {
            ctx.json(400, { error: 'bad_request', message: 'expected { "status": <200-599> }' });
          } else {
            status = next;
            ctx.json(200, { status });
          }
          return true;
        }
        return false;
      },
    };
  },
};
