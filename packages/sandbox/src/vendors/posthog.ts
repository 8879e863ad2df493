import { decodeSnapshot } from './posthog-replay';
import type { VendorContext, VendorModule } from './types';

/** The remote config `GET /array/<token>/config` answers (posthog-js 1.449 reads these keys). */
export interface PosthogRemoteConfig {
  /** `false` lets autocapture (and rage clicks) run; posthog-js keeps autocapture off until it gets a boolean. */
  autocapture_opt_out: boolean;
  /** `{ web_vitals: true }` turns web vitals on server-side; `false` leaves it to the client config. */
  capturePerformance: false | { web_vitals?: boolean; network_timing?: boolean; web_vitals_allowed_metrics?: string[] };
  captureDeadClicks: boolean;
  autocaptureExceptions: boolean | { endpoint?: string };
  heatmaps: boolean;
  /** What `/e/` accepts: `gzip-js` makes posthog-js gzip bodies (sent as text/plain), `base64` the form body. */
  supportedCompression: string[];
  /**
   * `false`, or replay switched on for every session: `{ endpoint: '/s/' }` (posthog-js then asks for the recorder and
   * posts `$snapshot` batches there), with PostHog's other keys (`sampleRate`, `masking`, …) as wanted.
   */
  sessionRecording: false | { endpoint: string; sampleRate?: string | number | null; [key: string]: unknown };
  surveys: boolean;
  siteApps: [];
  hasFeatureFlags: boolean;
  [key: string]: unknown;
}

export interface PosthogOptions {
  /** The remote config every token gets (switch capabilities with `PUT /_sandbox/posthog/config`). */
  config: PosthogRemoteConfig;
  /** Feature flags `/flags/?v=2` answers: key → `true`/`false`/variant. */
  flags: Record<string, boolean | string>;
  /**
   * The project tokens this PostHog takes; any other is answered 401 `invalid_api_key` (events, flags) as
   * PostHog Cloud does. Default `[]`: any.
   */
  projectTokens: string[];
  /**
   * The region the project lives in (`'us'` or `'eu'`). The sandbox serves both regions as paths,
   * `/us/…` and `/eu/…` (an `apiHost` of `<sandbox>/eu`); events sent to the other region's path are
   * answered 200, as PostHog Cloud answers them, and recorded with `error: 'dropped: wrong region …'`.
   * Default `''`: every path takes them (and the paths without a region too).
   */
  projectRegion: '' | 'us' | 'eu';
  /**
   * Whether the project has cookieless server hash mode on (PostHog: Project settings → Web analytics). Off,
   * PostHog drops events sent in posthog-js's cookieless mode (`$cookieless_mode`) and still answers 200: the
   * sandbox records them with `error: 'dropped: cookieless mode is off for this project …'`. Default `true`.
   */
  projectCookieless: boolean;
  /** The status `/e/` answers with (503 to test a failing endpoint). Default 200. */
  status: number;
  /**
   * The surveys `GET /api/surveys/` serves (PostHog's survey objects: `id`, `name`, `type: 'popover'`, `questions`,
   * `conditions`, `start_date`, …). Setting them with `PUT /_sandbox/posthog/surveys` also sets the remote config's
   * `surveys` switch (posthog-js loads surveys only when it is on). Default none.
   */
  surveys: Record<string, unknown>[];
}

/** A request Plinth must never make (a remote script), with when it came. */
export interface PosthogDefect {
  path: string;
  reason: string;
}

export interface PosthogExposed {
  /** The remote config currently served. */
  config(): PosthogRemoteConfig;
  /** Merge switches into the remote config (e.g. `{ autocapture_opt_out: false }`). */
  setConfig(patch: Partial<PosthogRemoteConfig>): PosthogRemoteConfig;
  /** Remote-script requests seen (`/array/<token>/config.js`, `/static/*`): each one is a Plinth defect. */
  defects(): readonly PosthogDefect[];
}

