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

/**
 * The default number of entries kept per vendor; a vendor's oldest are dropped first. Enough for a
 * run that sends a 10,000-event burst (PostHog's events are recorded one entry each) and checks it.
 */
export const DEFAULT_MAX_ENTRIES = 20_000;

/** What one vendor sent since the recording started (or was cleared): all of it counted, the newest kept. */
export interface VendorCount {
  /** Entries recorded for this vendor, kept or not. */
  received: number;
  /** Entries still kept. */
  kept: number;
  /** Entries dropped because this vendor's ring was full. */
  dropped: number;
}

/** One vendor's entries, oldest first, from `start` on (a ring: compacted now and then, never shifted). */
interface Ring {
  entries: ReceivedRequest[];
  start: number;
  received: number;
  dropped: number;
}

/**
 * Keeps the last `max` recorded requests of each vendor (bounded rings, so a long dev session cannot
 * grow memory without limit, and one vendor's flood, e.g. a burst of analytics events, never pushes out
 * another vendor's sign-in or logs), counts every vendor's entries, and tells subscribers about each new one.
 * Vendors are the sandbox's modules plus `unmatched`, so the total is bounded too.
 */
export class Recorder {
  readonly #max: number;
  /** By vendor, in the order vendors first sent something. */
  #rings = new Map<string, Ring>();
  #nextId = 1;
  #dropped = 0;
  readonly #listeners = new Set<ReceivedListener>();

  /** `max`: entries kept per vendor. */
  constructor(max = DEFAULT_MAX_ENTRIES) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`maxEntries must be a positive integer, got ${max}`);
    this.#max = max;
  }

  /** Stores an entry (assigning its id) and notifies subscribers; a throwing listener does not stop the others. */
  add(entry: Omit<ReceivedRequest, 'id'>): ReceivedRequest {
    const stored = { id: this.#nextId++, ...entry } as ReceivedRequest;
    let ring = this.#rings.get(stored.vendor);
    if (!ring) {
      ring = { entries: [], start: 0, received: 0, dropped: 0 };
      this.#rings.set(stored.vendor, ring);
    }
    ring.received++;
    if (ring.entries.length - ring.start >= this.#max) {
      ring.start++;
      ring.dropped++;
      this.#dropped++;
      // Compact now and then instead of shifting on every add.
      if (ring.start >= this.#max) {
        ring.entries = ring.entries.slice(ring.start);
        ring.start = 0;
      }
    }
    ring.entries.push(stored);
    for (const listener of [...this.#listeners]) {
      try {
        listener(stored);
      } catch {
        // A subscriber's fault is its own; recording goes on.
      }
    }
    return stored;
  }

  /** Recorded entries, oldest first (by id, across vendors), matching the filter (a predicate works too). */
  list(filter: ReceivedFilter | ((entry: ReceivedRequest) => boolean) = {}): ReceivedRequest[] {
    if (typeof filter === 'function') return this.#merged([...this.#rings.values()], 0).filter(filter);
    const vendors =
      filter.vendor === undefined ? [] : typeof filter.vendor === 'string' ? [filter.vendor] : filter.vendor;
    const rings = vendors.length
      ? vendors.flatMap((vendor) => this.#rings.get(vendor) ?? [])
      : [...this.#rings.values()];
    const result = this.#merged([...new Set(rings)], filter.since ?? 0).filter((entry) => matches(entry, filter));
    return filter.limit !== undefined && filter.limit >= 0 ? result.slice(result.length - filter.limit) : result;
  }

  /** The kept entries of these rings with an id above `since`, oldest first (a handful of vendors: one sort). */
  #merged(rings: Ring[], since: number): ReceivedRequest[] {
    return rings.flatMap((ring) => ring.entries.slice(firstAfter(ring, since))).sort((a, b) => a.id - b.id);
  }

  /** Forgets every entry and count (ids keep increasing). */
  clear(): void {
    this.#rings = new Map();
  }

  /** Calls `listener` for each new entry until the returned function is called. */
  subscribe(listener: ReceivedListener): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** Each vendor's count since the start (or the last `clear()`), in the order vendors first sent something. */
  counts(): Record<string, VendorCount> {
    return Object.fromEntries(
      [...this.#rings].map(([vendor, ring]) => [
        vendor,
        { received: ring.received, kept: ring.entries.length - ring.start, dropped: ring.dropped },
      ]),
    );
  }

  /** Entries currently kept, all vendors together. */
  get size(): number {
    let size = 0;
    for (const ring of this.#rings.values()) size += ring.entries.length - ring.start;
    return size;
  }

  /** Entries dropped because their vendor's ring was full. */
  get dropped(): number {
    return this.#dropped;
  }

  /** The id of the most recent entry, 0 before the first one. */
  get lastId(): number {
    return this.#nextId - 1;
  }
}

/** The index of the ring's first kept entry with an id above `since` (binary search: ids increase). */
function firstAfter(ring: Ring, since: number): number {
  let low = ring.start;
  let high = ring.entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ring.entries[middle]!.id > since) high = middle;
    else low = middle + 1;
  }
  return low;
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
