import type { IncomingMessage, ServerResponse } from 'node:http';

/** How often an idle event stream gets a comment line, so proxies and browsers keep it open. */
export const HEARTBEAT_MS = 15_000;

export interface SseOptions {
  /** Interval of the `: heartbeat` comment. Default: the sandbox's `heartbeatMs` (15 s). */
  heartbeatMs?: number;
  /** The `retry:` reconnection delay sent to EventSource, in ms. Default 1000. */
  retryMs?: number;
  /** Extra response headers (e.g. CORS headers are already set by the caller). */
  headers?: Record<string, string>;
}

/** One open server-sent event stream. */
export interface SseStream {
  /**
   * Sends one event: `event:` (omitted when undefined, i.e. a plain `message`), `id:` when given,
   * and `data:` (strings as they are, anything else as JSON; multi-line data is split into
   * several `data:` lines as the spec requires). Does nothing once closed.
   */
  send(event: string | undefined, data: unknown, id?: string | number): void;
  /** A comment line (`: text`), ignored by EventSource. */
  comment(text: string): void;
  /** Ends the stream (the client sees the connection close and may reconnect). Idempotent. */
  close(): void;
  /** Calls `listener` once when the stream ends, whoever ends it; at once if it already has. */
  onClose(listener: () => void): void;
  readonly closed: boolean;
}

/**
 * Turns a response into a server-sent event stream: writes the headers and a `retry:` line, sends a
 * comment every `heartbeatMs`, and cleans up (timer, listeners) when either side closes.
 * `register` lets the sandbox end every open stream when it closes.
 */
export function openSse(
  req: IncomingMessage,
  res: ServerResponse,
  options: SseOptions = {},
  register?: (stream: SseStream) => () => void,
): SseStream {
  const { heartbeatMs = HEARTBEAT_MS, retryMs = 1000, headers = {} } = options;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    ...headers,
  });
  res.write(`retry: ${retryMs}\n: connected\n\n`);
  res.socket?.setNoDelay(true);

  let closed = false;
  const listeners: (() => void)[] = [];
  const write = (text: string) => {
    if (!closed && !res.writableEnded) res.write(text);
  };
  const heartbeat = setInterval(() => write(': heartbeat\n\n'), heartbeatMs);
  heartbeat.unref();
  let unregister: (() => void) | undefined;

  const finish = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unregister?.();
    for (const listener of listeners.splice(0)) {
      try {
        listener();
      } catch {
        // One listener's fault does not keep the others from cleaning up.
      }
    }
  };

  const stream: SseStream = {
    send(event, data, id) {
      let text = '';
      if (event !== undefined) text += `event: ${oneLine(event)}\n`;
      if (id !== undefined) text += `id: ${oneLine(String(id))}\n`;
      const payload = typeof data === 'string' ? data : JSON.stringify(data ?? null);
      for (const line of payload.split(/\r\n|\r|\n/)) text += `data: ${line}\n`;
      write(`${text}\n`);
    },
    comment(text) {
      write(`: ${oneLine(text)}\n\n`);
    },
    close() {
      if (!res.writableEnded) res.end();
      finish();
    },
    onClose(listener) {
      if (closed) listener();
      else listeners.push(listener);
    },
    get closed() {
      return closed;
    },
  };
  res.once('close', finish);
  req.once('close', finish);
  unregister = register?.(stream);
  return stream;
}

/**
 * The open streams of one kind (e.g. every LaunchDarkly flag stream), so a vendor can push an
 * event to all of them: `hub.add(ctx.sse(), meta)` in the route, `hub.broadcast('patch', data)`
 * from a control route. `meta` is whatever the vendor wants to filter on later (e.g. the context a
 * stream was opened for). Closed streams leave the hub by themselves.
 */
export class SseHub<Meta = undefined> {
  readonly #streams = new Map<SseStream, Meta>();

  /** Adds a stream until it closes; returns it. */
  add(stream: SseStream, ...meta: Meta extends undefined ? [meta?: Meta] : [meta: Meta]): SseStream {
    if (stream.closed) return stream;
    this.#streams.set(stream, meta[0] as Meta);
    stream.onClose(() => this.#streams.delete(stream));
    return stream;
  }

  /** Sends one event to every open stream (only those passing `filter`, when given). Returns how many got it. */
  broadcast(event: string | undefined, data: unknown, filter?: (meta: Meta, stream: SseStream) => boolean): number {
    let sent = 0;
    for (const [stream, meta] of [...this.#streams]) {
      if (filter && !filter(meta, stream)) continue;
      stream.send(event, data);
      sent++;
    }
    return sent;
  }

  /** Open streams. */
  get size(): number {
    return this.#streams.size;
  }

  /** Ends every stream. */
  close(): void {
    for (const stream of [...this.#streams.keys()]) stream.close();
  }
}

function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ');
}
