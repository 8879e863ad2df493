import { createHash, createHmac } from 'node:crypto';
import type { SseStream } from '../http/sse';
import defaultFlags from './launchdarkly.flags.json' with { type: 'json' };
import type { ControlContext, VendorContext, VendorModule } from './types';

/** One flag as the sandbox serves it: a value for everyone, per-context-key targets, its variations. */
export interface SandboxFlag {
  value: unknown;
  /** Context key → value (LaunchDarkly's individual targeting): reason `TARGET_MATCH`. */
  targets?: Record<string, unknown>;
  /**
   * Targeting rules, after `targets` and before the fallthrough (LaunchDarkly's order): the first whose
   * context kind (default `user`; in a multi-kind context, that kind's part) has `attribute` equal to one of
   * `values` (for an array attribute, any element) serves `value`, reason `RULE_MATCH`.
   */
  rules?: { kind?: string; attribute: string; values: unknown[]; value: unknown }[];
  /** The variations (for the `variation` index); default: the values seen. */
  variations?: unknown[];
  /** Full feature events for this flag (an experiment). */
  trackEvents?: boolean;
  /**
   * A percentage rollout for everyone not targeted (LaunchDarkly's fallthrough rollout): each context is
   * bucketed by its key as LaunchDarkly buckets it (SHA-1 of `<flag key>.<salt>.<context key>`, the first
   * 15 hex digits over 0xFFFFFFFFFFFFFFF), `weights` in thousandths of a percent (summing to 100000),
   * one per variation. A context without a key falls in the first bucket. `value` is then unused.
   */
  rollout?: { variations: unknown[]; weights: number[]; salt?: string };
  /**
   * Ticked "SDKs using Client-side ID" in LaunchDarkly. Default true. `false`: the flag is left out of
   * every client-side evaluation and stream, with no error, as LaunchDarkly does; the SDK then serves
   * the caller's default for ever.
   */
  clientSide?: boolean;
}

export interface LaunchDarklyOptions {
  /**
   * Secure mode: the environment's SDK key, with which the server computes the `hash` option
   * (HMAC-SHA256, hex, of the context's canonical key: a user's key alone; for a multi-kind context each
   * `<kind>:<key>` sorted by kind and joined with `:`, `%` and `:` in keys escaped as `%25` and `%3A`). Set,
   * every client-side evaluation and stream must carry `h=<hash>` for its context, else it is answered 400
   * (as LaunchDarkly does). Default `''`: off. Also `PUT /_sandbox/launchdarkly/behaviour` `{ "secureModeKey" }`.
   */
  secureModeKey: string;
  /** The flags at start (and after a reset). Default: `launchdarkly.flags.json` beside this file. */
  flags: Record<string, SandboxFlag>;
  /** Status of `evalx` answers (500 to test a failing flag service). Default 200. */
  status: number;
  /** Delay before answering `evalx`, in ms (test a slow flag service without waiting). Default 0. */
  delayMs: number;
}

export interface LaunchDarklyExposed {
  /** Change a flag's value (or create it) and push it to every open stream as a `patch`. */
  setFlag(key: string, value: unknown): void;
  /** Delete a flag and push a `delete`. */
  deleteFlag(key: string): void;
  /** Make `evalx` fail or answer late, or turn secure mode on (`secureModeKey`) or off (`''`). */
  setBehaviour(behaviour: Partial<Pick<LaunchDarklyOptions, 'status' | 'delayMs' | 'secureModeKey'>>): void;
  /** Back to the flags and behaviour the sandbox started with. */
  reset(): void;
  /** Open flag streams: the environment and context each was opened for. */
  streams(): { env: string; context: unknown }[];
}

interface Context {
  kind?: string;
  key?: string;
  anonymous?: boolean;
  [attribute: string]: unknown;
}

const clone = <T>(value: T): T => structuredClone(value);

