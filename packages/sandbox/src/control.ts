import type { IncomingMessage, ServerResponse } from 'node:http';
import { applyCors, type OriginPolicy } from './http/cors';
import { sendEmpty, sendError, sendJson } from './http/respond';
import { filterFromQuery, matches, type ReceivedRequest, type Recorder } from './recorder';

/** The sandbox's own endpoints live under this prefix and are never recorded. */
export const CONTROL_PATH = '/_sandbox';

/** How often an idle event stream gets a comment line, so proxies and browsers keep it open. */
export const HEARTBEAT_MS = 15_000;

export interface ControlOptions {
  recorder: Recorder;
  allowOrigin: OriginPolicy;
  vendors: () => string[];
  issuer: () => string;
  /** Open event streams, ended when the sandbox closes. */
  streams: Set<ServerResponse>;
  heartbeatMs?: number;
}

/**
 * `/_sandbox/received` (GET filtered list, DELETE clears), `/_sandbox/stream` (SSE) and
 * `/_sandbox/health`, with CORS for loopback origins so a page on another port can read them.
 */
export function handleControl(req: IncomingMessage, res: ServerResponse, url: URL, options: ControlOptions): void {
  if (applyCors(req, res, { allow: options.allowOrigin, methods: 'GET, DELETE, OPTIONS' })) return;
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
    sendJson(res, 200, {
      ok: true,
      vendors: options.vendors(),
      issuer: options.issuer(),
      received: options.recorder.size,
      lastId: options.recorder.lastId,
    });
  } else {
    sendError(res, 404, `no sandbox endpoint at ${url.pathname}`);
  }
}

/**
 * Server-sent events: one `data:` line of JSON per recorded request (its `id:` is the entry id, so
 * an EventSource that reconnects resumes after `Last-Event-ID`), a comment every 15 s, and with
 * `?backlog=1` the entries already recorded first. Accepts the same filters as `/received`.
 */
function openStream(req: IncomingMessage, res: ServerResponse, url: URL, options: ControlOptions): void {
  const filter = filterFromQuery(url.searchParams);
  const lastEventId = Number(req.headers['last-event-id']);
  const resumeFrom =
    Number.isFinite(lastEventId) && req.headers['last-event-id'] !== undefined ? lastEventId : undefined;
  const backlog = url.searchParams.get('backlog');
  delete filter.limit;

  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write(`retry: 1000\n: connected\n\n`);
  res.socket?.setNoDelay(true);

  const send = (entry: ReceivedRequest) => {
    if (!res.writableEnded) res.write(`id: ${entry.id}\ndata: ${JSON.stringify(entry)}\n\n`);
  };
  if (resumeFrom !== undefined) {
    for (const entry of options.recorder.list({ ...filter, since: Math.max(resumeFrom, filter.since ?? 0) }))
      send(entry);
  } else if (backlog === '1' || backlog === 'true') {
    for (const entry of options.recorder.list(filter)) send(entry);
  }
  const unsubscribe = options.recorder.subscribe((entry) => {
    if (matches(entry, filter)) send(entry);
  });
  const heartbeat = setInterval(() => {
    if (!res.writableEnded) res.write(': heartbeat\n\n');
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();
  options.streams.add(res);
  const stop = () => {
    clearInterval(heartbeat);
    unsubscribe();
    options.streams.delete(res);
  };
  res.once('close', stop);
  req.once('close', stop);
}
