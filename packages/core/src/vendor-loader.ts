import { channel, type Visitor } from './channel';
import type { ConsentCategory, ConsentStore } from './consent';
import { createEmitter } from './emitter';
import { configError, PlinthError, requireConsent } from './error';
import { isBrowser } from './is-browser';
import { importingStatus, type LoaderEvent, transition, usableStatus } from './loader-machine';
import { reportMisconfiguration } from './misconfiguration';
import { afterNextPaint } from './timing';
import { createCallQueue, type DropCounts, type DropReason, type Queued, type VendorCall } from './vendor-queue';

export type VendorStatus =
  | 'idle' // not started (always, on the server); with `loadOn: 'first-event'`, allowed but nothing sent yet
  | 'waiting-consent' // started, consent still pending: calls queue
  | 'loading' // importing and initialising the SDK
  | 'ready'
  | 'denied' // consent denied or revoked: calls are dropped
  | 'failed' // init threw, or the import failed for another reason
  | 'blocked' // the SDK's chunk could not be fetched (ad blocker, offline)
  | 'timeout' // not ready within `timeoutMs`; becomes `ready` if it arrives later
  | 'rejected'; // loaded, but the service refused the key, token, site or region (a 4xx): data is lost

export type VendorErrorCode = 'failed' | 'blocked' | 'timeout' | 'rejected';

/** What the vendor's service said when it refused the configuration (`loader.reject`). */
export interface Rejection {
  /** For people: what is wrong and what to check (`"Datadog refused the client token or site (403)"`). */
  message: string;
  /** The HTTP status the service answered, when there was one. */
  httpStatus?: number;
  /** The request it answered (path only; no key or token). */
  url?: string;
  cause?: unknown;
}

export type { DropCounts, DropReason, VendorCall } from './vendor-queue';

export interface CallOptions {
  /**
   * A call that sets state rather than records an event (`'identify'`, `'user'`, `'context'`, `'groups'`…):
   * one entry per kind (the last write wins), kept for the loader's life — a denial, a revocation, a
   * failure or an overflow never drops it — and applied again, in the order of the latest writes, each
   * time the SDK (re)starts (its load, every grant), before any event. `clearState()` forgets it.
   */
  state?: string;
}

export interface VendorLoaderConfig<Sdk> {
  /** The vendor's name, for errors and reports (`'posthog'`). */
  name: string;
  /**
   * Imports and initialises the SDK: `async () => (await import('./adapter/posthog')).init(...)`. Runs at most
   * once, after the next paint and in a task of its own (so several vendors never start in one task).
   */
  load: () => Promise<Sdk> | Sdk;
  /**
   * Required. Load only once this consent category is granted; stop (and drop queued calls) when it is
   * denied or revoked. `false` says explicitly that the vendor needs no consent (sign-in). A category
   * the store does not know is an error, never "granted" and never "pending for ever".
   */
  consent: { store: ConsentStore; category: ConsentCategory } | false;
  /** Called when consent is revoked after the SDK was ready: stop the SDK and clear its storage. */
  onRevoke?: (sdk: Sdk) => void;
  /**
   * Called when consent is granted again after a revocation, after `reconcile` (from `undefined`) and the kept
   * state were applied, before any event. A vendor whose SDK drops calls while paused by `onRevoke` resumes it
   * at the start of `reconcile` when `previous` is `undefined` (analytics does), not here.
   */
  onRegrant?: (sdk: Sdk) => void;
  /**
   * Brings the SDK in step with core's visitor (`previous` → `next`): identify, reset, attributes, groups,
   * event properties. The loader runs it before anything else reaches the SDK: at load (`previous` is
   * `undefined`: compare with what the SDK itself remembers, e.g. a person from before this page), at every
   * grant (again from `undefined`: the SDK restarts), and at once at each change of the visitor while the SDK
   * runs. The package keeps no copy of the visitor: it reads `next`. A throw is contained.
   */
  reconcile?: (client: Sdk, next: Visitor, previous: Visitor | undefined) => void;
  /** Event calls kept while not ready; past it the oldest is dropped (and counted). Default 100. */
  queueLimit?: number;
  /** Status becomes `timeout` when not ready by then. Default 10,000 ms. */
  timeoutMs?: number;
  /**
   * When to import the SDK once consent allows: `'consent'` (default) then, after the next paint;
   * `'first-event'` at the first event call (a log, an error), as Sentry's lazy loader does: until then the status stays `idle` and
   * nothing is downloaded, state calls are kept, and the first event (with its original time) starts the load.
   */
  loadOn?: 'consent' | 'first-event';
}

