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

export type FlagsStatus = 'loading' | 'ready' | 'failed' | 'timeout';

/** Where the wait of `ready()` is: not asked for, pending, or over. */
export type ReadyState = 'unasked' | 'waiting' | 'settled';

/**
 * Marks a settled promise the way React's `use()` reads one (`status`/`value`), so a component that reads it
 * after it settled does not suspend for a tick to find out.
 */
export function settledPromise<T>(promise: Promise<T>): Promise<T> {
  void promise.then((value) => Object.assign(promise, { status: 'fulfilled', value }));
  return promise;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Flag values with one listener set per key, so a component re-renders only when its own flag
 * changes (each snapshot object is kept until that key's value, reason or source changes).
 */
export interface FlagStore {
  get(key: string): FlagDetails;
  /** Overlay these values; keys mapped to `undefined` fall back to the default. */
  set(
    entries: Record<string, { value: FlagValue | undefined; reason: FlagReason; errorCode?: FlagErrorCode }>,
    source: FlagSource,
  ): void;
  subscribe(key: string, listener: () => void): () => void;
  status(): FlagsStatus;
  /** Set the status; `always`: notify status listeners even when it stays (what `failure()` reads changed). */
  setStatus(next: FlagsStatus, always?: boolean): void;
  subscribeStatus(listener: () => void): () => void;
  /**
   * Resolves with the status once it leaves `'loading'`, or past `timeoutMs` from the first call, whichever
   * comes first (the same promise every time): a wait that always ends.
   */
  ready(timeoutMs: number): Promise<FlagsStatus>;
  /** `'unasked'` until `ready()` is first called, `'waiting'` until it resolves, then `'settled'`. */
  readyState(): ReadyState;
  /** End a pending `ready()` now, with the current status (nothing will answer: consent pending or denied). */
  settle(): void;
}

export function createFlagStore(
  defaults: Readonly<Record<string, FlagValue>>,
  layers: { source: 'cache' | 'bootstrap'; values: Record<string, FlagValue> | undefined }[] = [],
  initialStatus: FlagsStatus = 'loading',
): FlagStore {
  const details = new Map<string, FlagDetails>();
  const listeners = new Map<string, Set<() => void>>();
  let status = initialStatus;
  const STATUS = '\u0000status'; // the status has its listener set beside the flags'
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
  for (const { source, values } of layers) {
    for (const [key, value] of Object.entries(values ?? {})) {
      if (value !== undefined) details.set(key, { value, reason: source === 'cache' ? 'CACHED' : 'STATIC', source });
    }
  }

  let ready: Promise<FlagsStatus> | undefined;
  let readyState: ReadyState = 'unasked';
  let settle = () => {};

  return {
    get: (key) => details.get(key) ?? fallback(key),
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
    status: () => status,
    setStatus(next, always = false) {
      if (next === status && !always) return;
      status = next;
      notify(STATUS);
    },
    subscribeStatus: (listener) => subscribe(STATUS, listener),
    ready(timeoutMs) {
      ready ??= settledPromise(
        new Promise<FlagsStatus>((resolve) => {
          readyState = 'waiting';
          const done = (now = false) => {
            if (!now && status === 'loading' && timer !== undefined) return;
            clearTimeout(timer);
            stop();
            readyState = 'settled';
            resolve(status);
          };
          const stop = subscribe(STATUS, done);
          let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(() => {
            timer = undefined;
            done();
          }, timeoutMs);
          settle = () => done(true);
          if (status !== 'loading') done();
        }),
      );
      return ready;
    },
    readyState: () => readyState,
    settle: () => settle(),
  };
}