export const POSTHOG_DEFAULT_CONFIG: PosthogRemoteConfig = {
  autocapture_opt_out: false,
  capturePerformance: false,
  captureDeadClicks: false,
  autocaptureExceptions: false,
  heatmaps: false,
  supportedCompression: ['gzip', 'gzip-js'],
  sessionRecording: false,
  surveys: false,
  siteApps: [],
  hasFeatureFlags: false,
};

const CONFIG = /^\/array\/([^/]+)\/config$/;
const CONFIG_JS = /^\/array\/[^/]+\/config\.js$/;
const SURVEYS = '/api/surveys/';
const CAPTURE = new Set(['/e/', '/e', '/i/v0/e/', '/batch/', '/capture/', '/track/', '/s/', '/s']);

/** PostHog Cloud's regions served as paths (`/us/e/`, `/eu/array/…`): the path without it, and the region. */
function regional(path: string): { path: string; region?: 'us' | 'eu' } {
  const match = /^\/(us|eu)(\/.*)$/.exec(path);
  return match ? { path: match[2]!, region: match[1] as 'us' | 'eu' } : { path };
}

interface PosthogEvent {
  event?: unknown;
  [key: string]: unknown;
}

/** `{ api_key, batch: [...] }`, a bare array, or one event: the events, one per recording. */
function eventsOf(body: unknown): PosthogEvent[] {
  if (Array.isArray(body)) return body as PosthogEvent[];
  if (body && typeof body === 'object') {
    const batch = (body as { batch?: unknown }).batch;
    if (Array.isArray(batch)) return batch as PosthogEvent[];
    if ('event' in body) return [body as PosthogEvent];
  }
  return [];
}

/**
 * PostHog (posthog-js 1.449) stand-in:
 * - `GET /array/<token>/config`: the remote config as JSON (switches controllable, below);
 * - `POST /flags/?v=2`: feature flags;
 * - `POST /e/` (also `/i/v0/e/`, `/batch/`): gzip bodies sent as `text/plain` (sniffed by their
 *   magic bytes), `?compression=base64` form-encoded beacons and plain JSON, decoded and recorded
 *   one entry per event (`route` = the event name, `body` = the event);
 * - `GET /api/surveys/?token=…`: the surveys set with `PUT /_sandbox/posthog/surveys`;
 * - `POST /s/` (the remote config's `sessionRecording.endpoint`): session replay's `$snapshot` batches, recorded as
 *   the other events, their gzipped rrweb fields decoded (`./posthog-replay`), so a test reads the masked DOM;
 * - `/array/<token>/config.js` and `/static/*` (remote scripts): answered 404 and recorded with
 *   `error: 'defect: …'`; Plinth must never ask for them.
 *
 * Control routes: `GET|PUT /_sandbox/posthog/config` (PUT merges `{ "autocapture_opt_out": true, … }`,
 * `DELETE` restores the defaults), `PUT /_sandbox/posthog/flags` (`{ key: value }`, replaces),
 * `PUT /_sandbox/posthog/project-tokens` (`{ tokens: [...] }`: 401 for any other, `[]` takes any),
 * `PUT /_sandbox/posthog/status` (`{ "status": 503 }`), `PUT /_sandbox/posthog/surveys` (`{ "surveys": [...] }`,
 * replaces; switches the remote config's `surveys` on or off), `GET /_sandbox/posthog/defects`.
 */
