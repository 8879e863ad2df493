import type { TokenHandler } from './createTokenHandler';

/** What `toNodeHandler` needs of Node's `IncomingMessage` (Express's and Connect's requests are ones). */
export interface NodeRequest extends AsyncIterable<Uint8Array | string> {
  method?: string;
  url?: string;
  /** Express and Connect: the URL before a mount path was cut off. */
  originalUrl?: string;
  headers: Record<string, string | string[] | undefined>;
  /** A TLS socket has `encrypted: true`. `unknown`: Node's `Socket` has no `encrypted` at all, and must fit. */
  socket?: unknown;
}

/** What `toNodeHandler` needs of Node's `ServerResponse`. */
export interface NodeResponse {
  statusCode: number;
  setHeader(name: string, value: string | string[]): unknown;
  end(body?: Uint8Array): unknown;
}

/**
 * A fetch-standard handler as a Node `(req, res)` listener: for Express (`app.all('/api/auth/token', …)`),
 * Connect and Vite's dev server (`server.middlewares.use('/api/auth/token', …)`), `node:http`. The request's
 * origin is `http(s)://<Host>`; behind a proxy that ends TLS, name the page's origin in `origins`.
 */
export function toNodeHandler(handler: TokenHandler) {
  return async (req: NodeRequest, res: NodeResponse): Promise<void> => {
    const chunks: Uint8Array[] = [];
    for await (const chunk of req) chunks.push(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk);
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(key, one);
    }
    const scheme = (req.socket as { encrypted?: boolean } | undefined)?.encrypted ? 'https' : 'http';
    const method = req.method ?? 'GET';
    const request = new Request(new URL(req.originalUrl ?? req.url ?? '/', `${scheme}://${headers.get('host')}`), {
      method,
      headers,
      ...(method === 'GET' || method === 'HEAD' ? {} : { body: new Blob(chunks as BlobPart[]) }),
    });
    const response = await handler(request);
    res.statusCode = response.status;
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie') res.setHeader(key, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) res.setHeader('set-cookie', cookies);
    res.end(new Uint8Array(await response.arrayBuffer()));
  };
}
