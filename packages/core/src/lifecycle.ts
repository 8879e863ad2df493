import { useCallback, useSyncExternalStore } from 'react';
import type { PlinthError } from './error';
import type { VendorStatus } from './vendor-loader';

/**
 * What the instance of every vendor package has (`createAnalytics`, `createFlags`, `createLogger`): one
 * lifecycle, one status type, one failure. A provider calls `start()` in an effect and `stop()` in its cleanup.
 */
export interface VendorLifecycle {
  /**
   * Follow consent, the session channel and the page; load the SDK once consent allows. Idempotent, a
   * no-op on the server, never rejects.
   */
  start(): void;
  /** Stop following them. The SDK, its kept state and queued calls stay: a later `start()` resumes (StrictMode). */
  stop(): void;
  /** Where the SDK is (`idle` on the server and before `start()`). */
  status(): VendorStatus;
  /** Why it failed, was blocked, timed out or was refused; `undefined` otherwise (a denial is a choice, not a failure). */
  failure(): PlinthError | undefined;
  /** Hear status changes; returns the unsubscribe function. */
  subscribeStatus(listener: (status: VendorStatus) => void): () => void;
}

type StatusSource = Pick<VendorLifecycle, 'status' | 'subscribeStatus'>;
const onServer = () => 'idle' as const;
const none = () => undefined;

/**
 * The status of a vendor package's instance, re-rendering on change: what each package's `useXStatus()`
 * returns. `idle` on the server and during hydration.
 */
export function useVendorStatus(instance: StatusSource): VendorStatus {
  const subscribe = useCallback((notify: () => void) => instance.subscribeStatus(notify), [instance]);
  return useSyncExternalStore(subscribe, instance.status, onServer);
}

/** The failure of a vendor package's instance (`failure()`), re-read at each status change: each `useXFailure()`. */
export function useVendorFailure(instance: StatusSource & Pick<VendorLifecycle, 'failure'>): PlinthError | undefined {
  const subscribe = useCallback((notify: () => void) => instance.subscribeStatus(notify), [instance]);
  return useSyncExternalStore(subscribe, instance.failure, none);
}
