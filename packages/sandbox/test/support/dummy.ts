import { SseHub, type VendorModule } from '../../src/index';

/**
 * A test-only vendor, written exactly as a vendor file in `src/vendors/` would be, to show that a
 * module plugs in without touching `startSandbox.ts`: its own options with defaults, a route that
 * records one entry per item, an event stream, control routes that change its state at runtime and
 * push the change to every open stream, and a typed value exposed to tests.
 *
 * - `POST /dummy/items` with a JSON array (or NDJSON) → one recording per item, route `items`.
 * - `GET /dummy/value` → `{ value }`; `GET /dummy/stream` → SSE, `put` events with `{ value }`.
 * - `PUT /_sandbox/dummy/value` with `{ "value": … }` → sets it and pushes it; `GET` reads it.
 */
export interface DummyOptions {
  /** Where the routes live. Default `/dummy`. */
  prefix: string;
  /** The value before any control call. Default `'initial'`. */
  value: unknown;
  /** Status of `POST <prefix>/items`. Default 202. */
  status: number;
}

export interface DummyExposed {
  readonly prefix: string;
  /** Sets the value as the control route does; returns how many open streams got it. */
  setValue(value: unknown): number;
  /** Open event streams. */
  streams(): number;
}

export const dummy: VendorModule<'dummy', DummyOptions, DummyExposed> = {
  name: 'dummy',
  defaults: { prefix: '/dummy', value: 'initial', status: 202 },
  create(env) {
    const { prefix, status } = env.options;
    let value = env.options.value;
    const hub = new SseHub<{ since: number }>();
    const setValue = (next: unknown) => {
      value = next;
      return hub.broadcast('put', { value });
    };
    return {
      describe: [`POST ${prefix}/items`, `GET ${prefix}/stream`],
      exposed: { prefix, setValue, streams: () => hub.size },
      match: (req) => req.path.startsWith(`${prefix}/`),
      async handle(ctx) {
        if (ctx.cors()) return;
        const route = ctx.path.slice(prefix.length + 1);
        ctx.entry.route = route;
        if (route === 'items' && ctx.method === 'POST') {
          const { body } = await ctx.body();
          for (const item of Array.isArray(body) ? body : [body]) ctx.record({ body: item });
          return ctx.json(status, { accepted: Array.isArray(body) ? body.length : 1 });
        }
        if (route === 'value' && ctx.method === 'GET') return ctx.json(200, { value });
        if (route === 'stream' && ctx.method === 'GET') {
          const stream = hub.add(ctx.sse({ retryMs: 500 }), { since: Date.now() });
          stream.send('put', { value });
          return;
        }
        ctx.json(404, { error: 'not_found' });
      },
      async control(ctx) {
        if (ctx.route !== '/value') return false;
        if (ctx.method === 'GET') {
          ctx.json(200, { value, streams: hub.size });
        } else if (ctx.method === 'PUT') {
          const { body } = await ctx.body();
          if (!body || typeof body !== 'object' || !('value' in body)) {
            ctx.json(400, { error: 'bad_request', message: 'expected { "value": … }' });
          } else {
            ctx.json(200, { value: body.value, pushed: setValue(body.value) });
          }
        } else {
          return false;
        }
        return true;
      },
      close() {
        hub.close();
      },
    };
  },
};
