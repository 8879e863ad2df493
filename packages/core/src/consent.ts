import { createEmitter } from './emitter';
import { configError } from './error';
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

/**
 * Where a decision came from: `banner` (the app's own UI: `grant`, `deny`, `set` by default), `gpc` (the
 * browser's Global Privacy Control signal), `tcf` / `gpp` (a consent management platform), or the app's own.
 */
export type ConsentSource = 'banner' | 'gpc' | 'tcf' | 'gpp' | (string & {});

export interface DecisionOptions {
  /** Default `'banner'`. */
  source?: ConsentSource;
  /**
   * `false` for a decision carried over rather than made now (a CMP's stored choice at load): it cannot lift a
   * category held denied by Global Privacy Control. Default `true`.
   */
  explicit?: boolean;
}

/** The policy revision decisions are made under, and the one an earlier, no longer valid decision was made under. */
export interface ConsentRevision {
  readonly current: string;
  /** Set when a stored decision was made under another revision: ask again, and say what changed. */
  readonly previous?: string;
}

/** Global Privacy Control as a store applies it. */
export interface PrivacySignal {
  /** The browser sends the signal (`navigator.globalPrivacyControl === true`). */
  readonly active: boolean;
  /** The categories marked `saleOrSharing` that the signal holds denied until an explicit opt-in. */
  readonly categories: readonly ConsentCategory[];
}

export interface ConsentConfig {
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
  /**
   * The categories whose vendors amount to a sale or sharing of personal data, or targeted advertising. While
   * the browser sends Global Privacy Control they are denied, and only a grant that names them, made after the
   * signal was seen, lifts that (`grant()` with no category leaves them denied; a record stored before the
   * signal does not count). Default none.
   */
  saleOrSharing?: readonly ConsentCategory[];
  /** The browser's Global Privacy Control signal. Default `navigator.globalPrivacyControl === true`. */
  globalPrivacyControl?: boolean;
  /**
   * Your privacy policy's revision (a date, a number). A decision stored under another revision is not carried
   * over: every category is asked again, and `store.revision.previous` says which revision the visitor had decided
   * under, so the banner can say what changed.
   */
  revision?: string;
}

export interface ConsentStore {
  readonly categories: readonly ConsentCategory[];
  /** Global Privacy Control: whether the browser sends it, and which categories it holds denied. */
  readonly privacySignal: PrivacySignal;
  /** The policy revision, and the one a stored decision of another revision was made under. */
  readonly revision: ConsentRevision;
  /** A snapshot; the same object until something changes (for `useSyncExternalStore`). */
  getState(): ConsentState;
  /** The decision for `category`; throws a `PlinthError` (`config`, `unknown_category`) for a category this store does not ask for. */
  get(category: ConsentCategory): ConsentStatus;
  /**
   * Grant these categories (all of them when none is named, except those Global Privacy Control holds denied:
   * lifting those takes naming them).
   */
  grant(...categories: ConsentCategory[]): void;
  /** Deny these categories (all of them when none is named). */
  deny(...categories: ConsentCategory[]): void;
  set(decisions: Partial<Record<ConsentCategory, ConsentStatus>>, options?: DecisionOptions): void;
  /**
   * Forget every decision (back to `pending`; `denied` for what Global Privacy Control holds) and remove the
   * stored record.
   */
  reset(): void;
  /** Called after every change with the changes made. Returns the unsubscribe function. */
  subscribe(
    listener: (state: ConsentState, changes: readonly ConsentChange[], source: ConsentSource | undefined) => void,
  ): () => void;
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
  /** Decided while the browser sent Global Privacy Control (so a grant in it was made knowing the signal). */
  gpc?: true;
  /** The policy revision it was made under. */
  r?: string;
}

export const DEFAULT_CATEGORIES: readonly ConsentCategory[] = ['analytics', 'monitoring', 'functional'];

/** The same mistake as the loader's (`source: 'config'`, `code: 'unknown_category'`): one source and code everywhere. */
const unknownCategory = (category: string, categories: readonly string[]) =>
  configError(
    `unknown consent category "${category}" (this store asks for ${categories.join(', ')})`,
    'unknown_category',
  );

const isDecision = (value: unknown): value is ConsentDecision => value === 'granted' || value === 'denied';

