import type { PlinthError } from '@plinth/core';
/** A catalogue of events: name → properties (`undefined` or `{}` for none). */
export type EventCatalogue = Record<string, Record<string, unknown> | undefined>;

/** Any event name with any properties: the catalogue of an untyped `useAnalytics()`. */
export type AnyEvents = Record<string, Record<string, unknown>>;

/** The properties argument of `capture(name, …)`: optional when every property is optional. */
export type PropsArg<E extends EventCatalogue, K extends keyof E> = E[K] extends undefined
  ? []
  : Record<never, never> extends NonNullable<E[K]>
    ? [properties?: E[K]]
    : [properties: E[K]];

export type AnalyticsStatus =
  | 'idle'
  | 'waiting-consent'
  | 'loading'
  | 'ready'
  | 'denied'
  | 'failed'
  | 'blocked'
  | 'timeout'
  | 'rejected'; // loaded, but PostHog refused the project key or host (see `failure()`)

/** What components use: `useAnalytics()`, or `defineEvents<…>().useAnalytics()` for a typed catalogue. */
export interface Analytics<E extends EventCatalogue = AnyEvents> {
  /** Captures an event of the catalogue (queued until consent and load, with its original time). */
  capture<K extends keyof E & string>(event: K, ...properties: PropsArg<E, K>): void;
  /** Starts a timer; the returned `stop(properties?)` captures `event` with `$duration` in seconds (once). */
  time<K extends keyof E & string>(event: K): (...properties: PropsArg<E, K>) => void;
  /** Captures a handled error as `$exception`, scrubbed. */
  captureException(error: unknown, context?: Record<string, unknown>): void;
  /** The SDK's state: `waiting-consent` until analytics consent, `ready` once loaded, … */
  status(): AnalyticsStatus;
  /** Why the SDK failed, was blocked, timed out or was refused by PostHog (a typed `PlinthError`). */
  failure(): PlinthError | undefined;
  /** Listen to status changes; returns the unsubscribe function. */
  subscribe(listener: (status: AnalyticsStatus) => void): () => void;
}
