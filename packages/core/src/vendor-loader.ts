import type { ConsentCategory, ConsentStore } from './consent';
import { createEmitter } from './emitter';
import { PlinthError } from './error';
import { isBrowser } from './is-browser';

export type VendorStatus =
  | 'idle' // not started (always, on the server)
  | 'waiting-consent' // started, consent still pending: calls queue
  | 'loading' // importing and initialising the SDK
  | 'ready'
  | 'denied' // consent denied or revoked: calls are dropped
  | 'failed' // init threw, or the import failed for another reason
  | 'blocked' // the SDK's chunk could not be fetched (ad blocker, offline)
  | 'timeout'; // not ready within `timeoutMs`; becomes `ready` if it arrives later

export type VendorErrorCode = 'failed' | 'blocked' | 'timeout';

export interface VendorLoaderOptions<Client> {
  /** The vendor's name, for errors and reports (`'posthog'`). */
  name: string;
  /** Imports and initialises the SDK, e.g. `async () => { const { default: ph } = await import('posthog-js'); return ph.init(...) }`. Runs at most once. */
  load: () => Promise<Client> | Client;
  /** Load only once this consent category is granted; stop (and drop queued calls) when it is denied or revoked. */
  consent?: { store: ConsentStore; category: ConsentCategory };
  /** Called when consent is revoked after the SDK was ready: stop the SDK and clear its storage. */
  onRevoke?: (client: Client) => void;
  /** Called when consent is granted again after a revocation. */
  onRegrant?: (client: Client) => void;
  /** Calls kept while not ready; past it the oldest is dropped (and counted). Default 100. */
  queueLimit?: number;
  /** Status becomes `timeout` when not ready by then. Default 10,000 ms. */
  timeoutMs?: number;
}

export interface VendorLoader<Client> {
  readonly name: string;
  status(): VendorStatus;
  /** Why it failed, blocked or timed out. */
  error(): PlinthError<'loader', VendorErrorCode> | undefined;
  /** Calls dropped since creation (queue overflow or denial). */
  dropped(): number;
  /** Calls waiting for the SDK. */
  queued(): number;
  /**
   * Start loading (gated on consent if configured). Idempotent and single-flight; a no-op on the server.
   * Resolves with the client, or `undefined` when it could not be had. Never rejects.
   */
  start(): Promise<Client | undefined>;
  /** Run `fn` with the client now if ready, else queue it (replayed in order once ready). A throwing `fn` is contained. */
  call(fn: (client: Client) => void): void;
  /** The client once ready (`undefined` if it fails, is denied or times out). Never rejects. */
  ready(): Promise<Client | undefined>;
  /** Listen to status changes. Returns the unsubscribe function. */
  subscribe(listener: (status: VendorStatus) => void): () => void;
  /** Stop following consent and drop queued calls (the SDK itself is left to `onRevoke`). */
  dispose(): void;
}

const looksBlocked = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported|module script|fetch|load failed|chunk|network/i.test(`${error.name} ${error.message}`);

/**
 * Loads a vendor SDK once, only in the browser, optionally only after consent, with a bounded
 * pre-init queue replayed in order (Segment analytics-next's buffering). Nothing it does rejects.
 */
export function createVendorLoader<Client>(options: VendorLoaderOptions<Client>): VendorLoader<Client> {
  const { name, consent, queueLimit = 100, timeoutMs = 10_000 } = options;
  let status: VendorStatus = 'idle';
  let client: Client | undefined;
  let failure: PlinthError<'loader', VendorErrorCode> | undefined;
  let dropped = 0;
  let loading: Promise<Client | undefined> | undefined;
  let unsubscribeConsent: (() => void) | undefined;
  const queue: ((client: Client) => void)[] = [];
  const listeners = createEmitter<[VendorStatus]>();

  const setStatus = (next: VendorStatus) => {
    if (next === status) return;
    status = next;
    listeners.emit(next);
  };

  const run = (fn: (client: Client) => void, target: Client) => {
    try {
      fn(target);
    } catch (error) {
      console.error(`[plinth] ${name}:`, error);
    }
  };

  const flush = () => {
    while (client !== undefined && status === 'ready' && queue.length > 0) run(queue.shift()!, client);
  };

  /** The SDK is being loaded (also past the timeout). */
  const inFlight = () => status === 'loading' || status === 'timeout';
  /** Denied or failed for good: calls are dropped, not queued. */
  const closed = () => status === 'denied' || status === 'failed' || status === 'blocked';

  const drop = () => {
    dropped += queue.length;
    queue.length = 0;
  };

  const fail = (code: VendorErrorCode, cause?: unknown) => {
    failure = new PlinthError(`${name}: ${code}`, { source: 'loader', code, cause });
    setStatus(code);
  };

  const load = (): Promise<Client | undefined> => {
    loading ??= (async () => {
      setStatus('loading');
      const timer = setTimeout(() => {
        if (status === 'loading') fail('timeout');
      }, timeoutMs);
      try {
        const loaded = await options.load();
        client = loaded;
        failure = undefined;
        if (inFlight()) {
          setStatus('ready');
          flush();
        } else if (options.onRevoke) {
          run(options.onRevoke, loaded); // consent was withdrawn while it loaded
        }
        return loaded;
      } catch (error) {
        if (inFlight()) {
          fail(looksBlocked(error) ? 'blocked' : 'failed', error);
          drop();
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
    if (decision !== 'granted') {
      if (decision === 'denied') drop();
      const wasReady = status === 'ready' && client !== undefined;
      setStatus(decision === 'denied' ? 'denied' : 'waiting-consent');
      if (wasReady && options.onRevoke) run(options.onRevoke, client as Client);
      return;
    }
    if (status === 'ready') return;
    if (client !== undefined) {
      // granted again after a revocation
      setStatus('ready');
      if (options.onRegrant) run(options.onRegrant, client);
      flush();
    } else if (loading) {
      setStatus('loading'); // still in flight: its end makes it ready
    } else {
      void load();
    }
  };

  const loader: VendorLoader<Client> = {
    name,
    status: () => status,
    error: () => failure,
    dropped: () => dropped,
    queued: () => queue.length,
    start() {
      if (!isBrowser) return Promise.resolve(undefined);
      if (status === 'idle') {
        unsubscribeConsent = consent?.store.subscribe((_, changes) => {
          const change = changes.find((c) => c.category === consent.category);
          if (change) onConsent(change.to);
        });
        onConsent(consent ? consent.store.get(consent.category) : 'granted');
      }
      return loader.ready();
    },
    call(fn) {
      if (closed()) {
        dropped += 1;
        return;
      }
      queue.push(fn);
      if (queue.length > queueLimit) {
        queue.shift();
        dropped += 1;
      }
      flush(); // runs it now when ready
    },
    ready() {
      if (status === 'ready') return Promise.resolve(client);
      if (closed()) return Promise.resolve(undefined);
      // Waiters hear the outcome; at a timeout they get `undefined` (callers must not hang), while
      // later `ready()` calls wait on for a late arrival.
      return new Promise((resolve) => {
        const off = listeners.subscribe((next) => {
          if (next === 'idle' || next === 'waiting-consent' || next === 'loading') return;
          off();
          resolve(next === 'ready' ? client : undefined);
        });
      });
    },
    subscribe: listeners.subscribe,
    dispose() {
      unsubscribeConsent?.();
      unsubscribeConsent = undefined;
      drop();
    },
  };
  return loader;
}