export interface VendorLoader<Sdk> {
  readonly name: string;
  status(): VendorStatus;
  /** Why it failed, blocked, timed out or was refused (a denial is a choice, not a failure). */
  failure(): PlinthError<'loader', VendorErrorCode> | undefined;
  /** Calls dropped since creation, by reason. */
  dropped(): DropCounts;
  /** Calls waiting for the SDK (state not yet applied, and events). */
  queued(): number;
  /**
   * Start loading (gated on consent). Idempotent and single-flight; a no-op on the server. After
   * `stop()`, starting again follows consent again (StrictMode's start → cleanup → start).
   * Resolves with the SDK, or `undefined` when it could not be had. Never rejects.
   */
  start(): Promise<Sdk | undefined>;
  /**
   * Run `fn` with the client now if ready, else queue it (replayed once ready: state first, then events
   * in order). With `{ state }` it is kept and applied again at every (re)start. A throwing `fn` is contained.
   */
  call(fn: VendorCall<Sdk>, options?: CallOptions): void;
  /**
   * Forget every kept state (a sign-out, a `reset()`): nothing of it is applied again. `reset`, if given,
   * brings the SDK back to blank: run once, now if ready, else first at the next load or grant.
   */
  clearState(reset?: VendorCall<Sdk>): void;
  /**
   * `call`, returning a promise of `fn`'s result (Segment-style). Resolves `undefined` when the call is
   * dropped (denied, failed, overflow) or `fn` throws or rejects. Never rejects.
   */
  request<R>(fn: VendorCall<Sdk, R>, options?: CallOptions): Promise<Awaited<R> | undefined>;
  /** The SDK once ready (`undefined` if it fails, is denied or times out). Never rejects. */
  ready(): Promise<Sdk | undefined>;
  /**
   * The service refused the configuration (a 4xx for the key, token, site or region): status becomes
   * `rejected`, `failure()` says why (code `'rejected'`), and `reportMisconfiguration` warns once in
   * development and reports on the channel. The SDK stays loaded and calls still reach it (it may be
   * a transient refusal); `accepted()` moves back to `ready` when the service takes data again.
   * Ignored unless the SDK is loaded.
   */
  reject(rejection: Rejection): void;
  /** The service accepted data again after a `reject`: back to `ready`. */
  accepted(): void;
  /** Listen to status changes. Returns the unsubscribe function. */
  subscribeStatus(listener: (status: VendorStatus) => void): () => void;
  /**
   * Stop following grants (a provider's effect cleanup): nothing new is loaded or resumed until
   * `start()` again. Revocations are still heard (`onRevoke` stops the SDK even after an unmount). The
   * client, the queue and an import in flight are kept: `start()` resumes where it left off. An import not
   * yet begun (it waits for the next paint) is not begun: an unmounted provider downloads nothing.
   */
  stop(): void;
}

/**
 * The SDK's chunk could not be imported (an ad blocker, offline): each browser's and bundler's wording for a
 * failed dynamic import — Chromium "Failed to fetch dynamically imported module", Firefox "error loading
 * dynamically imported module", Safari "Importing a module script failed", webpack's `ChunkLoadError`. An
 * error the SDK itself raises while starting (a 500, a refused key, "network error") is `failed`: its text
 * may mention fetch or network, but the chunk loaded.
 */
const looksBlocked = (error: unknown) =>
  error instanceof Error && /dynamically imported|module script|chunk/i.test(`${error.name} ${error.message}`);

/**
 * Loads a vendor SDK once, only in the browser, only after consent (or with an explicit `consent: false`),
 * with a bounded pre-init queue replayed in order (Segment analytics-next's buffering): state-setting
 * calls keep one entry per kind for the loader's life, events keep their time (`./vendor-queue`). The status
 * is decided by `transition` (`./loader-machine`, a table of typed events); this file does what each step
 * entails: import, flush, `onRevoke`, `reconcile`. Nothing it does rejects.
 */
