import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { CONTROL_METHODS, CONTROL_PATH, handleControl, RESERVED_NAMES } from './control';
import { DEFAULT_BODY_LIMIT, readBody } from './http/body';
import { applyCors, isLoopbackOrigin, type OriginPolicy } from './http/cors';
import { type DecodedBody, decodeBody } from './http/decode';
import { HttpError } from './http/HttpError';
import { redactHeaders } from './http/redact';
import { sendEmpty, sendError, sendJson, sendText } from './http/respond';
import { HEARTBEAT_MS, openSse, type SseOptions, type SseStream } from './http/sse';
import { DEFAULT_MAX_ENTRIES, type ReceivedFilter, type ReceivedRequest, Recorder } from './recorder';
import { type DefaultVendors, vendors as defaultVendors } from './vendors/index';
import type {
  AnyVendorModule,
  ControlContext,
  EntryDraft,
  HandlerContext,
  RequestInfo,
  SandboxSettings,
  VendorContext,
  VendorEnv,
  VendorInstance,
  VendorOptionsOf,
  VendorsExposed,
} from './vendors/types';

export interface SandboxOptions<Modules extends readonly AnyVendorModule[] = DefaultVendors> {
  /** Port to listen on; 0 picks a free one. Default 4700. */
  port?: number;
  /** Interface to bind. Default `127.0.0.1` (use 127.0.0.1 in your app's URLs too: cookies and CORS follow the host). */
  host?: string;
  /** Print nothing (no start-up lines). Default false. */
  quiet?: boolean;
  /** Largest request body accepted, in bytes, before decompression; above it the answer is 413. Default 5 MiB. */
  bodyLimit?: number;
  /**
   * Recorded requests kept in memory per vendor; a vendor's oldest go first, and never because of
   * another vendor's traffic. Default 20,000 (a 10,000-event analytics burst and the rest of the run).
   */
  maxEntries?: number;
  /** Which browser origins may read answers (CORS). Default: any port on 127.0.0.1, localhost or [::1]. */
  allowOrigin?: OriginPolicy;
  /** Interval of the comment line that keeps event streams open. Default 15 s. */
  heartbeatMs?: number;
  /**
   * The vendor modules to serve, in match order. Default: every built-in one (the `vendors`
   * export). Add your own stand-ins with `[...vendors, mine]`.
   */
  vendors?: Modules;
  /** Each vendor's options, keyed by its name, merged over the module's defaults: `{ oidc: { accessTokenTtl: 5 } }`. */
  vendorOptions?: VendorOptionsOf<Modules>;
}

export interface Sandbox<Modules extends readonly AnyVendorModule[] = DefaultVendors> {
  /** Base URL, e.g. `http://127.0.0.1:4700`. */
  readonly url: string;
  readonly port: number;
  /** What each vendor exposes to tests, keyed by its name: `sandbox.vendors.oidc.issuer`. */
  readonly vendors: VendorsExposed<Modules>;
  /**
   * Recorded requests, oldest first (copies), optionally filtered by vendor, `since` id, `after`
   * time, route, method, path, or a predicate.
   */
  received(filter?: ReceivedFilter | ((entry: ReceivedRequest) => boolean)): ReceivedRequest[];
  /** Forgets every recorded request. */
  clear(): void;
  /** Stops listening, ends event streams and open connections, and closes every vendor. Idempotent. */
  close(): Promise<void>;
}

/** The port the CLI and `startSandbox()` use unless told otherwise. */
export const DEFAULT_PORT = 4700;

const UNMATCHED = 'unmatched';

interface Running {
  name: string;
  instance: VendorInstance<unknown>;
}

/**
 * Starts the sandbox: one `node:http` server on 127.0.0.1 serving the vendor modules it is given
 * (default: every built-in one), recording every request they receive, decoded, and exposing the
 * recording at `/_sandbox/received` and `/_sandbox/stream`. It knows no vendor by name: each module
 * brings its options, routes, control routes (`/_sandbox/<name>/…`) and what it exposes to tests
 * (`sandbox.vendors.<name>`). Resolves once every vendor is ready.
 */