export function createConsent(config: ConsentConfig = {}): ConsentStore {
  const categories = config.categories ?? DEFAULT_CATEGORIES;
  const key = config.storageKey ?? 'plinth.consent';
  const version = config.version ?? 1;
  const listeners = createEmitter<[ConsentState, readonly ConsentChange[], ConsentSource | undefined]>();
  for (const category of config.saleOrSharing ?? []) {
    if (!categories.includes(category)) throw unknownCategory(category, categories);
  }
  const gpc =
    config.globalPrivacyControl ??
    (isBrowser && (navigator as Navigator & { globalPrivacyControl?: unknown }).globalPrivacyControl === true);
  const held = gpc ? (config.saleOrSharing ?? []) : [];
  const privacySignal: PrivacySignal = { active: gpc, categories: held };
  const revision: { current: string; previous?: string } = { current: config.revision ?? String(version) };
  let state: ConsentState | undefined;
  let stopSync: (() => void) | undefined;

  const storage = (): ConsentConfig['storage'] => {
    if (config.storage !== undefined) return config.storage;
    try {
      return isBrowser ? window.localStorage : null;
    } catch {
      return null; // storage disabled (privacy mode, sandboxed iframe)
    }
  };

  const read = (): ConsentState => {
    const next: Record<string, ConsentStatus> = {};
    for (const category of categories) next[category] = config.initial?.[category] ?? 'pending';
    try {
      const raw = storage()?.getItem(key);
      const record = raw ? (JSON.parse(raw) as Partial<StoredRecord>) : undefined;
      if (record?.decisions && config.revision !== undefined && record.r !== config.revision) {
        revision.previous = record.r ?? ''; // decided under an older policy: asked again
      } else if (record?.v === version && record.decisions) {
        for (const category of categories) {
          const decision = record.decisions[category];
          // A grant stored before the browser sent GPC is not an opt-in made after it.
          if (isDecision(decision) && !(decision === 'granted' && held.includes(category) && record.gpc !== true)) {
            next[category] = decision;
          }
        }
      }
    } catch {
      // an unreadable record counts as no decision
    }
    for (const category of held) if (next[category] !== 'granted') next[category] = 'denied';
    return next;
  };

  const current = () => {
    state ??= read();
    return state;
  };

  const persist = (next: ConsentState) => {
    const decisions: Record<string, ConsentDecision> = {};
    for (const [category, status] of Object.entries(next)) {
      // What GPC holds denied is the signal's, not a stored choice: it goes when the signal goes.
      if (isDecision(status) && !(status === 'denied' && held.includes(category))) decisions[category] = status;
    }
    try {
      const store = storage();
      if (Object.keys(decisions).length === 0) store?.removeItem(key);
      else {
        const record: StoredRecord = { v: version, decisions, updatedAt: new Date().toISOString() };
        if (gpc) record.gpc = true;
        if (config.revision !== undefined) record.r = config.revision;
        store?.setItem(key, JSON.stringify(record));
      }
    } catch {
      // quota or disabled storage: the decision still holds for this page
    }
  };

  /** `source` undefined: another tab's decision, followed here (that tab made and recorded it). */
  const apply = (next: ConsentState, source?: ConsentSource) => {
    const prev = current();
    const changes: ConsentChange[] = [];
    for (const category of categories) {
      const from = prev[category] ?? 'pending';
      const to = next[category] ?? 'pending';
      if (from !== to) changes.push({ category, from, to });
    }
    if (changes.length === 0) return;
    state = { ...next };
    if (source) persist(state);
    listeners.emit(state, changes, source);
  };

  const update = (decisions: Partial<Record<ConsentCategory, ConsentStatus>>, decision: DecisionOptions = {}) => {
    const next: Record<string, ConsentStatus> = { ...current() };
    for (const [category, status] of Object.entries(decisions)) {
      if (!categories.includes(category)) throw unknownCategory(category, categories);
      if (!status) continue;
      // Global Privacy Control holds these denied: only an explicit grant lifts it, and nothing makes them pending.
      if (held.includes(category) && (status === 'pending' || (status === 'granted' && decision.explicit === false))) {
        next[category] = 'denied';
      } else next[category] = status;
    }
    apply(next, decision.source ?? 'banner');
  };

  const decide =
    (status: ConsentStatus) =>
    (...list: ConsentCategory[]) =>
      update(
        Object.fromEntries(
          // "All" never includes what GPC holds denied: an opt-in names the category.
          (list.length ? list : categories.filter((c) => status !== 'granted' || !held.includes(c))).map((category) => [
            category,
            status,
          ]),
        ),
      );

  const store: ConsentStore = {
    categories,
    privacySignal,
    get revision() {
      current();
      return revision;
    },
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
      if (isBrowser && config.storage === undefined && !stopSync) {
        const onStorage = (event: StorageEvent) => {
          if (event.key === key) apply(read());
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