export function createVendorLoader<Sdk>(options: VendorLoaderConfig<Sdk>): VendorLoader<Sdk> {
  const { name, consent, queueLimit = 100, timeoutMs = 10_000, loadOn = 'consent' } = options;
  requireConsent(name, consent, '{ store, category }, or `false` for none');
  if (consent && !consent.store.categories.includes(consent.category)) {
    throw configError(
      `${name}: unknown consent category "${consent.category}" (the store asks for ${consent.store.categories.join(', ')})`,
      'unknown_category',
    );
  }
  let status: VendorStatus = 'idle';
  let client: Sdk | undefined;
  let failure: PlinthError<'loader', VendorErrorCode> | undefined;
  const drops: Record<DropReason, number> = { overflow: 0, denied: 0, failed: 0, visitor: 0 };
  /** The visitor the running SDK was last brought in step with (`undefined`: not since it (re)started). */
  let reconciled: Visitor | undefined;
  let overflowReported = false;
  let loading: Promise<Sdk | undefined> | undefined;
  let following = false;
  /** Disposed: grants are ignored until `start()`; revocations still stop the SDK. */
  let stopped = false;
  const queue = createCallQueue<Sdk>(queueLimit);
  const listeners = createEmitter<[VendorStatus]>();

  /**
   * The one way the status changes: `transition` (`./loader-machine`) decides it. A failure (`failed`, `blocked`,
   * `timeout`) is recorded with `cause` before listeners hear it. Returns the status before.
   */
  const dispatch = (event: LoaderEvent, cause?: unknown): VendorStatus => {
    const before = status;
    const next = transition(status, event);
    if (next === status) return before;
    if (next === 'failed' || next === 'blocked' || next === 'timeout') {
      failure = new PlinthError(`${name}: ${next}`, { source: 'loader', code: next, cause });
    }
    status = next;
    listeners.emit(next);
    return before;
  };

  const run = ({ fn, at, person, onDrop }: Queued<Sdk>, target: Sdk) => {
    if (person !== undefined && person !== channel.visitor.get().person) {
      // Made by a visitor who has left: theirs, not the next visitor's (the one rule for queued events).
      drops.visitor += 1;
      onDrop?.();
      return;
    }
    try {
      fn(target, at);
    } catch (error) {
      console.error(`[plinth] ${name}:`, error);
    }
  };

  const reportOverflow = () => {
    if (drops.overflow === 0 || overflowReported) return;
    overflowReported = true;
    channel.report('warn', `${name}: ${drops.overflow} calls made before the SDK was ready were dropped`, {
      vendor: name,
      dropped: drops.overflow,
      queueLimit,
    });
  };

  const usable = () => usableStatus(status);

  const reconcile = (target: Sdk) => {
    const next = channel.visitor.get();
    if (!options.reconcile || next === reconciled) return;
    const previous = reconciled;
    reconciled = next;
    try {
      options.reconcile(target, next, previous);
    } catch (error) {
      console.error(`[plinth] ${name}:`, error);
    }
  };

  /**
   * Everything pending reaches the running SDK, in one order: the visitor, then the kept state, then the
   * restart hook (`onRegrant`, after a grant), then the events.
   */
  const flush = (restart?: VendorCall<Sdk>) => {
    if (client === undefined || !usable()) return;
    reportOverflow();
    reconcile(client);
    queue.flushState(client, usable, run);
    if (restart && usable()) run({ fn: restart, at: new Date() }, client);
    queue.flush(client, usable, run);
  };
  /** The SDK (re)starts without what it was told: the visitor and every kept state are applied again. */
  const unapply = () => {
    reconciled = undefined;
    queue.unapply();
  };

  const inFlight = () => importingStatus(status);
  /** Denied or failed for good: calls are dropped, not queued. */
  const closed = () => status === 'denied' || status === 'failed' || status === 'blocked';
  const closedReason = (): DropReason => (status === 'denied' ? 'denied' : 'failed');

  /** Events go; the kept state stays, to be applied again when the SDK next (re)starts. */
  const dropEvents = (reason: DropReason) => {
    drops[reason] += queue.dropEvents();
    unapply();
  };

  const load = (): Promise<Sdk | undefined> => {
    loading ??= (async () => {
      dispatch({ type: 'import' });
      const timer = setTimeout(() => dispatch({ type: 'timeout' }), timeoutMs);
      try {
        // After the next paint, in a task of its own: a consent click's frame stays light, and the main
        // thread yields between vendors (each loader's timer after the frame is a task of its own).
        await new Promise<void>((resolve) => afterNextPaint(resolve));
        if (!inFlight() || stopped) {
          // Consent was withdrawn, or the loader stopped (an unmount), before its turn: nothing is
          // downloaded; a later grant or start() loads then.
          loading = undefined;
          dispatch({ type: 'skipped', stopped });
          return undefined;
        }
        const loaded = await options.load();
        client = loaded;
        failure = undefined;
        if (importingStatus(dispatch({ type: 'loaded' }))) {
          flush();
        } else if (options.onRevoke) {
          run({ fn: options.onRevoke, at: new Date() }, loaded); // consent was withdrawn while it loaded
        }
        return loaded;
      } catch (error) {
        if (importingStatus(dispatch({ type: 'importFailed', blocked: looksBlocked(error) }, error))) {
          dropEvents('failed');
        } else {
          loading = undefined; // consent was withdrawn meanwhile: a later grant tries again
        }
        return undefined;
      } finally {
        clearTimeout(timer);
      }
    })();
    return loading;
  };

  const onConsent = (decision: 'granted' | 'denied' | 'pending') => {
    if (status === 'failed' || status === 'blocked') return; // final: nothing to start or stop
    const wasReady = usable() && client !== undefined;
    const before = dispatch({
      type: 'consent',
      decision,
      sdk: client !== undefined,
      importing: loading !== undefined,
      waitForEvent: loadOn === 'first-event' && queue.events() === 0,
    });
    if (decision !== 'granted') {
      if (decision === 'denied') dropEvents('denied');
      else unapply();
      if (wasReady && options.onRevoke) run({ fn: options.onRevoke, at: new Date() }, client as Sdk);
    } else if (status === 'ready' && !usableStatus(before)) {
      // granted again after a revocation (or resumed after stop)
      flush(before === 'denied' || before === 'waiting-consent' ? options.onRegrant : undefined);
    } else if (status === 'loading' && !loading) {
      void load();
    }
  };
  /** Consent allows it, and the SDK waits for a first event (`loadOn: 'first-event'`). */
  const awaitingEvent = () => status === 'idle' && following && !stopped && client === undefined && !loading;

  const enqueue = (entry: Queued<Sdk>, state: string | undefined) => {
    if (state !== undefined) {
      queue.state(state, entry); // kept even while denied or failed: the app's intent, not data
      if (closed()) entry.onDrop?.(); // a waiting request() hears now that the SDK will not run it
    } else if (closed()) {
      drops[closedReason()] += 1;
      entry.onDrop?.();
      return;
    } else {
      drops.overflow += queue.event({ ...entry, person: channel.visitor.get().person });
      if (awaitingEvent()) void load();
    }
    flush(); // runs it now when ready
  };

  const loader: VendorLoader<Sdk> = {
    name,
    status: () => status,
    failure: () => failure,
    dropped: () => ({ ...drops }),
    queued: () => queue.pending(),
    start() {
      if (!isBrowser) return Promise.resolve(undefined);
      if (!following || stopped) {
        stopped = false;
        if (consent && !following) {
          // One subscription for the loader's life: it also hears revocations while stopped.
          consent.store.subscribe((_, changes) => {
            const change = changes.find((c) => c.category === consent.category);
            if (change && !(stopped && change.to === 'granted')) onConsent(change.to);
          });
        }
        if (!following && options.reconcile) {
          // One subscription for the loader's life: a change reaches the running SDK at once, before any event.
          channel.visitor.subscribe(() => flush());
        }
        following = true;
        onConsent(consent ? consent.store.get(consent.category) : 'granted');
      }
      return loader.ready();
    },
    call(fn, callOptions) {
      enqueue({ fn, at: new Date() }, callOptions?.state);
    },
    clearState(reset) {
      queue.clearState(reset && { fn: reset, at: new Date() });
      flush();
    },
    request<R>(fn: VendorCall<Sdk, R>, callOptions?: CallOptions) {
      return new Promise<Awaited<R> | undefined>((resolve) => {
        enqueue(
          {
            fn: (target, at) => {
              const failed = (error: unknown) => {
                console.error(`[plinth] ${name}:`, error);
                resolve(undefined);
              };
              try {
                Promise.resolve(fn(target, at)).then(resolve, failed);
              } catch (error) {
                failed(error);
              }
            },
            at: new Date(),
            onDrop: () => resolve(undefined),
          },
          callOptions?.state,
        );
      });
    },
    reject({ message, httpStatus, url, cause }) {
      if (client === undefined || !usable()) return;
      failure = new PlinthError(`${name}: ${message}`, {
        source: 'loader',
        code: 'rejected',
        cause: cause ?? { httpStatus, url },
      });
      dispatch({ type: 'reject' });
      reportMisconfiguration(`${name}:rejected`, `${name}: ${message}`, { vendor: name, httpStatus, url });
    },
    accepted() {
      if (status !== 'rejected') return;
      failure = undefined;
      dispatch({ type: 'accepted' });
    },
    ready() {
      if (usable()) return Promise.resolve(client);
      if (closed()) return Promise.resolve(undefined);
      // Waiters hear the outcome; at a timeout they get `undefined` (callers must not hang), while
      // later `ready()` calls wait on for a late arrival.
      return new Promise((resolve) => {
        const off = listeners.subscribe((next) => {
          if (next === 'idle' || next === 'waiting-consent' || next === 'loading') return;
          off();
          resolve(next === 'ready' || next === 'rejected' ? client : undefined);
        });
      });
    },
    subscribeStatus: listeners.subscribe,
    stop() {
      stopped = true;
      dispatch({ type: 'stop' });
    },
  };
  return loader;
}
