import { createEmitter } from './emitter';
import { PlinthError } from './error';
import { isBrowser } from './is-browser';

export type ConsentStatus = 'pending' | 'granted' | 'denied';
export type ConsentDecision = Exclude<ConsentStatus, 'pending'>;
/**
 * The built-in categories: `analytics` (product analytics), `monitoring` (logging, error monitoring),
 * `functional` (feature flags, remembered preferences). Products may add their own.
 */
export type ConsentCategory = 'analytics' | 'monitoring' | 'functional' | (string & {});
export type ConsentState = Readonly<Record<string, ConsentStatus>>;

export interface ConsentChange {
  category: ConsentCategory;
  from: ConsentStatus;
  to: ConsentStatus;
}

export interface ConsentOptions {
  /** Categories asked for. Default `['analytics', 'monitoring', 'functional']`. */
  categories?: readonly ConsentCategory[];
  /** First-party storage key. Default `'plinth.consent'`. */
  storageKey?: string;
  /** Where decisions persist: `localStorage` by default in the browser; `null` keeps them in memory. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** Bump to ask again: stored decisions with another version are ignored. Default 1. */
  version?: number;
  /** Decisions to start from instead of `pending` (tests, server-known choices). */
  initial?: Partial<Record<ConsentCategory, ConsentStatus>>;
}

export interface ConsentStore {
  readonly categories: readonly ConsentCategory[];
  /** A snapshot; the same object until something changes (for `useSyncExternalStore`). */
  getState(): ConsentState;
  /** The decision for `category`; throws a `PlinthError` for a category this store does not ask for. */
  get(category: ConsentCategory): ConsentStatus;
  /** Grant these categories (all of them when none is named). */
  grant(...categories: ConsentCategory[]): void;
  /** Deny these categories (all of them when none is named). */
  deny(...categories: ConsentCategory[]): void;
  set(decisions: Partial<Record<ConsentCategory, ConsentStatus>>): void;
  /** Forget every decision (back to `pending`) and remove the stored record. */
  reset(): void;
  /** Called after every change with the changes made. Returns the unsubscribe function. */
  subscribe(listener: (state: ConsentState, changes: readonly ConsentChange[]) => void): () => void;
  /**
   * Called when `category` stops being granted (revocation): packages stop their vendor and clear its
   * storage here. Returns the unsubscribe function.
   */
  onRevoke(category: ConsentCategory, listener: () => void): () => void;
}

interface StoredRecord {
  v: number;
  decisions: Record<string, ConsentDecision>;
  updatedAt: string;
}

export const DEFAULT_CATEGORIES: readonly ConsentCategory[] = ['analytics', 'monitoring', 'functional'];

const unknownCategory = (category: string, categories: readonly string[]) =>
  new PlinthError(`unknown consent category "${category}" (this store asks for ${categories.join(', ')})`, {
    source: 'consent',
    code: 'unknown_category',
  });

const isDecision = (value: unknown): value is ConsentDecision => value === 'granted' || value === 'denied';

export function createConsent(options: ConsentOptions = {}): ConsentStore {
  const categories = options.categories ?? DEFAULT_CATEGORIES;
  const key = options.storageKey ?? 'plinth.consent';
  const version = options.version ?? 1;
  const listeners = createEmitter<[ConsentState, readonly ConsentChange[]]>();
  let state: ConsentState | undefined;
  let stopSync: (() => void) | undefined;

  const storage = (): ConsentOptions['storage'] => {
    if (options.storage !== undefined) return options.storage;
    try {
      return isBrowser ? window.localStorage : null;
    } catch {
      return null; // storage disabled (privacy mode, sandboxed iframe)
    }
  };

  const read = (): ConsentState => {
    const next: Record<string, ConsentStatus> = {};
    for (const category of categories) next[category] = options.initial?.[category] ?? 'pending';
    try {
      const raw = storage()?.getItem(key);
      const record = raw ? (JSON.parse(raw) as Partial<StoredRecord>) : undefined;
      if (record?.v === version && record.decisions) {
        for (const category of categories) {
          const decision = record.decisions[category];
          if (isDecision(decision)) next[category] = decision;
        }
      }
    } catch {
      // an unreadable record counts as no decision
    }
    return next;
  };

  const current = () => {
    state ??= read();
    return state;
  };

  const persist = (next: ConsentState) => {
    const decisions: Record<string, ConsentDecision> = {};
    for (const [category, status] of Object.entries(next)) if (isDecision(status)) decisions[category] = status;
    try {
      const store = storage();
      if (Object.keys(decisions).length === 0) store?.removeItem(key);
      else store?.setItem(key, JSON.stringify({ v: version, decisions, updatedAt: new Date().toISOString() }));
    } catch {
      // quota or disabled storage: the decision still holds for this page
    }
  };

  const apply = (next: ConsentState, save: boolean) => {
    const prev = current();
    const changes: ConsentChange[] = [];
    for (const category of categories) {
      const from = prev[category] ?? 'pending';
      const to = next[category] ?? 'pending';
      if (from !== to) changes.push({ category, from, to });
    }
    if (changes.length === 0) return;
    state = { ...next };
    if (save) persist(state);
    listeners.emit(state, changes);
  };

  const update = (decisions: Partial<Record<ConsentCategory, ConsentStatus>>) => {
    const next: Record<string, ConsentStatus> = { ...current() };
    for (const [category, status] of Object.entries(decisions)) {
      if (!categories.includes(category)) throw unknownCategory(category, categories);
      if (status) next[category] = status;
    }
    apply(next, true);
  };

  const decide =
    (status: ConsentStatus) =>
    (...list: ConsentCategory[]) =>
      update(Object.fromEntries((list.length ? list : categories).map((category) => [category, status])));

  const store: ConsentStore = {
    categories,
    getState: current,
    get: (category) => {
      if (!categories.includes(category)) throw unknownCategory(category, categories);
      return current()[category] ?? 'pending';
    },
    grant: decide('granted'),
    deny: decide('denied'),
    set: update,
    reset: () => decide('pending')(),
    subscribe(listener) {
      const off = listeners.subscribe(listener);
      // Follow decisions made in other tabs while anyone listens (the record is already stored).
      if (isBrowser && options.storage === undefined && !stopSync) {
        const onStorage = (event: StorageEvent) => {
          if (event.key === key) apply(read(), false);
        };
        window.addEventListener('storage', onStorage);
        stopSync = () => window.removeEventListener('storage', onStorage);
      }
      return () => {
        off();
        if (listeners.size() === 0) {
          stopSync?.();
          stopSync = undefined;
        }
      };
    },
    onRevoke(category, listener) {
      return store.subscribe((_, changes) => {
        if (changes.some((c) => c.category === category && c.from === 'granted')) listener();
      });
    },
  };

  return store;
}
