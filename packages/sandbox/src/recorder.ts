/** One request as the sandbox received it, decoded. */
export interface ReceivedRequest {
  /** Increasing for the life of the sandbox (also across `clear()`), so `since` paging never skips. */
  id: number;
  /** When the request arrived, ISO 8601. */
  time: string;
  /** The vendor module that handled it (`oidc`, …), or `unmatched` for a path no module owns. */
  vendor: string;
  /** A finer name given by the vendor module, e.g. the OIDC endpoint (`token`, `revocation`). */
  route?: string;
  method: string;
  /** The path without the query string. */
  path: string;
  /** Query parameters; a repeated key gives an array. */
  query: Record<string, string | string[]>;
  /** Lower-case headers; credentials (`Authorization`, `Cookie`) redacted. */
  headers: Record<string, string>;
  /** The decoded body (see `decoding`), undefined when there was none. */
  body: unknown;
  /** How the body was decoded, outermost first: e.g. `['gzip', 'json']`. */
  decoding?: string[];
  /** Why the request was rejected as malformed (bad JSON, truncated gzip, body too large, bad URL, …). */
  malformed?: string;
  /** An error the vendor answered with that is not about malformed input, e.g. OAuth's `invalid_grant`. */
  error?: string;
  /** The HTTP status the sandbox answered with. */
  status: number;
  /**
   * Facts the vendor module adds that are not in the request itself, e.g. OIDC's `sub` on a token
   * exchange or `revoked: 'RefreshToken'` on a revocation that took effect.
   */
  meta?: Record<string, unknown>;
}

/** Which recorded requests to return: all fields optional and combined with AND. */
export interface ReceivedFilter {
  /** One vendor name or several. */
  vendor?: string | readonly string[];
  /** Only entries with an id greater than this one (a cursor: pass the last id you saw). */
  since?: number;
  /**
   * Only entries recorded at or after this time (epoch milliseconds, as `Date.now()` gives; the
   * query form also takes an ISO 8601 date). A page passes its load time to see only the traffic
   * that happened since, not what earlier visits left in the recording.
   */
  after?: number;
  /** Only this route (as named by the vendor module). */
  route?: string;
  /** Only this method (case-insensitive). */
  method?: string;
  /** Only paths starting with this prefix. */
  path?: string;
  /** At most this many, the most recent ones. */
  limit?: number;
}

export type ReceivedListener = (entry: ReceivedRequest) => void;

/** The default number of entries kept; older ones are dropped first. */
export const DEFAULT_MAX_ENTRIES = 5000;

/**
 * Keeps the last `max` recorded requests (a bounded ring, so a long dev session cannot grow memory
 * without limit) and tells subscribers about each new one.
 */
export class Recorder {
  readonly #max: number;
  #entries: ReceivedRequest[] = [];
  #start = 0;
  #nextId = 1;
  #dropped = 0;
  readonly #listeners = new Set<ReceivedListener>();

  constructor(max = DEFAULT_MAX_ENTRIES) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`maxEntries must be a positive integer, got ${max}`);
    this.#max = max;
  }

  /** Stores an entry (assigning its id) and notifies subscribers; a throwing listener does not stop the others. */
  add(entry: Omit<ReceivedRequest, 'id'>): ReceivedRequest {
    const stored = { id: this.#nextId++, ...entry } as ReceivedRequest;
    if (this.#entries.length - this.#start >= this.#max) {
      this.#start++;
      this.#dropped++;
      // Compact now and then instead of shifting on every add.
      if (this.#start >= this.#max) {
        this.#entries = this.#entries.slice(this.#start);
        this.#start = 0;
      }
    }
    this.#entries.push(stored);
    for (const listener of [...this.#listeners]) {
      try {
        listener(stored);
      } catch {
        // A subscriber's fault is its own; recording goes on.
      }
    }
    return stored;
  }

  /** Recorded entries, oldest first, matching the filter (a predicate works too). */
  list(filter: ReceivedFilter | ((entry: ReceivedRequest) => boolean) = {}): ReceivedRequest[] {
    const entries = this.#entries.slice(this.#start);
    if (typeof filter === 'function') return entries.filter(filter);
    const result = entries.filter((entry) => matches(entry, filter));
    return filter.limit !== undefined && filter.limit >= 0 ? result.slice(result.length - filter.limit) : result;
  }

  /** Forgets every entry (ids keep increasing). */
  clear(): void {
    this.#entries = [];
    this.#start = 0;
  }

  /** Calls `listener` for each new entry until the returned function is called. */
  subscribe(listener: ReceivedListener): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** Entries currently kept. */
  get size(): number {
    return this.#entries.length - this.#start;
  }

  /** Entries dropped because the ring was full. */
  get dropped(): number {
    return this.#dropped;
  }

  /** The id of the most recent entry, 0 before the first one. */
  get lastId(): number {
    return this.#nextId - 1;
  }
}

/** Whether one entry passes a filter (shared by `received()`, `/_sandbox/received` and the stream). */
export function matches(entry: ReceivedRequest, filter: ReceivedFilter): boolean {
  if (filter.vendor !== undefined) {
    const vendors = typeof filter.vendor === 'string' ? [filter.vendor] : filter.vendor;
    if (vendors.length > 0 && !vendors.includes(entry.vendor)) return false;
  }
  if (filter.since !== undefined && !(entry.id > filter.since)) return false;
  if (filter.after !== undefined && !(Date.parse(entry.time) >= filter.after)) return false;
  if (filter.route !== undefined && entry.route !== filter.route) return false;
  if (filter.method !== undefined && entry.method.toUpperCase() !== filter.method.toUpperCase()) return false;
  if (filter.path !== undefined && !entry.path.startsWith(filter.path)) return false;
  return true;
}

/** Reads a filter from query parameters: `vendor` (repeatable or comma-separated), `since`, `after`, `route`, `method`, `path`, `limit`. */
export function filterFromQuery(query: URLSearchParams): ReceivedFilter {
  const filter: ReceivedFilter = {};
  const vendors = query
    .getAll('vendor')
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
  if (vendors.length) filter.vendor = vendors;
  const since = toInt(query.get('since'));
  if (since !== undefined) filter.since = since;
  const after = toTime(query.get('after'));
  if (after !== undefined) filter.after = after;
  const limit = toInt(query.get('limit'));
  if (limit !== undefined) filter.limit = limit;
  const route = query.get('route');
  if (route) filter.route = route;
  const method = query.get('method');
  if (method) filter.method = method;
  const path = query.get('path');
  if (path) filter.path = path;
  return filter;
}

function toInt(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? Math.trunc(number) : undefined;
}

/** Epoch milliseconds from `1732370000000` or an ISO 8601 date; undefined for anything else. */
function toTime(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  const parsed = Date.parse(trimmed);
  return Number.isNaN(parsed) ? undefined : parsed;
}