export const posthog: VendorModule<'posthog', PosthogOptions, PosthogExposed> = {
  name: 'posthog',
  defaults: {
    config: POSTHOG_DEFAULT_CONFIG,
    flags: {},
    status: 200,
    projectTokens: [],
    projectRegion: '',
    projectCookieless: true,
    surveys: [],
  },
  create: (env) => {
    let config: PosthogRemoteConfig = { ...POSTHOG_DEFAULT_CONFIG, ...env.options.config };
    let surveys = [...env.options.surveys];
    let flags = { ...env.options.flags };
    let status = env.options.status;
    const defects: PosthogDefect[] = [];

    const defect = (ctx: VendorContext, reason: string) => {
      defects.push({ path: ctx.path, reason });
      ctx.entry.route = 'defect';
      ctx.entry.error = `defect: ${reason}`;
      ctx.json(404, { error: 'not_served', message: reason });
    };

    const { projectRegion, projectCookieless } = env.options;
    const cookielessDropped = (event: PosthogEvent) =>
      !projectCookieless && (event.properties as { $cookieless_mode?: unknown } | undefined)?.$cookieless_mode === true
        ? 'dropped: cookieless mode is off for this project (Project settings → Web analytics → cookieless server hash mode); answered 200'
        : undefined;
    let projectTokens = [...env.options.projectTokens];
    const unknownToken = (token: unknown) => projectTokens.length > 0 && !projectTokens.includes(String(token ?? ''));
    const refuseToken = (ctx: VendorContext) => {
      ctx.entry.error = 'rejected: invalid project API key (401)';
      ctx.json(401, { type: 'authentication_error', code: 'invalid_api_key', detail: 'Project API key invalid.' });
    };

    const capture = async (ctx: VendorContext, region: string | undefined) => {
      const decoded = await ctx.body();
      const events = eventsOf(decoded.body);
      const token =
        (decoded.body as { api_key?: unknown } | undefined)?.api_key ??
        (events[0] as { properties?: { token?: unknown } } | undefined)?.properties?.token;
      const refused = unknownToken(token);
      // PostHog Cloud answers events sent to the other region's host 200, and drops them.
      const dropped =
        projectRegion && region && region !== projectRegion
          ? `dropped: wrong region (sent to ${region}, the project is in ${projectRegion}); answered 200`
          : undefined;
      ctx.entry.route = 'capture';
      for (const event of events) {
        let body: PosthogEvent = event;
        let snapshotError: string | undefined;
        if (event.event === '$snapshot') {
          try {
            body = decodeSnapshot(event); // the recording as PostHog stores it: compressed rrweb fields decoded
          } catch (error) {
            snapshotError = `malformed snapshot: ${(error as Error).message}`;
          }
        }
        ctx.record({
          body,
          ...(snapshotError && { error: snapshotError }),
          route: typeof event.event === 'string' ? event.event : 'capture',
          ...(refused
            ? { error: 'rejected: invalid project API key (401)' }
            : (dropped ?? cookielessDropped(event))
              ? { error: dropped ?? cookielessDropped(event) }
              : {}),
        });
      }
      if (refused) refuseToken(ctx);
      else if (status >= 400) ctx.json(status, { error: 'unavailable' });
      else ctx.json(200, { status: 1 });
    };

    const readJson = async (ctx: { body(): Promise<{ body: unknown }> }) => {
      const { body } = await ctx.body();
      return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
    };

    return {
      describe: ['GET /array/<token>/config', 'POST /flags/?v=2', 'POST /e/', 'POST /s/', 'GET /api/surveys/'],
      exposed: {
        config: () => config,
        setConfig: (patch) => {
          config = { ...config, ...patch };
          return config;
        },
        defects: () => defects,
      },
      match: ({ path: full }) => {
        const { path } = regional(full);
        return (
          CONFIG.test(path) ||
          CONFIG_JS.test(path) ||
          path.startsWith('/static/') ||
          path === '/flags/' ||
          path === '/flags' ||
          path === '/decide/' ||
          path === SURVEYS ||
          CAPTURE.has(path)
        );
      },
      async handle(ctx) {
        if (ctx.cors({ methods: 'GET, POST, OPTIONS' })) return;
        const { path, region } = regional(ctx.path);
        if (CONFIG_JS.test(path)) return defect(ctx, 'remote config script (config.js) requested');
        if (path.startsWith('/static/')) return defect(ctx, `remote script ${path} requested`);
        const configFor = CONFIG.exec(path);
        if (configFor) {
          ctx.entry.route = 'config';
          if (unknownToken(configFor[1])) return refuseToken(ctx);
          ctx.json(200, config);
          return;
        }
        if (path === SURVEYS) {
          ctx.entry.route = 'surveys';
          if (unknownToken(ctx.url.searchParams.get('token'))) return refuseToken(ctx);
          ctx.json(200, { surveys });
          return;
        }
        if (path.startsWith('/flags') || path === '/decide/') {
          ctx.entry.route = 'flags';
          const { body } = await ctx.body({ rejectMalformed: false });
          if (unknownToken((body as { token?: unknown; api_key?: unknown } | undefined)?.token))
            return refuseToken(ctx);
          ctx.json(200, {
            flags: Object.fromEntries(
              Object.entries(flags).map(([key, value]) => [
                key,
                { key, enabled: value !== false, variant: typeof value === 'string' ? value : undefined },
              ]),
            ),
            featureFlags: flags,
            featureFlagPayloads: {},
            errorsWhileComputingFlags: false,
          });
          return;
        }
        if (ctx.method !== 'POST') {
          ctx.json(405, { error: 'method_not_allowed', allow: 'POST' });
          return;
        }
        await capture(ctx, region);
      },
      async control(ctx) {
        if (ctx.route === '/config') {
          if (ctx.method === 'GET') ctx.json(200, config);
          else if (ctx.method === 'PUT') {
            const patch = await readJson(ctx);
            if (!patch) ctx.json(400, { error: 'bad_request', message: 'expected a JSON object' });
            else {
              config = { ...config, ...patch };
              ctx.json(200, config);
            }
          } else if (ctx.method === 'DELETE') {
            config = { ...POSTHOG_DEFAULT_CONFIG, ...env.options.config };
            ctx.json(200, config);
          } else return false;
          return true;
        }
        if (ctx.route === '/flags' && ctx.method === 'PUT') {
          const next = await readJson(ctx);
          if (!next) ctx.json(400, { error: 'bad_request', message: 'expected a JSON object' });
          else {
            flags = next as Record<string, boolean | string>;
            ctx.json(200, flags);
          }
          return true;
        }
        if (ctx.route === '/status' && ctx.method === 'PUT') {
          const next = (await readJson(ctx))?.status;
          if (typeof next !== 'number' || !Number.isInteger(next) || next < 200 || next > 599) {
            ctx.json(400, { error: 'bad_request', message: 'expected { "status": <200-599> }' });
          } else {
            status = next;
            ctx.json(200, { status });
          }
          return true;
        }
        if (ctx.route === '/project-tokens' && ctx.method === 'PUT') {
          const tokens = (await readJson(ctx))?.tokens;
          if (!Array.isArray(tokens) || !tokens.every((token) => typeof token === 'string')) {
            ctx.json(400, { error: 'bad_request', message: 'expected { "tokens": ["phc_…", …] }' });
          } else {
            projectTokens = tokens;
            ctx.json(200, { tokens });
          }
          return true;
        }
        if (ctx.route === '/surveys' && ctx.method === 'PUT') {
          const next = (await readJson(ctx))?.surveys;
          if (!Array.isArray(next) || !next.every((s) => s && typeof s === 'object' && !Array.isArray(s))) {
            ctx.json(400, {
              error: 'bad_request',
              message: 'expected { "surveys": [{ "id": …, "questions": […] }, …] }',
            });
          } else {
            surveys = next as Record<string, unknown>[];
            config = { ...config, surveys: surveys.length > 0 };
            ctx.json(200, { surveys });
          }
          return true;
        }
        if (ctx.route === '/defects' && ctx.method === 'GET') {
          ctx.json(200, defects);
          return true;
        }
        return false;
      },
    };
  },
};
