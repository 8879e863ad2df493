import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OriginPolicy } from '../http/cors';
import type { DecodedBody } from '../http/decode';
import type { ReceivedRequest } from '../recorder';
import type { SandboxOptions } from '../startSandbox';

/**
 * A vendor stand-in. One file per vendor under `src/vendors/`, listed once in `src/vendors/index.ts`.
 *
 * `create()` runs once per sandbox, after the server listens (so `env.url` holds the real port),
 * and returns the routes: `match()` claims requests, `handle()` answers them. The sandbox records
 * every claimed request under `name` when its response finishes, unless the handler calls
 * `ctx.skip()`; a handler may fill in `ctx.entry` (decoded body, route, error) or call
 * `ctx.record()` once per logical item (one entry per event or log line). Anything a handler
 * throws becomes a 4xx/5xx answer recorded as malformed: a module can't crash the process.
 */
export interface VendorModule {
  /** The `vendor` value of its recordings and of `?vendor=` filters: lower-case, e.g. `posthog`. */
  readonly name: string;
  create(env: VendorEnv): VendorRoutes | Promise<VendorRoutes>;
}

export interface VendorEnv {
  /** The sandbox's base URL, e.g. `http://127.0.0.1:4700` (no trailing slash). */
  readonly url: string;
  /** The options `startSandbox()` was called with, defaults applied. */
  readonly options: ResolvedSandboxOptions;
  /** Prints a line unless the sandbox is quiet. */
  log(message: string): void;
}

export interface VendorRoutes {
  /** Whether this vendor answers the request; usually a path-prefix test on `req.path`. */
  match(req: RequestInfo): boolean;
  handle(ctx: VendorContext): void | Promise<void>;
  /** Called when the sandbox closes. */
  close?(): void | Promise<void>;
  /** Shown by `/_sandbox/health` and the index page: the paths this vendor serves. */
  readonly describe?: readonly string[];
}

/** What `match()` sees: the method and the parsed URL. */
export interface RequestInfo {
  readonly method: string;
  /** The request URL resolved against the sandbox URL. */
  readonly url: URL;
  /** `url.pathname`. */
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
}

/** The recording being built for the current request; the handler may change any field. */
export type EntryDraft = Omit<ReceivedRequest, 'id' | 'status'> & { status?: number };

export interface VendorContext extends RequestInfo {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly env: VendorEnv;
  /** The recording of this request (filled with method, path, query, redacted headers). */
  readonly entry: EntryDraft;
  /** The raw body, read once with the sandbox's size limit (413 above it). */
  rawBody(): Promise<Buffer>;
  /**
   * The decoded body (gzip/base64/form/JSON/NDJSON), also stored in `entry.body`/`entry.decoding`/`entry.malformed`.
   * A malformed body rejects with a 400 (413 for a decompression bomb) unless `rejectMalformed: false`.
   */
  body(options?: { rejectMalformed?: boolean }): Promise<DecodedBody>;
  /** Records one extra entry (e.g. one per event in a batch); when used, the default per-request entry is not added. */
  record(overrides?: Partial<EntryDraft>): void;
  /** Don't record this request (static assets, discovery documents, …). */
  skip(): void;
  /** Adds CORS headers for allowed origins and answers a preflight; true means "answered, stop". */
  cors(options?: { credentials?: boolean; methods?: string }): boolean;
  json(status: number, value: unknown, headers?: Record<string, string>): void;
  text(status: number, text: string, contentType?: string, headers?: Record<string, string>): void;
  empty(status?: number, headers?: Record<string, string>): void;
}

/** `startSandbox()` options with their defaults applied. */
export interface ResolvedSandboxOptions
  extends Required<
    Pick<
      SandboxOptions,
      'port' | 'host' | 'quiet' | 'bodyLimit' | 'maxEntries' | 'clients' | 'redirectUris' | 'postLogoutRedirectUris'
    >
  > {
  readonly allowOrigin: OriginPolicy;
}
