import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/** What the recorder keeps of a request body once decoded. */
export interface DecodedBody {
  /** The decoded value: parsed JSON, an array for NDJSON, an object for forms, a string for text, undefined when empty. */
  body: unknown;
  /** The steps taken, outermost first, e.g. `['gzip', 'json']` or `['form', 'base64', 'json']`. */
  decoding: string[];
  /** Set when the body could not be decoded as it claimed (or looked) to be; `body` then holds what could be read. */
  malformed?: string;
  /** Set when decompression ran past `maxDecodedBytes` (answer 413 rather than 400). */
  tooLarge?: true;
}

export interface DecodeOptions {
  /** The request's Content-Type header. */
  contentType?: string | undefined;
  /** The request's Content-Encoding header. */
  contentEncoding?: string | undefined;
  /** The request's query string parameters (PostHog says `?compression=base64` there). */
  query?: URLSearchParams | undefined;
  /** Cap on the decompressed size (zip bombs); default 50 MiB. */
  maxDecodedBytes?: number;
}

const GZIP_MAGIC_0 = 0x1f;
const GZIP_MAGIC_1 = 0x8b;
const DEFAULT_MAX_DECODED = 50 * 1024 * 1024;
const BASE64 = /^[A-Za-z0-9+/\-_]*={0,2}$/;

/** Whether the bytes start with the gzip magic number 1f 8b (PostHog sends gzip as text/plain without Content-Encoding). */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === GZIP_MAGIC_0 && bytes[1] === GZIP_MAGIC_1;
}

class Malformed extends Error {
  tooLarge?: true;
}

/**
 * Decodes a request body the way vendor SDKs send them: Content-Encoding gzip/deflate/br, gzip
 * sniffed from its magic bytes, form-encoded bodies (with PostHog's `?compression=base64` `data=`
 * field unwrapped), JSON, NDJSON (one entry per line, as Datadog sends), else text. Never throws:
 * anything undecodable comes back with `malformed` set and as much of the body as could be read.
 */
export function decodeBody(raw: Uint8Array, options: DecodeOptions = {}): DecodedBody {
  const decoding: string[] = [];
  const max = options.maxDecodedBytes ?? DEFAULT_MAX_DECODED;
  let bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  if (bytes.length === 0) return { body: undefined, decoding };

  try {
    const encoding = (options.contentEncoding ?? '').trim().toLowerCase();
    if (encoding && encoding !== 'identity') {
      bytes = decompress(bytes, encoding, max);
      decoding.push(encoding === 'x-gzip' ? 'gzip' : encoding);
    } else if (isGzip(bytes)) {
      bytes = decompress(bytes, 'gzip', max);
      decoding.push('gzip');
    }
  } catch (error) {
    const result: DecodedBody = { body: describeBinary(bytes), decoding, malformed: messageOf(error) };
    if (error instanceof Malformed && error.tooLarge) result.tooLarge = true;
    return result;
  }

  const mime = (options.contentType ?? '').split(';')[0]!.trim().toLowerCase();
  try {
    if (mime === 'application/x-www-form-urlencoded') {
      decoding.push('form');
      const form = parseForm(utf8(bytes));
      const data = form.data;
      const compression = options.query?.get('compression');
      if (typeof data === 'string' && compression === 'base64') {
        decoding.push('base64');
        const inner = decodeBase64(data);
        return decodeInner(inner, decoding, max);
      }
      return { body: form, decoding };
    }
    if (mime === 'application/json' || mime.endsWith('+json')) {
      decoding.push('json');
      return parseJsonOr(utf8(bytes), decoding);
    }
    if (mime === 'application/x-ndjson' || mime === 'application/jsonl' || mime === 'application/jsonlines') {
      return parseNdjson(utf8(bytes), decoding);
    }
    if (mime === '' || mime.startsWith('text/')) {
      const text = utf8(bytes, false);
      if (text === undefined) return { body: describeBinary(bytes), decoding: [...decoding, 'binary'] };
      return sniffText(text, decoding);
    }
    return { body: describeBinary(bytes), decoding: [...decoding, 'binary'] };
  } catch (error) {
    const result: DecodedBody = {
      body: utf8(bytes, false) ?? describeBinary(bytes),
      decoding,
      malformed: messageOf(error),
    };
    if (error instanceof Malformed && error.tooLarge) result.tooLarge = true;
    return result;
  }
}