export async function startSandbox<const Modules extends readonly AnyVendorModule[] = DefaultVendors>(
  options: SandboxOptions<Modules> = {},
): Promise<Sandbox<Modules>> {
  const settings = resolveSettings(options);
  const recorder = new Recorder(settings.maxEntries);
  const modules: readonly AnyVendorModule[] = options.vendors ?? defaultVendors;
  const vendorOptions = resolveVendorOptions(modules, (options.vendorOptions ?? {}) as Record<string, unknown>);
  const running: Running[] = [];
  const streams = new Set<SseStream>();
  const sockets = new Set<Socket>();
  let baseUrl = '';
  let ready!: () => void;
  const readyPromise = new Promise<void>((resolve) => {
    ready = resolve;
  });

  const log = (message: string) => {
    if (!settings.quiet) console.log(`[plinth-sandbox] ${message}`);
  };

  // Idle keep-alive connections are kept longer than clients keep them (65 s, as load balancers do): a server that
  // closes first races a client reusing the socket, which then sees ECONNRESET (seen in a journey's polling).
  const server = createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
    void dispatch(req, res).catch((error: unknown) => {
      // Last line of defence: dispatch handles its own errors; this only guards against a bug there.
      try {
        sendError(res, 500, `sandbox fault: ${messageOf(error)}`);
      } catch {
        res.destroy();
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    // Requests Node's HTTP parser rejects (bad request line, bad headers): answer 4xx and record them.
    const code = error.code ?? '';
    if (code.startsWith('HPE_')) {
      recorder.add({
        time: new Date().toISOString(),
        vendor: UNMATCHED,
        method: '',
        path: '',
        query: {},
        headers: {},
        body: undefined,
        malformed: `unparseable HTTP request (${code})`,
        status: code === 'HPE_HEADER_OVERFLOW' ? 431 : 400,
      });
    }
    if (socket.writable && !socket.writableEnded) {
      const status = code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    } else {
      socket.destroy();
    }
  });

  async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = new Date();
    res.on('error', () => res.destroy());
    req.on('error', () => undefined);
    await readyPromise;

    const url = requestUrl(req.url, baseUrl);
    const method = (req.method ?? 'GET').toUpperCase();
    if (!url) {
      recorder.add({
        time: started.toISOString(),
        vendor: UNMATCHED,
        method,
        path: String(req.url ?? ''),
        query: {},
        headers: redactHeaders(req.headers),
        body: undefined,
        malformed: `invalid request target: ${String(req.url)}`,
        status: 400,
      });
      return sendError(res, 400, `invalid request target: ${String(req.url)}`, { connection: 'close' });
    }

    if (url.pathname === CONTROL_PATH || url.pathname.startsWith(`${CONTROL_PATH}/`)) {
      const name = url.pathname.slice(CONTROL_PATH.length + 1).split('/', 1)[0] ?? '';
      const vendor = running.find((candidate) => candidate.name === name);
      try {
        if (vendor) {
          await vendorControl(vendor, req, res, { method, url, path: url.pathname, headers: req.headers });
        } else {
          handleControl(req, res, url, {
            recorder,
            allowOrigin: settings.allowOrigin,
            vendors: () => running.map((r) => ({ name: r.name, describe: [...(r.instance.describe ?? [])] })),
            sse: (q, s, o) => sse(q, s, o),
          });
        }
      } catch (error) {
        const status = error instanceof HttpError ? error.status : 500;
        if (res.headersSent) res.destroy();
        else sendError(res, status, messageOf(error));
      }
      return;
    }
    if (url.pathname === '/' && (method === 'GET' || method === 'HEAD')) {
      applyCors(req, res, { allow: settings.allowOrigin });
      return sendJson(res, 200, indexPage(baseUrl, running));
    }
    if (url.pathname === '/favicon.ico') return sendEmpty(res, 204);

    const info: RequestInfo = { method, url, path: url.pathname, headers: req.headers };
    const vendor = running.find(({ instance }) => {
      try {
        return instance.match(info);
      } catch {
        return false;
      }
    });
    const ctx = createContext(req, res, info, vendor?.name ?? UNMATCHED, started);
    // CORS preflights are answered but not recorded: they carry no payload.
    if (method === 'OPTIONS' && (!vendor || req.headers['access-control-request-method'] !== undefined)) ctx.skip();
    try {
      if (vendor) {
        await vendor.instance.handle(ctx);
        if (!res.headersSent) ctx.empty(204);
      } else {
        await unmatched(ctx);
      }
    } catch (error) {
      const status = error instanceof HttpError ? error.status : 500;
      if (status < 500) ctx.entry.malformed ??= messageOf(error);
      else ctx.entry.error ??= messageOf(error);
      if (res.headersSent) {
        res.destroy();
      } else {
        // A 413 leaves the rest of the body unread: close the connection rather than read it.
        sendError(res, status, messageOf(error), status === 413 ? { connection: 'close' } : {});
      }
    }
  }

  async function unmatched(ctx: VendorContext): Promise<void> {
    if (ctx.cors()) return;
    await ctx.body({ rejectMalformed: false });
    ctx.json(404, {
      error: 'not_found',
      message: `no vendor stand-in serves ${ctx.method} ${ctx.path}; it was recorded under vendor "${UNMATCHED}"`,
    });
  }

  /** Opens an event stream that the sandbox ends when it closes. */
  function sse(req: IncomingMessage, res: ServerResponse, sseOptions: SseOptions = {}): SseStream {
    return openSse(req, res, { heartbeatMs: settings.heartbeatMs, ...sseOptions }, (stream) => {
      streams.add(stream);
      return () => streams.delete(stream);
    });
  }

  /** The helpers vendor and control handlers share; `onDecoded` lets the vendor context record the body. */
  function handlerContext(
    req: IncomingMessage,
    res: ServerResponse,
    info: RequestInfo,
    onDecoded?: (result: DecodedBody) => void,
  ): HandlerContext {
    let raw: Promise<Buffer> | undefined;
    let decoded: Promise<DecodedBody> | undefined;
    const ctx: HandlerContext = {
      ...info,
      req,
      res,
      rawBody() {
        raw ??= readBody(req, settings.bodyLimit);
        return raw;
      },
      body(bodyOptions = {}) {
        decoded ??= ctx.rawBody().then((bytes) => {
          const result = decodeBody(bytes, {
            contentType: req.headers['content-type'],
            contentEncoding: req.headers['content-encoding'],
            query: info.url.searchParams,
            maxDecodedBytes: settings.bodyLimit * 10,
          });
          onDecoded?.(result);
          return result;
        });
        return decoded.then((result) => {
          if (result.malformed && bodyOptions.rejectMalformed !== false) {
            throw new HttpError(result.tooLarge ? 413 : 400, result.malformed);
          }
          return result;
        });
      },
      sse: (sseOptions) => sse(req, res, sseOptions),
      json: (status, value, headers) => sendJson(res, status, value, headers),
      text: (status, text, contentType, headers) => sendText(res, status, text, contentType, headers),
      empty: (status, headers) => sendEmpty(res, status, headers),
    };
    return ctx;
  }

  async function vendorControl(vendor: Running, req: IncomingMessage, res: ServerResponse, info: RequestInfo) {
    if (applyCors(req, res, { allow: settings.allowOrigin, methods: CONTROL_METHODS })) return;
    const route = info.path.slice(CONTROL_PATH.length + 1 + vendor.name.length);
    const ctx: ControlContext = { ...handlerContext(req, res, info), route };
    const handled = vendor.instance.control ? await vendor.instance.control(ctx) : false;
    if (handled === false || !res.headersSent) {
      if (res.headersSent) return;
      sendError(res, 404, `vendor "${vendor.name}" has no control route ${info.method} ${info.path}`);
    }
  }

  function createContext(
    req: IncomingMessage,
    res: ServerResponse,
    info: RequestInfo,
    vendorName: string,
    started: Date,
  ): VendorContext {
    const entry: EntryDraft = {
      time: started.toISOString(),
      vendor: vendorName,
      method: info.method,
      path: info.path,
      query: queryRecord(info.url.searchParams),
      headers: redactHeaders(req.headers),
      body: undefined,
    };
    const extra: EntryDraft[] = [];
    let skipped = false;
    let done = false;

    const finalize = (aborted: boolean) => {
      if (done) return;
      done = true;
      if (skipped) return;
      const status = entry.status ?? (aborted && !res.headersSent ? 499 : res.statusCode);
      const items = extra.length ? extra : [entry];
      for (const item of items) {
        const record = { ...item, status: item.status ?? status } as Omit<ReceivedRequest, 'id'>;
        if (aborted && !res.writableFinished && record.malformed === undefined) {
          record.error ??= 'connection closed before the answer was sent';
        }
        recorder.add(record);
      }
    };
    res.once('finish', () => finalize(false));
    res.once('close', () => finalize(true));

    const base = handlerContext(req, res, info, (result) => {
      entry.body = result.body;
      entry.decoding = result.decoding;
      if (result.malformed) entry.malformed = result.malformed;
    });
    return {
      ...base,
      // An event stream is recorded when it opens (status 200), not when it ends: a test can see
      // how many streams a client opened while they are still open.
      sse(sseOptions) {
        const stream = base.sse(sseOptions);
        finalize(false);
        return stream;
      },
      env: envs.get(vendorName) ?? commonEnv(undefined),
      entry,
      record(overrides = {}) {
        extra.push({ ...entry, ...overrides });
      },
      skip() {
        skipped = true;
      },
      cors(corsOptions = {}) {
        return applyCors(req, res, { allow: settings.allowOrigin, ...corsOptions });
      },
    };
  }

  const envs = new Map<string, VendorEnv<unknown>>();
  function commonEnv<O>(vendorOpts: O): VendorEnv<O> {
    return {
      get url() {
        return baseUrl;
      },
      options: vendorOpts,
      sandbox: settings,
      log,
    };
  }

  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (error.code === 'EADDRINUSE') {
        reject(
          new Error(
            `@plinth/sandbox: ${settings.host}:${settings.port} is already in use (another sandbox running?). ` +
              'Pick another port with --port / PLINTH_SANDBOX_PORT, or port: 0 for a free one.',
            { cause: error },
          ),
        );
      } else {
        reject(error);
      }
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(settings.port, settings.host);
  });

  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  baseUrl = `http://${urlHost(settings.host)}:${port}`;

  try {
    for (const module of modules) {
      const env = commonEnv(vendorOptions.get(module.name));
      envs.set(module.name, env);
      running.push({ name: module.name, instance: await module.create(env) });
    }
  } catch (error) {
    await shutdown();
    throw error;
  }
  ready();
  log(`listening on ${baseUrl}  (recording at ${baseUrl}${CONTROL_PATH}/received)`);

  let closing: Promise<void> | undefined;
  async function shutdown(): Promise<void> {
    for (const stream of [...streams]) stream.close();
    streams.clear();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    for (const socket of sockets) socket.destroy();
    await closed;
    for (const { instance } of running) {
      try {
        await instance.close?.();
      } catch {
        // Closing must not fail half-way.
      }
    }
  }

  const exposed = Object.fromEntries(running.map(({ name, instance }) => [name, instance.exposed ?? {}]));
  return {
    url: baseUrl,
    port,
    vendors: exposed as VendorsExposed<Modules>,
    received: (filter) => structuredClone(recorder.list(filter)),
    clear: () => recorder.clear(),
    close() {
      closing ??= shutdown();
      return closing;
    },
  };
}

