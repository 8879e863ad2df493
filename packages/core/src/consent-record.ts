/**
 * The server side of proof of consent: a fetch-standard route handler (`Request` → `Response`, for Next.js route
 * handlers, Remix, Hono, Deno, Bun, workers) that validates a posted `ConsentRecord` and passes it to the app's own
 * store. Plinth keeps no records itself. Exported from `@plinth/core/server`.
 */
import type { ConsentSource, ConsentStatus } from './consent';

/**
 * Proof of consent: one per decision (`recordConsent` from `@plinth/core/records` makes them in the browser).
 * `page` is the page's origin and path (no query, no fragment: they can carry secrets and personal data).
 */
export interface ConsentRecord {
  id: string;
  /** The policy revision the decision was made under (`revision`, else the store's `version` as text). */
  revision: string;
  source: ConsentSource;
  /** Every category's state after the decision. */
  categories: Record<string, ConsentStatus>;
  /** ISO 8601, UTC. */
  time: string;
  page: string;
}

export type ConsentRecordCheck = { ok: true; record: ConsentRecord } | { ok: false; reason: string };

export interface ConsentRecordHandlerOptions {
  /** Where records go (your database, your log pipeline). A rejection answers 500 and is not retried by Plinth. */
  save: (record: ConsentRecord, request: Request) => void | Promise<void>;
  /** The largest body accepted, in bytes. Default 4096 (a record is a few hundred). */
  maxBytes?: number;
  /** The categories your store asks for: a record naming others is refused. Default: any well-formed name. */
  categories?: readonly string[];
}

const KEYS = ['id', 'revision', 'source', 'categories', 'time', 'page'];
const STATUSES = ['granted', 'denied', 'pending'];
const NAME = /^[A-Za-z0-9_.:-]{1,64}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max;

/** Checks a parsed body: exactly a record's fields, each of its type and bounded. */
export function checkConsentRecord(value: unknown, categories?: readonly string[]): ConsentRecordCheck {
  const fail = (reason: string): ConsentRecordCheck => ({ ok: false, reason });
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail('the body is not a JSON object');
  const body = value as Record<string, unknown>;
  const extra = Object.keys(body).filter((key) => !KEYS.includes(key));
  if (extra.length) return fail(`unknown field: ${extra[0]!.slice(0, 64)}`);
  const { id, revision, source, categories: decided, time, page } = body;
  if (!isText(id, 128) || !/^[A-Za-z0-9_-]{8,128}$/.test(id)) return fail('id: 8 to 128 letters, digits, - or _');
  if (!isText(revision, 128)) return fail('revision: a string of at most 128 characters');
  if (!isText(source, 32) || !/^[a-z][a-z0-9_-]*$/.test(source)) return fail('source: a lower-case name');
  if (typeof decided !== 'object' || decided === null || Array.isArray(decided)) {
    return fail('categories: an object of category → status');
  }
  const entries = Object.entries(decided);
  if (entries.length === 0 || entries.length > 32) return fail('categories: 1 to 32 entries');
  for (const [category, status] of entries) {
    if (!NAME.test(category) || (categories && !categories.includes(category))) {
      return fail(`categories: unknown category ${category.slice(0, 64)}`);
    }
    if (typeof status !== 'string' || !STATUSES.includes(status)) {
      return fail(`categories.${category}: granted, denied or pending`);
    }
  }
  if (!isText(time, 40) || !ISO_TIME.test(time) || Number.isNaN(Date.parse(time))) {
    return fail('time: an ISO 8601 UTC time');
  }
  if (!isText(page, 2048) || (page !== '' && !/^https?:\/\/[^\s?#]+$/.test(page))) {
    return fail('page: an http(s) URL without query or fragment, or empty');
  }
  return { ok: true, record: { id, revision, source, categories: decided as ConsentRecord['categories'], time, page } };
}

const answer = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });

/** Reads at most `max` bytes of the body; `undefined` when there are more. */
async function readBounded(request: Request, max: number): Promise<string | undefined> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/**
 * `POST` a `ConsentRecord` as JSON (`application/json`, or `text/plain` as `navigator.sendBeacon` sends a string):
 * 204 once `save` has it; 400 with `{ error }` saying why for a malformed, oversized or mistyped body (nothing
 * saved); 405 for another method; 500 when `save` fails.
 */
export function createConsentRecordHandler(
  options: ConsentRecordHandlerOptions,
): (request: Request) => Promise<Response> {
  const maxBytes = options.maxBytes ?? 4096;
  return async (request) => {
    if (request.method !== 'POST') return new Response(null, { status: 405, headers: { allow: 'POST' } });
    const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json' && type !== 'text/plain') {
      return answer(400, { error: 'content-type: application/json or text/plain' });
    }
    const declared = Number(request.headers.get('content-length'));
    const text = declared > maxBytes ? undefined : await readBounded(request, maxBytes);
    if (text === undefined) return answer(400, { error: `the body is larger than ${maxBytes} bytes` });
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return answer(400, { error: 'the body is not JSON' });
    }
    const check = checkConsentRecord(parsed, options.categories);
    if (!check.ok) return answer(400, { error: check.reason });
    try {
      await options.save(check.record, request);
    } catch {
      return answer(500, { error: 'the record could not be saved' });
    }
    return new Response(null, { status: 204 });
  };
}
