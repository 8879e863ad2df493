import type { VendorModule } from './types';

/** Where first-party beacons post: `POST /collect/<stream>`. */
export const COLLECT_PATH = '/collect';

/**
 * A generic first-party collector: `POST /collect/<stream>` with any body the decoders understand
 * (JSON, NDJSON, form, base64, gzip) answers 204 and is recorded under vendor `collect`, route
 * `<stream>`; an NDJSON or JSON-array body is recorded one entry per item. Product engineers point
 * their own beacons here; the demo sends its page views here until @plinth/analytics lands.
 */
export const collect: VendorModule = {
  name: 'collect',
  create: () => ({
    describe: [`POST ${COLLECT_PATH}/<stream>`],
    match: (req) => req.path === COLLECT_PATH || req.path.startsWith(`${COLLECT_PATH}/`),
    async handle(ctx) {
      if (ctx.cors({ methods: 'POST, OPTIONS' })) return;
      const stream = ctx.path.slice(COLLECT_PATH.length + 1) || 'default';
      ctx.entry.route = stream;
      if (ctx.method !== 'POST') {
        ctx.json(405, { error: 'method_not_allowed', allow: 'POST' }, { allow: 'POST, OPTIONS' });
        return;
      }
      const decoded = await ctx.body();
      if (Array.isArray(decoded.body)) {
        for (const item of decoded.body) ctx.record({ body: item });
      }
      ctx.empty(204);
    },
  }),
};
