import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { CONTROL_PATH, HEARTBEAT_MS, handleControl } from './control';
import { DEFAULT_BODY_LIMIT, readBody } from './http/body';
import { applyCors, isLoopbackOrigin, type OriginPolicy } from './http/cors';
import { type DecodedBody, decodeBody } from './http/decode';
import { HttpError } from './http/HttpError';
import { redactHeaders } from './http/redact';
import { sendEmpty, sendError, sendJson, sendText } from './http/respond';
import { DEFAULT_MAX_ENTRIES, type ReceivedFilter, type ReceivedRequest, Recorder } from './recorder';
import { vendors as defaultVendors } from './vendors/index';
import {
  DEFAULT_POST_LOGOUT_PATHS,
  DEFAULT_REDIRECT_PATHS,
  DEMO_CLIENT_ID,
  loopbackUris,
  OIDC_PATH,
  type OidcClientMetadata,
} from './vendors/oidc';
import type {
  EntryDraft,
  RequestInfo,
  ResolvedSandboxOptions,
  VendorContext,
  VendorEnv,
  VendorModule,
  VendorRoutes,
} from './vendors/types';

export interface SandboxOptions {
  /** Port to listen on; 0 picks a free one. Default 4700. */
  port?: number;
  /** Interface to bind. Default `127.0.0.1` (use 127.0.0.1 in your app's URLs too: cookies and CORS follow the host). */
  host?: string;
  /** Extra OpenID clients, or a replacement for `plinth-demo` when one has that `client_id`. */
  clients?: OidcClientMetadata[];
  /**
   * Redirect URIs of the `plinth-demo` client. Loopback URIs match on any port, so
   * `http://127.0.0.1/callback` allows `http://127.0.0.1:5173/callback`. Default: `/callback`,
   * `/auth/callback`, `/signin-callback`, `/silent-callback` and `/` on 127.0.0.1 and localhost.
   */
  redirectUris?: string[];
  /** Post-logout redirect URIs of `plinth-demo` (any port, as above). Default: `/`, `/signed-out`, `/logout/callback`. */
  postLogoutRedirectUris?: string[];
  /** Print nothing (no start-up banner). Default false. */
  quiet?: boolean;
  /** Largest request body accepted, in bytes, before decompression; above it the answer is 413. Default 5 MiB. */
  bodyLimit?: number;
  /** Recorded requests kept in memory; the oldest go first. Default 5,000. */
  maxEntries?: number;
  /** Which browser origins may read answers (CORS). Default: any port on 127.0.0.1, localhost or [::1]. */
  allowOrigin?: OriginPolicy;
  /** Interval of the comment line that keeps `/_sandbox/stream` connections open. Default 15 s. */
  heartbeatMs?: number;
  /** The vendor modules to serve. Default: all of them (`vendors` export); add your own stand-ins here. */
  vendors?: readonly VendorModule[];
}

export interface Sandbox {
  /** Base URL, e.g. `http://127.0.0.1:4700`. */
  readonly url: string;
  readonly port: number;
  /** The OpenID provider's issuer, `<url>/oidc`. */
  readonly issuer: string;
  /** Recorded requests, oldest first (copies), optionally filtered by vendor, `since` id, route, method, path, or a predicate. */
  received(filter?: ReceivedFilter | ((entry: ReceivedRequest) => boolean)): ReceivedRequest[];
  /** Forgets every recorded request. */
  clear(): void;
  /** Stops listening, ends event streams and open connections, and closes every vendor. Idempotent. */
  close(): Promise<void>;
}

/** The port the CLI and `startSandbox()` use unless told otherwise. */
export const DEFAULT_PORT = 4700;

const UNMATCHED = 'unmatched';

