import type { DropCounts, VendorLifecycle } from '@plinth/core';
import type { SurveyDefinition } from './surveyTypes';

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

/**
 * Register the app's person, group and super properties once so identity calls are typed (until then
 * they take any JSON-like record):
 *
 * ```ts
 * declare module '@plinth/analytics' {
 *   interface AnalyticsRegister {
 *     person: { plan: 'free' | 'pro'; signed_up_at: string };
 *     groups: { company: { name: string; seats: number } };
 *     superProperties: { app_version: string };
 *   }
 * }
 * ```
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging
export interface AnalyticsRegister {}

type Registered<Key extends string, Fallback> = AnalyticsRegister extends { [K in Key]: infer T extends object }
  ? T
  : Fallback;

/** The registered person properties, each optional (`Record<string, unknown>` until registered). */
export type PersonProperties = Partial<Registered<'person', Record<string, unknown>>>;
/** The registered group types → their properties. */
export type GroupTypes = Registered<'groups', Record<string, Record<string, unknown>>>;
/** The registered super properties (sent with every event from this browser), each optional. */
export type SuperProperties = Partial<Registered<'superProperties', Record<string, unknown>>>;

/** Person properties to write: `set` overwrites (last touch), `setOnce` only fills what is empty (first touch). */
export interface PersonUpdate {
  set?: PersonProperties;
  setOnce?: PersonProperties;
}

/**
 * The analytics of a page: what `createAnalytics(config)` returns and what components use through
 * `useAnalytics()`, or `defineEvents<…>().useAnalytics()` for a typed catalogue (`E`). Its lifecycle
 * (`start`/`stop`, `status`, `subscribeStatus`, `failure`) is core's `VendorLifecycle`, driven by the provider.
 */
export interface Analytics<E extends EventCatalogue = AnyEvents> extends VendorLifecycle {
  /** Captures an event of the catalogue (queued until consent and load, with its original time). */
  capture<K extends keyof E & string>(event: K, ...properties: PropsArg<E, K>): void;
  /** Starts a timer; the returned `stop(properties?)` captures `event` with `$duration` in seconds (once). */
  time<K extends keyof E & string>(event: K): (...properties: PropsArg<E, K>) => void;
  /** Captures a handled error as `$exception`, scrubbed. */
  captureException(error: unknown, context?: Record<string, unknown>): void;
  /**
   * Events dropped so far, by reason (core's `DropCounts`, as flags' and logging's): `overflow`, `denied`,
   * `failed`, and `visitor` (made by a visitor who left before they were sent: core's one rule). What is said of
   * the visitor is never dropped.
   */
  dropped(): DropCounts;
  /**
   * Signs `id` in on core's visitor (`channel.signedIn({ id })`, for every vendor) and writes person properties:
   * for apps without `@plinth/auth`, which does it from the session. Never an email: refused. `set` becomes the
   * visitor's `attributes`; `setOnce` is PostHog's alone. Made while consent is pending or denied, it is applied
   * once granted, before any event.
   */
  identify(id: string, person?: PersonUpdate): void;
  /** Person properties: `set` is the visitor's `attributes` (`$set`), `setOnce` PostHog's `$set_once` (first touch). */
  setPersonProperties(person: PersonUpdate): void;
  /** Links another id of the same person (e.g. a back-end id) to the current distinct id. */
  alias(alias: string): void;
  /** Puts the visitor in a group (`company`, `team`…), optionally with its properties: the visitor's `groups`. */
  group<T extends keyof GroupTypes & string>(type: T, key: string, properties?: Partial<GroupTypes[T]>): void;
  /** Leaves every group. */
  resetGroups(): void;
  /** Super properties, on every later event: the visitor's `properties`. `once` keeps values already set. */
  register(properties: SuperProperties, options?: { once?: boolean }): void;
  /** Stops sending a super property. */
  unregister(name: keyof SuperProperties & string): void;
  /** PostHog's current distinct id, once the SDK is loaded (`undefined` before consent). */
  distinctId(): string | undefined;
  /**
   * Sign-out for apps without `@plinth/auth` (`channel.signedOut()`: the person leaves, for every vendor): a new
   * anonymous distinct id, no super properties or groups, a new session; what they queued but had not sent is
   * dropped. With nobody signed in, the anonymous visitor is forgotten the same way. While consent is pending or
   * denied, the SDK is reset first thing when it next loads or is granted again.
   */
  reset(): void;
  /**
   * The session id posthog-js puts on every event as `$session_id`, once the SDK is loaded (`undefined`
   * before consent, while it is refused or revoked, and for a visitor counted cookielessly).
   */
  sessionId(): string | undefined;
  /** Listen to `sessionId()` changes (a new session after 30 idle minutes, `reset()`, consent); returns the unsubscribe function. */
  subscribeSessionId(listener: (id: string | undefined) => void): () => void;
  /**
   * The surveys PostHog has for this visitor, each time they change (with `capabilities.surveys`, once the SDK is
   * loaded; never called otherwise). `<AnalyticsSurveys />` draws the first. Returns the unsubscribe function.
   */
  subscribeSurveys(listener: (surveys: SurveyDefinition[]) => void): () => void;
}
