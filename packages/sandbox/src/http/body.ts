import type { IncomingMessage } from 'node:http';
import { HttpError } from './HttpError';

/** Default cap on a request body as received (before decompression): 5 MiB. */
export const DEFAULT_BODY_LIMIT = 5 * 1024 * 1024;

/**
 * Reads a request body into one Buffer, refusing anything above `limit` bytes with a 413 —
 * up front when Content-Length already says so, otherwise as soon as the stream passes the limit.
 * A client that aborts mid-body gives a 400. Never reads the same request twice: callers cache.
 */
export async function readBody(req: IncomingMessage, limit = DEFAULT_BODY_LIMIT): Promise<Buffer> {
  const declared = req.headers['content-length'];
  if (declared !== undefined) {
    const length = Number(declared);
    if (!Number.isSafeInteger(length) || length < 0) throw new HttpError(400, `invalid Content-Length: ${declared}`);
    if (length > limit) throw new HttpError(413, `body of ${length} bytes exceeds the ${limit}-byte limit`);
  }
  const chunks: Buffer[] = [];
  let received = 0;
  try {
    // destroyOnReturn: false keeps the socket alive so a 413 can still be answered.
    for await (const chunk of req.iterator({ destroyOnReturn: false })) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      received += buffer.length;
      if (received > limit) throw new HttpError(413, `body exceeds the ${limit}-byte limit`);
      chunks.push(buffer);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'request body could not be read (client aborted?)', { cause: error });
  }
  return Buffer.concat(chunks, received);
}