/**
 * Starts the sandbox: one `node:http` server on 127.0.0.1 serving the vendor stand-ins (a real
 * OpenID provider at `/oidc`, …), recording every request they receive, decoded, and exposing the
 * recording at `/_sandbox/received` and `/_sandbox/stream`. Resolves once every vendor is ready.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const resolved = resolveOptions(options);
  const recorder = new Recorder(resolved.maxEntries);
  const modules = options.vendors ?? defaultVendors;
  const routes: { name: string; routes: VendorRoutes }[] = [];
  const streams = new Set<ServerResponse>();
  const sockets = new Set<Socket>();
  let baseUrl = '';
  let ready!: () => void;
  const readyPromise = new Promise<void>((resolve) => {
    ready = resolve;
  });

  const log = (message: string) => {
    if (!resolved.quiet) console.log(`[plinth-sandbox] ${message}`);
  };

  const server = createServer({ keepAliveTimeout: 5_000 }, (req, res) => {
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
      try {
        handleControl(req, res, url, {
          recorder,
          allowOrigin: resolved.allowOrigin,
          vendors: () => routes.map((route) => route.name),
          issuer: () => `${baseUrl}${OIDC_PATH}`,
          streams,
          heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS,
        });
      } catch (error) {
        sendError(res, 500, messageOf(error));
      }
      return;
    }
    if (url.pathname === '/' && (method === 'GET' || method === 'HEAD')) {
      applyCors(req, res, { allow: resolved.allowOrigin });
      return sendJson(res, 200, indexPage(baseUrl, routes));
    }
    if (url.pathname === '/favicon.ico') return sendEmpty(res, 204);

    const info: RequestInfo = { method, url, path: url.pathname, headers: req.headers };
    const vendor = routes.find(({ routes: r }) => {
      try {
        return r.match(info);
      } catch {
        return false;
      }
    });
    const ctx = createContext(req, res, info, vendor?.name ?? UNMATCHED, started);
    // CORS preflights are answered but not recorded: they carry no payload.
    if (method === 'OPTIONS' && (!vendor || req.headers['access-control-request-method'] !== undefined)) ctx.skip();
    try {
      if (vendor) {
        await vendor.routes.handle(ctx);
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
    let raw: Promise<Buffer> | undefined;
    let decoded: Promise<DecodedBody> | undefined;
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

    const ctx: VendorContext = {
      ...info,
      req,
      res,
      env: vendorEnv,
      entry,
      rawBody() {
        raw ??= readBody(req, resolved.bodyLimit);
        return raw;
      },
      body(bodyOptions = {}) {
        decoded ??= ctx.rawBody().then((bytes) => {
          const result = decodeBody(bytes, {
            contentType: req.headers['content-type'],
            contentEncoding: req.headers['content-encoding'],
            query: info.url.searchParams,
            maxDecodedBytes: resolved.bodyLimit * 10,
          });
          entry.body = result.body;
          entry.decoding = result.decoding;
          if (result.malformed) entry.malformed = result.malformed;
          return result;
        });
        return decoded.then((result) => {
          if (result.malformed && bodyOptions.rejectMalformed !== false) {
            throw new HttpError(result.tooLarge ? 413 : 400, result.malformed);
          }
          return result;
        });
      },
      record(overrides = {}) {
        extra.push({ ...entry, ...overrides });
      },
      skip() {
        skipped = true;
      },
      cors(corsOptions = {}) {
        return applyCors(req, res, { allow: resolved.allowOrigin, ...corsOptions });
      },
      json: (status, value, headers) => sendJson(res, status, value, headers),
      text: (status, text, contentType, headers) => sendText(res, status, text, contentType, headers),
      empty: (status, headers) => sendEmpty(res, status, headers),
    };
    return ctx;
  }

  const vendorEnv: VendorEnv = {
    get url() {
      return baseUrl;
    },
    options: resolved,
    log,
  };

  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (error.code === 'EADDRINUSE') {
        reject(
          new Error(
            `@plinth/sandbox: ${resolved.host}:${resolved.port} is already in use (another sandbox running?). ` +
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
    server.listen(resolved.port, resolved.host);
  });

  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : resolved.port;
  baseUrl = `http://${urlHost(resolved.host)}:${port}`;

  try {
    for (const module of modules) {
      routes.push({ name: module.name, routes: await module.create(vendorEnv) });
    }
  } catch (error) {
    await shutdown();
    throw error;
  }
  ready();
  log(`listening on ${baseUrl}  (recording at ${baseUrl}${CONTROL_PATH}/received)`);

  let closing: Promise<void> | undefined;
  async function shutdown(): Promise<void> {
    for (const res of streams) res.end();
    streams.clear();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    for (const socket of sockets) socket.destroy();
    await closed;
    for (const { routes: r } of routes) {
      try {
        await r.close?.();
      } catch {
        // Closing must not fail half-way.
      }
    }
  }

  return {
    url: baseUrl,
    port,
    issuer: `${baseUrl}${OIDC_PATH}`,
    received: (filter) => structuredClone(recorder.list(filter)),
    clear: () => recorder.clear(),
    close() {
      closing ??= shutdown();
      return closing;
    },
  };
}

function resolveOptions(options: SandboxOptions): ResolvedSandboxOptions {
  const port = options.port ?? DEFAULT_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new RangeError(`invalid port: ${options.port}`);
  return {
    port,
    host: options.host ?? '127.0.0.1',
    quiet: options.quiet ?? false,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    maxEntries: options.maxEntries ?? DEFAULT_MAX_ENTRIES,
    allowOrigin: options.allowOrigin ?? isLoopbackOrigin,
    clients: options.clients ?? [],
    redirectUris: options.redirectUris ?? loopbackUris(DEFAULT_REDIRECT_PATHS),
    postLogoutRedirectUris: options.postLogoutRedirectUris ?? loopbackUris(DEFAULT_POST_LOGOUT_PATHS),
  };
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

function indexPage(url: string, routes: { name: string; routes: VendorRoutes }[]) {
  return {
    name: '@plinth/sandbox',
    issuer: `${url}${OIDC_PATH}`,
    oidcClient: DEMO_CLIENT_ID,
    vendors: Object.fromEntries(
      routes.map(({ name, routes: r }) => [name, (r.describe ?? []).map((path) => url + path)]),
    ),
    endpoints: {
      received: `${url}${CONTROL_PATH}/received?vendor=<name>&since=<id>`,
      clear: `DELETE ${url}${CONTROL_PATH}/received`,
      stream: `${url}${CONTROL_PATH}/stream?backlog=1`,
      health: `${url}${CONTROL_PATH}/health`,
    },
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