function resolveSettings(options: SandboxOptions<readonly AnyVendorModule[]>): SandboxSettings {
  const port = options.port ?? DEFAULT_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new RangeError(`invalid port: ${options.port}`);
  return {
    port,
    host: options.host ?? '127.0.0.1',
    quiet: options.quiet ?? false,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    maxEntries: options.maxEntries ?? DEFAULT_MAX_ENTRIES,
    allowOrigin: options.allowOrigin ?? isLoopbackOrigin,
    heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS,
  };
}

/**
 * Each module's options: its defaults with the caller's merged over them. Checked before anything
 * listens: duplicate or reserved names, and options for a vendor that is not served (a typo).
 */
function resolveVendorOptions(
  modules: readonly AnyVendorModule[],
  given: Record<string, unknown>,
): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const module of modules) {
    if (!/^[a-z][a-z0-9-]*$/.test(module.name)) {
      throw new TypeError(
        `@plinth/sandbox: vendor name "${module.name}" must be lower-case letters, digits and dashes`,
      );
    }
    if (RESERVED_NAMES.has(module.name)) {
      throw new TypeError(`@plinth/sandbox: vendor name "${module.name}" is reserved by the sandbox`);
    }
    if (out.has(module.name)) throw new TypeError(`@plinth/sandbox: two vendor modules are named "${module.name}"`);
    const own = given[module.name];
    if (own !== undefined && (typeof own !== 'object' || own === null || Array.isArray(own))) {
      throw new TypeError(`@plinth/sandbox: vendorOptions.${module.name} must be an object`);
    }
    const defaults = (module.defaults ?? {}) as Record<string, unknown>;
    const merged: Record<string, unknown> = { ...defaults };
    for (const [key, value] of Object.entries((own ?? {}) as Record<string, unknown>)) {
      if (value !== undefined) merged[key] = value;
    }
    out.set(module.name, merged);
  }
  for (const name of Object.keys(given)) {
    if (!out.has(name)) {
      throw new TypeError(
        `@plinth/sandbox: vendorOptions.${name} given, but no vendor module named "${name}" is served (${[...out.keys()].join(', ')})`,
      );
    }
  }
  return out;
}