/** After base64: the payload may itself be gzip, then JSON (PostHog), or plain text. */
function decodeInner(bytes: Buffer, decoding: string[], max: number): DecodedBody {
  let inner = bytes;
  if (isGzip(inner)) {
    inner = decompress(inner, 'gzip', max);
    decoding.push('gzip');
  }
  const text = utf8(inner, false);
  if (text === undefined) return { body: describeBinary(inner), decoding: [...decoding, 'binary'] };
  return sniffText(text, decoding);
}

/** Text that looks like JSON is parsed as JSON, else as NDJSON; if neither, it is malformed JSON. */
function sniffText(text: string, decoding: string[]): DecodedBody {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return { body: text, decoding: [...decoding, 'text'] };
  try {
    return { body: JSON.parse(text), decoding: [...decoding, 'json'] };
  } catch (error) {
    if (text.trim().includes('\n')) {
      const ndjson = parseNdjson(text, [...decoding]);
      if (!ndjson.malformed) return ndjson;
    }
    return { body: text, decoding: [...decoding, 'json'], malformed: `invalid JSON: ${messageOf(error)}` };
  }
}

function parseJsonOr(text: string, decoding: string[]): DecodedBody {
  try {
    return { body: JSON.parse(text), decoding };
  } catch (error) {
    return { body: text, decoding, malformed: `invalid JSON: ${messageOf(error)}` };
  }
}

/** One JSON value per non-empty line; a bad line stays as its raw string and marks the body malformed. */
function parseNdjson(text: string, decoding: string[]): DecodedBody {
  const entries: unknown[] = [];
  const bad: number[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '') return;
    try {
      entries.push(JSON.parse(line));
    } catch {
      bad.push(index + 1);
      entries.push(line);
    }
  });
  const result: DecodedBody = { body: entries, decoding: [...decoding, 'ndjson'] };
  if (bad.length) result.malformed = `invalid JSON on line${bad.length > 1 ? 's' : ''} ${bad.join(', ')}`;
  return result;
}

/** Form fields; a key given twice becomes an array. */
export function parseForm(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const previous = out[key];
    if (previous === undefined) out[key] = value;
    else out[key] = Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return out;
}

function decodeBase64(text: string): Buffer {
  const compact = text.replace(/\s+/g, '');
  if (!BASE64.test(compact) || compact.replace(/=+$/, '').length % 4 === 1) {
    throw new Malformed('invalid base64 in the data field');
  }
  return Buffer.from(compact, compact.includes('-') || compact.includes('_') ? 'base64url' : 'base64');
}

function decompress(bytes: Buffer, encoding: string, max: number): Buffer {
  const options = { maxOutputLength: max };
  try {
    switch (encoding) {
      case 'gzip':
      case 'x-gzip':
        return gunzipSync(bytes, options);
      case 'deflate':
        return inflateSync(bytes, options);
      case 'br':
        return brotliDecompressSync(bytes, options);
      default:
        throw new Malformed(`unsupported Content-Encoding: ${encoding}`);
    }
  } catch (error) {
    if (error instanceof Malformed) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'ERR_BUFFER_TOO_LARGE') {
      const tooLarge = new Malformed(`${encoding} body decompresses beyond ${max} bytes`);
      tooLarge.tooLarge = true;
      throw tooLarge;
    }
    throw new Malformed(`invalid ${encoding} data: ${messageOf(error)}`);
  }
}

/** Strict UTF-8 when `fatal`, else undefined for bytes that are not UTF-8 text. */
function utf8(bytes: Buffer, fatal?: true): string;
function utf8(bytes: Buffer, fatal: false): string | undefined;
function utf8(bytes: Buffer, fatal = true): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    if (fatal) throw new Malformed('body is not valid UTF-8');
    return undefined;
  }
}

function describeBinary(bytes: Buffer): string {
  const head = bytes.subarray(0, 64).toString('hex');
  return `<${bytes.length} bytes: ${head}${bytes.length > 64 ? '…' : ''}>`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