/** LaunchDarkly's bucketing: where a context key falls in [0, 1) for this flag, and the variation there. */
function rollout(
  flagKey: string,
  { variations, weights, salt = flagKey }: NonNullable<SandboxFlag['rollout']>,
  key = '',
) {
  const hash = createHash('sha1').update(`${flagKey}.${salt}.${key}`).digest('hex').slice(0, 15);
  // LaunchDarkly divides by 0xFFFFFFFFFFFFFFF (2^60 − 1), which a double holds as 2^60.
  const bucket = Number.parseInt(hash, 16) / 2 ** 60;
  let sum = 0;
  for (const [index, weight] of weights.entries()) {
    sum += weight / 100_000;
    if (bucket < sum) return { value: variations[index], bucket };
  }
  return { value: variations.at(-1), bucket };
}
/** A rule's clause against a context: the kind's part (multi-kind or single), its attribute in the rule's values. */
function matches(rule: NonNullable<SandboxFlag['rules']>[number], context: Context | undefined): boolean {
  const kind = rule.kind ?? 'user';
  const part =
    context?.kind === 'multi'
      ? (context[kind] as Context | undefined)
      : (context?.kind ?? 'user') === kind
        ? context
        : undefined;
  const actual = part?.[rule.attribute];
  const candidates = Array.isArray(actual) ? actual : [actual];
  return candidates.some((one) => rule.values.some((value) => JSON.stringify(value) === JSON.stringify(one)));
}

/**
 * The canonical key LaunchDarkly signs in secure mode (js-core `Context.canonicalKey`): written here from
 * LaunchDarkly's description, apart from @plinth/flags' own, so the two check each other.
 */
function canonicalKeyOf(context: Context | undefined): string {
  const escaped = (key: unknown) =>
    String(key ?? '')
      .replaceAll('%', '%25')
      .replaceAll(':', '%3A');
  if (!context || context.kind === undefined || context.kind === 'user') return String(context?.key ?? '');
  if (context.kind !== 'multi') return `${context.kind}:${escaped(context.key)}`;
  const parts: string[] = [];
  for (const kind of Object.keys(context).sort()) {
    if (kind !== 'kind') parts.push(`${kind}:${escaped((context[kind] as Context | undefined)?.key)}`);
  }
  return parts.join(':');
}

const decodeContext = (segment: string): Context => {
  const parsed: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  if (!parsed || typeof parsed !== 'object') throw new Error('context is not an object');
  return parsed as Context;
};

/**
 * LaunchDarkly's client-side endpoints (what launchdarkly-js-client-sdk 3.x calls with `baseUrl`,
 * `streamUrl` and `eventsUrl` pointed at the sandbox), all recorded decoded under vendor `launchdarkly`:
 * - `GET /sdk/evalx/<env>/contexts/<base64url context>` and `REPORT /sdk/evalx/<env>/context` → the
 *   evaluations (route `evalx`, `body.context` decoded); `?withReasons=true` adds reasons.
 * - `GET /sdk/goals/<env>` → `[]` (route `goals`).
 * - `GET /eval/<env>/<base64url context>` (and `/ping/<env>`) → a server-sent event stream: `put` at
 *   once, `patch`/`delete` (or `ping`) when a flag changes (route `stream`).
 * - `POST /events/bulk/<env>` → one entry per event (route `events`, `body.kind` = `identify`,
 *   `feature`, `summary`, `custom`…); `POST /events/diagnostic/<env>` (route `diagnostic`). CORS
 *   preflights (the SDK sends custom headers) are answered.
 *
 * Control routes: `GET /_sandbox/launchdarkly/flags`; `GET /_sandbox/launchdarkly/streams` (open streams); `PUT /_sandbox/launchdarkly/flags/<key>` with
 * `{ "value": … }` (optionally `targets`, `rules`, `variations`, `trackEvents`, `rollout`) changes a flag and pushes it over
 * every open stream; `DELETE /_sandbox/launchdarkly/flags/<key>`; `PUT /_sandbox/launchdarkly/behaviour`
 * with `{ "status": 500 }`, `{ "delayMs": 10000 }` or `{ "secureModeKey": "sdk-key" }` (`""`: off);
 * `POST /_sandbox/launchdarkly/reset`.
 */