/** The request target as a URL on the sandbox's origin; undefined for targets that are not a path (or absolute URL). */
function requestUrl(target: string | undefined, base: string): URL | undefined {
  if (!target) return undefined;
  try {
    if (target.startsWith('/')) return new URL(base + target);
    if (/^https?:\/\//i.test(target)) {
      const absolute = new URL(target);
      return new URL(base + absolute.pathname + absolute.search);
    }
  } catch {
    return undefined;
  }
  return undefined;
}

function queryRecord(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of params) {
    const previous = out[key];
    if (previous === undefined) out[key] = value;
    else out[key] = Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return out;
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

function indexPage(url: string, running: readonly Running[]) {
  return {
    name: '@plinth/sandbox',
    vendors: Object.fromEntries(
      running.map(({ name, instance }) => [name, (instance.describe ?? []).map((line) => absolute(url, line))]),
    ),
    endpoints: {
      received: `GET ${url}${CONTROL_PATH}/received?vendor=<name>&since=<id>&after=<epoch ms>`,
      clear: `DELETE ${url}${CONTROL_PATH}/received`,
      stream: `GET ${url}${CONTROL_PATH}/stream?backlog=1&after=<epoch ms>`,
      health: `GET ${url}${CONTROL_PATH}/health`,
      control: `${url}${CONTROL_PATH}/<vendor>/…`,
    },
  };
}

/** `POST /e/` → `POST http://127.0.0.1:4700/e/`; `/api/…` → `http://127.0.0.1:4700/api/…`. */
function absolute(url: string, line: string): string {
  const match = /^([A-Z]+(?:\|[A-Z]+)*)\s+(\S.*)$/.exec(line);
  if (match) return `${match[1]} ${absolute(url, match[2]!)}`;
  return line.startsWith('/') ? url + line : line;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
