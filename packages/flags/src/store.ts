import type { FlagValue } from './defineFlags';

/** Where a value came from: the catalogue, an explicit bootstrap, the first-party cache, or the flag service. */
export type FlagSource = 'default' | 'bootstrap' | 'cache' | 'live';

/**
 * Why a flag has its value: LaunchDarkly's reason kind for live values (`'FALLTHROUGH'`,
 * `'RULE_MATCH'`, `'TARGET_MATCH'`, `'OFF'`, `'PREREQUISITE_FAILED'`, `'ERROR'`), else `'DEFAULT'`,
 * `'STATIC'` (bootstrap) or `'CACHED'`.
 */
export type FlagReason = string;

/**
 * Why a flag fell back to its default although the service answered (OpenFeature's error codes):
 * `FLAG_NOT_FOUND`, the service does not serve it to client-side SDKs (not made available to them, or not
 * there); `TYPE_MISMATCH`, it serves a value of another type than the catalogue's default.
 */
export type FlagErrorCode = 'FLAG_NOT_FOUND' | 'TYPE_MISMATCH';

export interface FlagDetails<Value = FlagValue> {
  value: Value;
  reason: FlagReason;
  source: FlagSource;
  /** Set when the service answered but the default is used (`reason` is then `'ERROR'`). */
  errorCode?: FlagErrorCode;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Flag values with one listener set per key, so a component re-renders only when its own flag
 * changes (each snapshot object is kept until that key's value, reason or source changes).
 */
export interface FlagStore {
  get(key: string): FlagDetails;
  /** What a server drew: the bootstrap layer, else the default (never the cache or a live value); stable objects. */
  getServer(key: string): FlagDetails;
  /** Overlay these values; keys mapped to `undefined` fall back to the default. */
  set(
    entries: Record<string, { value: FlagValue | undefined; reason: FlagReason; errorCode?: FlagErrorCode }>,
    source: FlagSource,
  ): void;
  subscribe(key: string, listener: () => void): () => void;
}

export function createFlagStore(
  defaults: Readonly<Record<string, FlagValue>>,
  layers: { source: 'cache' | 'bootstrap'; values: Record<string, FlagValue> | undefined }[] = [],
): FlagStore {
  const details = new Map<string, FlagDetails>();
  const listeners = new Map<string, Set<() => void>>();
  const notify = (key: string) => {
    for (const listener of [...(listeners.get(key) ?? [])]) listener();
  };
  const subscribe = (key: string, listener: () => void) => {
    const set = listeners.get(key) ?? new Set();
    listeners.set(key, set);
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  };

  const fallback = (key: string): FlagDetails => ({
    value: defaults[key] as FlagValue,
    reason: 'DEFAULT',
    source: 'default',
  });
  for (const key of Object.keys(defaults)) details.set(key, fallback(key));
  const server = new Map(details);
  for (const { source, values } of layers) {
    for (const [key, value] of Object.entries(values ?? {})) {
      if (value === undefined) continue;
      const layered: FlagDetails = { value, reason: source === 'cache' ? 'CACHED' : 'STATIC', source };
      details.set(key, layered);
      if (source === 'bootstrap') server.set(key, layered);
    }
  }

  return {
    get: (key) => details.get(key) ?? fallback(key),
    getServer: (key) => server.get(key) ?? fallback(key),
    set(entries, source) {
      const changed: string[] = [];
      for (const [key, entry] of Object.entries(entries)) {
        const prev = details.get(key);
        const next: FlagDetails = entry.errorCode
          ? { ...fallback(key), reason: 'ERROR', errorCode: entry.errorCode }
          : entry.value === undefined || entry.value === null
            ? fallback(key)
            : { value: entry.value, reason: entry.reason, source };
        if (
          prev &&
          same(prev.value, next.value) &&
          prev.reason === next.reason &&
          prev.source === next.source &&
          prev.errorCode === next.errorCode
        )
          continue;
        // An equal value keeps its object (stable for memoised consumers); reason or source moved on.
        details.set(key, prev && same(prev.value, next.value) ? { ...next, value: prev.value } : next);
        changed.push(key);
      }
      for (const key of changed) notify(key);
    },
    subscribe,
  };
}
