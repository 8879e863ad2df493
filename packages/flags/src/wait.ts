import { isBrowser, reportMisconfiguration, type VendorStatus } from '@plinth/core';

/** Where the wait of `ready()` is: not asked for, pending, or over. */
export type ReadyState = 'unasked' | 'waiting' | 'settled';

/** The wait `suspend` uses: `ready()` and `readyState()` of a flags instance. */
export interface ReadyWait {
  /**
   * Resolves with the status once the flag service answered, failed, or will not answer until the visitor
   * decides (consent pending or denied), or `timeoutMs` after the first call, whichever comes first. The
   * same promise every time; never rejects.
   */
  ready(): Promise<VendorStatus>;
  /** `'unasked'` until `ready()` is first called, `'waiting'` until it resolves, then `'settled'`. */
  readyState(): ReadyState;
}

export interface WaitSource {
  status(): VendorStatus;
  subscribeStatus(listener: (status: VendorStatus) => void): () => void;
  /** Whether the instance was ever started (a provider mounted it). */
  started(): boolean;
}

/**
 * Marks a settled promise the way React's `use()` reads one (`status`/`value`), so a component that reads it
 * after it settled does not suspend for a tick to find out.
 */
export function settledPromise<T>(promise: Promise<T>): Promise<T> {
  void promise.then((value) => Object.assign(promise, { status: 'fulfilled', value }));
  return promise;
}

/** Not started, or loading: the service may still answer. Every other status ends the wait. */
const waiting = (status: VendorStatus) => status === 'idle' || status === 'loading';

/**
 * Set when a wait ended on an instance that was never started: a component suspended above its
 * `FlagsProvider`, whose instance (created again at each retry of a tree that never mounts) would make it wait
 * for ever. From then on an unstarted instance does not wait (the values show as they are), and the mistake
 * is reported once.
 */
let aboveProvider = false;

export function createReadyWait(source: WaitSource, timeoutMs: number): ReadyWait {
  let state: ReadyState = 'unasked';
  let wait: Promise<VendorStatus> | undefined;

  const ended = (): VendorStatus => {
    state = 'settled';
    if (!source.started() && isBrowser && !aboveProvider) {
      aboveProvider = true;
      reportMisconfiguration(
        'flags:suspend-above-provider',
        'flags: suspend waited on an instance never started: put <Suspense> inside <FlagsProvider>',
      );
    }
    return source.status();
  };

  return {
    ready() {
      if (wait) return wait;
      if (aboveProvider && !source.started()) {
        state = 'settled';
        wait = settledPromise(Promise.resolve(source.status()));
        return wait;
      }
      state = 'waiting';
      wait = settledPromise(
        new Promise<VendorStatus>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            stop();
            resolve(ended());
          };
          const timer = setTimeout(done, timeoutMs);
          const stop = source.subscribeStatus((status) => {
            if (!waiting(status)) done();
          });
          if (!waiting(source.status())) done();
        }),
      );
      return wait;
    },
    readyState: () => state,
  };
}