export const launchdarkly: VendorModule<'launchdarkly', LaunchDarklyOptions, LaunchDarklyExposed> = {
  name: 'launchdarkly',
  defaults: { flags: defaultFlags as Record<string, SandboxFlag>, status: 200, delayMs: 0, secureModeKey: '' },
  create: (env) => {
    let flags = clone(env.options.flags);
    let status = env.options.status;
    let delayMs = env.options.delayMs;
    let secureModeKey = env.options.secureModeKey;
    let version = 1;
    const versions = new Map<string, number>(Object.keys(flags).map((key) => [key, version]));
    const streams = new Map<SseStream, { env: string; context: Context | undefined }>();
    const timers = new Set<ReturnType<typeof setTimeout>>();

    const evaluate = (key: string, flag: SandboxFlag, context: Context | undefined, withReasons: boolean) => {
      const targeted = context?.key !== undefined && flag.targets && Object.hasOwn(flag.targets, context.key);
      const rule = targeted ? undefined : flag.rules?.find((candidate) => matches(candidate, context));
      const rolled = !targeted && !rule && flag.rollout ? rollout(key, flag.rollout, context?.key) : undefined;
      const value = targeted ? flag.targets![context!.key!] : rule ? rule.value : rolled ? rolled.value : flag.value;
      const variations = flag.rollout?.variations ??
        flag.variations ?? [
          flag.value,
          ...Object.values(flag.targets ?? {}),
          ...(flag.rules ?? []).map((candidate) => candidate.value),
        ];
      const index = variations.findIndex((candidate) => JSON.stringify(candidate) === JSON.stringify(value));
      const flagVersion = versions.get(key) ?? 1;
      return {
        value,
        variation: index === -1 ? 0 : index,
        version: flagVersion,
        flagVersion,
        trackEvents: flag.trackEvents === true,
        ...(withReasons
          ? {
              reason: targeted
                ? { kind: 'TARGET_MATCH' }
                : rule
                  ? { kind: 'RULE_MATCH', ruleIndex: flag.rules!.indexOf(rule) }
                  : { kind: 'FALLTHROUGH' },
            }
          : {}),
      };
    };
    const evaluateAll = (context: Context | undefined, withReasons: boolean) =>
      Object.fromEntries(
        Object.entries(flags)
          .filter(([, flag]) => flag.clientSide !== false) // client-side evaluations only
          .map(([key, flag]) => [key, evaluate(key, flag, context, withReasons)]),
      );
    /** Secure mode: the `h` the server computed for this context's canonical key with the SDK key. */
    const secureModeRefusal = (ctx: VendorContext, context: Context | undefined) => {
      if (!secureModeKey) return undefined;
      const expected = createHmac('sha256', secureModeKey).update(canonicalKeyOf(context)).digest('hex');
      return ctx.url.searchParams.get('h') === expected ? undefined : 'secure mode: missing or wrong hash (h=)';
    };

    const push = (key: string) => {
      version += 1;
      versions.set(key, version);
      const flag = flags[key];
      for (const [stream, { context }] of streams) {
        if (!context) stream.send('ping', '');
        else if (flag && flag.clientSide !== false)
          stream.send('patch', { key, ...evaluate(key, flag, context, true) });
        else stream.send('delete', { key, version });
      }
    };

    const wait = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, ms);
        timers.add(timer);
      });

    const exposed: LaunchDarklyExposed = {
      setFlag(key, value) {
        flags[key] = { ...flags[key], value };
        push(key);
      },
      deleteFlag(key) {
        if (!flags[key]) return;
        delete flags[key];
        push(key);
      },
      setBehaviour(next) {
        if (next.status !== undefined) status = next.status;
        if (next.delayMs !== undefined) delayMs = next.delayMs;
        if (next.secureModeKey !== undefined) secureModeKey = next.secureModeKey;
      },
      reset() {
        flags = clone(env.options.flags);
        status = env.options.status;
        delayMs = env.options.delayMs;
        secureModeKey = env.options.secureModeKey;
        for (const key of Object.keys(flags)) push(key);
      },
      streams: () => [...streams.values()],
    };

    const evalx = async (ctx: VendorContext, context: Context) => {
      ctx.entry.route = 'evalx';
      ctx.entry.body = { context };
      if (delayMs > 0) await wait(delayMs);
      if (ctx.res.writableEnded || ctx.res.destroyed) return; // the client gave up meanwhile
      const refused = secureModeRefusal(ctx, context);
      if (refused) {
        ctx.entry.error = refused;
        ctx.json(400, { message: refused });
      } else if (status >= 400) ctx.json(status, { message: `sandbox answers ${status}` });
      else ctx.json(status, evaluateAll(context, ctx.url.searchParams.get('withReasons') === 'true'));
    };

    const control = async (ctx: ControlContext): Promise<boolean> => {
      if (ctx.route === '/streams' && ctx.method === 'GET') {
        ctx.json(200, [...streams.values()]);
        return true;
      }
      if (ctx.route === '/flags' && ctx.method === 'GET') {
        ctx.json(200, flags);
        return true;
      }
      const flagRoute = /^\/flags\/([^/]+)$/.exec(ctx.route);
      if (flagRoute) {
        const key = decodeURIComponent(flagRoute[1]!);
        if (ctx.method === 'DELETE') {
          exposed.deleteFlag(key);
          ctx.empty(204);
          return true;
        }
        if (ctx.method === 'PUT') {
          const { body } = await ctx.body();
          if (!body || typeof body !== 'object' || !('value' in body || 'rollout' in body)) {
            ctx.json(400, { error: 'bad_request', message: 'expected { "value": … } or { "rollout": … }' });
            return true;
          }
          flags[key] = { ...flags[key], ...(body as SandboxFlag) };
          push(key);
          ctx.json(200, flags[key]);
          return true;
        }
      }
      if (ctx.route === '/behaviour' && ctx.method === 'PUT') {
        const { body } = await ctx.body();
        const next = (body ?? {}) as { status?: unknown; delayMs?: unknown; secureModeKey?: unknown };
        const okStatus = next.status === undefined || (Number.isInteger(next.status) && (next.status as number) >= 200);
        const okDelay = next.delayMs === undefined || (typeof next.delayMs === 'number' && next.delayMs >= 0);
        const okKey = next.secureModeKey === undefined || typeof next.secureModeKey === 'string';
        if (!okStatus || !okDelay || !okKey) {
          ctx.json(400, {
            error: 'bad_request',
            message: 'expected { "status"?: 200-599, "delayMs"?: ms, "secureModeKey"?: string }',
          });
          return true;
        }
        exposed.setBehaviour(next as Partial<LaunchDarklyOptions>);
        ctx.json(200, { status, delayMs, secureModeKey: secureModeKey !== '' });
        return true;
      }
      if (ctx.route === '/reset' && ctx.method === 'POST') {
        exposed.reset();
        ctx.empty(204);
        return true;
      }
      return false;
    };

    return {
      describe: [
        'GET /sdk/evalx/<env>/contexts/<ctx>',
        'REPORT /sdk/evalx/<env>/context',
        'GET /sdk/goals/<env>',
        'GET /eval/<env>/<ctx> (SSE)',
        'POST /events/bulk/<env>',
        'POST /events/diagnostic/<env>',
      ],
      exposed,
      control,
      match: (req) => /^\/(sdk\/evalx|sdk\/goals|eval|ping|events\/bulk|events\/diagnostic)\//.test(req.path),
      async handle(ctx) {
        if (ctx.cors({ methods: 'GET, POST, REPORT, OPTIONS' })) {
          ctx.skip();
          return;
        }
        const parts = ctx.path.split('/').filter(Boolean);
        ctx.entry.route = parts[0] === 'sdk' ? parts[1]! : parts[0] === 'events' ? parts[1]! : 'stream';
        if (parts[0] === 'sdk' && parts[1] === 'evalx') {
          if (ctx.method === 'GET' && parts[3] === 'contexts' && parts[4]) return evalx(ctx, decodeContext(parts[4]));
          if (ctx.method === 'REPORT' && parts[3] === 'context') {
            const { body } = await ctx.body();
            return evalx(ctx, (body ?? {}) as Context);
          }
          ctx.json(405, { error: 'method_not_allowed' });
          return;
        }
        if (parts[0] === 'sdk' && parts[1] === 'goals') {
          ctx.json(200, []);
          return;
        }
        if (parts[0] === 'eval' || parts[0] === 'ping') {
          const context = parts[0] === 'eval' && parts[2] ? decodeContext(parts[2]) : undefined;
          ctx.entry.body = { context };
          const refused = context ? secureModeRefusal(ctx, context) : undefined;
          if (refused) {
            ctx.entry.error = refused;
            ctx.json(400, { message: refused });
            return;
          }
          const stream = ctx.sse();
          streams.set(stream, { env: parts[1] ?? '', context });
          stream.onClose(() => streams.delete(stream));
          if (context) stream.send('put', evaluateAll(context, ctx.url.searchParams.get('withReasons') === 'true'));
          return;
        }
        // events/bulk and events/diagnostic
        if (ctx.method !== 'POST') {
          ctx.json(405, { error: 'method_not_allowed', allow: 'POST' });
          return;
        }
        const { body } = await ctx.body();
        if (parts[1] === 'bulk' && Array.isArray(body)) {
          for (const event of body) ctx.record({ route: 'events', body: event });
        } else {
          ctx.entry.body = body;
        }
        ctx.empty(202);
      },
      close() {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        for (const stream of [...streams.keys()]) stream.close();
      },
    };
  },
};
