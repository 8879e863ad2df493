import type { IncomingMessage, ServerResponse } from 'node:http';
import { applyCors, type OriginPolicy } from './http/cors';
import { sendEmpty, sendError, sendJson } from './http/respond';
import type { SseOptions, SseStream } from './http/sse';
import { filterFromQuery, matches, type ReceivedRequest, type Recorder } from './recorder';

/** The sandbox's own endpoints live under this prefix and are never recorded. */
export const CONTROL_PATH = '/_sandbox';

/** Names under `/_sandbox/` that belong to the sandbox itself, so no vendor may take them. */
export const RESERVED_NAMES: ReadonlySet<string> = new Set(['received', 'stream', 'health', 'unmatched']);

/** The methods control routes accept (announced in CORS preflights). */
export const CONTROL_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

export interface ControlOptions {
  recorder: Recorder;
  allowOrigin: OriginPolicy;
  /** Each vendor's name and what it serves. */
  vendors: () => { name: string; describe: string[] }[];
  /** Opens an event stream that the sandbox ends when it closes. */
  sse: (req: IncomingMessage, res: ServerResponse, options?: SseOptions) => SseStream;
}

/**
 * `/_sandbox/received` (GET filtered list, DELETE clears), `/_sandbox/stream` (SSE) and
 * `/_sandbox/health` (with each vendor's counts: received, kept, dropped), with CORS for loopback origins so a page on another port can read them.
 * Vendor control routes (`/_sandbox/<vendor>/…`) are dispatched by the sandbox before this.
 */
export function handleControl(req: IncomingMessage, res: ServerResponse, url: URL, options: ControlOptions): void {
  if (applyCors(req, res, { allow: options.allowOrigin, methods: CONTROL_METHODS })) return;
  const route = url.pathname.slice(CONTROL_PATH.length).replace(/\/+$/, '');
  const method = req.method ?? 'GET';
  if (route === '/received') {
    if (method === 'GET' || method === 'HEAD') {
      sendJson(res, 200, options.recorder.list(filterFromQuery(url.searchParams)));
    } else if (method === 'DELETE') {
      options.recorder.clear();
      sendEmpty(res, 204);
    } else {
      sendError(res, 405, `${method} is not allowed on ${url.pathname}`, { allow: 'GET, DELETE, OPTIONS' });
    }
  } else if (route === '/stream') {
    if (method === 'GET') openStream(req, res, url, options);
    else sendError(res, 405, `${method} is not allowed on ${url.pathname}`, { allow: 'GET, OPTIONS' });
  } else if (route === '/health') {
    const vendors = options.vendors();
    sendJson(res, 200, {
      ok: true,
      vendors: vendors.map((vendor) => vendor.name),
      serves: Object.fromEntries(vendors.map((vendor) => [vendor.name, vendor.describe])),
      received: options.recorder.size,
      counts: options.recorder.counts(),
      lastId: options.recorder.lastId,
      time: Date.now(),
    });
  } else {
    sendError(res, 404, `no sandbox endpoint at ${url.pathname}`);
  }
}

/**
 * Server-sent events: one `data:` line of JSON per recorded request (its `id:` is the entry id, so
 * an EventSource that reconnects resumes after `Last-Event-ID`), a heartbeat comment, and with
 * `?backlog=1` the entries already recorded first. Accepts the same filters as `/received`
 * (`?after=<page load time>&backlog=1` gives one page's traffic).
 */
function openStream(req: IncomingMessage, res: ServerResponse, url: URL, options: ControlOptions): void {
  const filter = filterFromQuery(url.searchParams);
  const lastEventId = Number(req.headers['last-event-id']);
  const resumeFrom =
    Number.isFinite(lastEventId) && req.headers['last-event-id'] !== undefined ? lastEventId : undefined;
  const backlog = url.searchParams.get('backlog');
  delete filter.limit;

  const stream = options.sse(req, res);
  const send = (entry: ReceivedRequest) => stream.send(undefined, entry, entry.id);
  if (resumeFrom !== undefined) {
    for (const entry of options.recorder.list({ ...filter, since: Math.max(resumeFrom, filter.since ?? 0) }))
      send(entry);
  } else if (backlog === '1' || backlog === 'true') {
    for (const entry of options.recorder.list(filter)) send(entry);
  }
  const unsubscribe = options.recorder.subscribe((entry) => {
    if (matches(entry, filter)) send(entry);
  });
  stream.onClose(unsubscribe);
}
