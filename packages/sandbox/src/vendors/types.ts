import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OriginPolicy } from '../http/cors';
import type { DecodedBody } from '../http/decode';
import type { SseOptions, SseStream } from '../http/sse';
import type { ReceivedRequest } from '../recorder';

/**
 * A vendor stand-in: one file per vendor under `src/vendors/`, listed once in `src/vendors/index.ts`.
 *
 * - `name`: the `vendor` value of its recordings, the key of its options in
 *   `startSandbox({ vendorOptions: { <name>: … } })`, of `sandbox.vendors.<name>`, and the prefix
 *   of its control routes, `/_sandbox/<name>/…`.
 * - `defaults`: its options with their defaults. What the caller passes is merged over them
 *   (shallowly: a nested object replaces the default one) and handed to `create()` as `env.options`.
 * - `create(env)`: runs once per sandbox, after the server listens (so `env.url` holds the real
 *   port), and returns the vendor's routes (`match`/`handle`), its control routes (`control`),
 *   what it exposes to tests (`exposed`), and `close`.
 *
 * The sandbox records every request a vendor claims under `name` when its response finishes,
 * unless the handler calls `ctx.skip()`; a handler may fill in `ctx.entry` (decoded body, route,
 * error) or call `ctx.record()` once per logical item (one entry per event or log line). Anything
 * a handler throws becomes a 4xx/5xx answer recorded as malformed or as an error: a module can't
 * crash the process.
 */
export interface VendorModule<Name extends string = string, Options = object, Exposed = object> {
  /** Lower-case, e.g. `posthog`. */
  readonly name: Name;
  /** The vendor's options with their defaults (`{}` when it has none). */
  readonly defaults: Options;
  create(env: VendorEnv<Options>): VendorInstance<Exposed> | Promise<VendorInstance<Exposed>>;
}

/** Any vendor module, whatever its options and exposed values. */
// biome-ignore lint/suspicious/noExplicitAny: the options/exposed types of a heterogeneous module list are unknown here
export type AnyVendorModule = VendorModule<string, any, any>;

/** The options type a module declares. */
export type OptionsOf<M> = M extends VendorModule<string, infer O, infer _E> ? O : never;

/** The type of what a module exposes to tests (`sandbox.vendors.<name>`). */
export type ExposedOf<M> = M extends VendorModule<string, infer _O, infer E> ? E : never;

/** `startSandbox({ vendorOptions })`: each module's options, keyed by its name, all optional. */
export type VendorOptionsOf<Modules extends readonly AnyVendorModule[]> = {
  [M in Modules[number] as M['name']]?: Partial<OptionsOf<M>>;
};

/** `sandbox.vendors`: what each module exposes, keyed by its name. */
export type VendorsExposed<Modules extends readonly AnyVendorModule[]> = {
  readonly [M in Modules[number] as M['name']]: ExposedOf<M>;
};

/** What a module gets from the sandbox when it is created. */
export interface VendorEnv<Options = object> {
  /** The sandbox's base URL, e.g. `http://127.0.0.1:4700` (no trailing slash). */
  readonly url: string;
  /** This vendor's options: its `defaults` with the caller's `vendorOptions[name]` merged over them. */
  readonly options: Options;
  /** The sandbox-wide settings every vendor may need. */
  readonly sandbox: SandboxSettings;
  /** Prints a line unless the sandbox is quiet. */
  log(message: string): void;
}

/** The sandbox-wide settings (`startSandbox()` options that are not about one vendor), defaults applied. */
export interface SandboxSettings {
  readonly port: number;
  readonly host: string;
  readonly quiet: boolean;
  /** Largest request body accepted, in bytes, before decompression. */
  readonly bodyLimit: number;
  /** Recorded requests kept per vendor. */
  readonly maxEntries: number;
  readonly allowOrigin: OriginPolicy;
  /** Comment interval of event streams (`ctx.sse()`, `/_sandbox/stream`). */
  readonly heartbeatMs: number;
}

/** What `create()` returns. */
export interface VendorInstance<Exposed = object> {
  /** Whether this vendor answers the request; usually a path-prefix test on `req.path`. */
  match(req: RequestInfo): boolean;
  handle(ctx: VendorContext): void | Promise<void>;
  /**
   * Control routes under `/_sandbox/<name>/…` (e.g. `PUT /_sandbox/launchdarkly/flags/:key`): not
   * recorded, CORS-enabled for allowed origins (preflights answered). `ctx.route` is the path after
   * the prefix (`/flags/new-checkout`). Answer with `ctx.json()`/`ctx.empty()`; return or resolve
   * `false` (or answer nothing) for a 404.
   */
  control?(ctx: ControlContext): boolean | undefined | Promise<boolean | undefined> | void | Promise<void>;
  /** Values and functions for tests, typed: `sandbox.vendors.<name>` (e.g. OIDC's `issuer`). */
  readonly exposed?: Exposed;
  /** Shown by `/_sandbox/health` and the index page: what this vendor serves, e.g. `POST /e/` or `/oidc/…`. */
  readonly describe?: readonly string[];
  /** Called when the sandbox closes (after open connections and streams are ended). */
  close?(): void | Promise<void>;
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

/** Helpers shared by vendor and control handlers. */
export interface HandlerContext extends RequestInfo {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  /** The raw body, read once with the sandbox's size limit (413 above it). */
  rawBody(): Promise<Buffer>;
  /**
   * The decoded body (gzip/base64/form/JSON/NDJSON). A malformed body rejects with a 400 (413 for
   * a decompression bomb) unless `rejectMalformed: false`.
   */
  body(options?: { rejectMalformed?: boolean }): Promise<DecodedBody>;
  /**
   * Turns this response into a server-sent event stream (`text/event-stream`, heartbeat comments,
   * ended when the client leaves or the sandbox closes). Combine with `SseHub` to push to every
   * open stream.
   */
  sse(options?: SseOptions): SseStream;
  json(status: number, value: unknown, headers?: Record<string, string>): void;
  text(status: number, text: string, contentType?: string, headers?: Record<string, string>): void;
  empty(status?: number, headers?: Record<string, string>): void;
}

export interface VendorContext extends HandlerContext {
  /**
   * As `HandlerContext.sse`; the request is recorded as the stream opens (with what `entry` holds
   * then), unless `skip()` was called before.
   */
  sse(options?: SseOptions): SseStream;
  readonly env: VendorEnv<unknown>;
  /** The recording of this request (filled with method, path, query, redacted headers). */
  readonly entry: EntryDraft;
  /** As `HandlerContext.body`, and also stored in `entry.body`/`entry.decoding`/`entry.malformed`. */
  body(options?: { rejectMalformed?: boolean }): Promise<DecodedBody>;
  /** Records one extra entry (e.g. one per event in a batch); when used, the default per-request entry is not added. */
  record(overrides?: Partial<EntryDraft>): void;
  /** Don't record this request (static assets, discovery documents, …). */
  skip(): void;
  /** Adds CORS headers for allowed origins and answers a preflight; true means "answered, stop". */
  cors(options?: { credentials?: boolean; methods?: string }): boolean;
}

export interface ControlContext extends HandlerContext {
  /** The path after `/_sandbox/<name>`, e.g. `/flags/new-checkout` (`''` for the prefix itself). */
  readonly route: string;
}
