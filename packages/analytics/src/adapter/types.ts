import type { SurveyDefinition } from '../surveyTypes';

/** Event properties: JSON-like values. */
export type Properties = Record<string, unknown>;

export interface SendOptions {
  /** When the call was made (queued calls keep it). */
  at: Date;
  /** Hand the event to `sendBeacon` at once (a navigation follows). */
  beacon?: boolean;
  /** Person properties to set (last touch) and set once (first touch). */
  set?: Properties;
  setOnce?: Properties;
}

/**
 * Plinth's own view of the analytics SDK: what `./posthog.ts` returns. No vendor type crosses this line,
 * so another vendor is one adapter away.
 */
export interface PosthogAdapter {
  capture(event: string, properties: Properties, options: SendOptions): void;
  captureException(error: unknown, properties: Properties, at: Date): void;
  /** Identifies the person (an `$identify` from an anonymous id), with their person properties. */
  identify(id: string, set?: Properties): void;
  setPersonProperties(set?: Properties, setOnce?: Properties): void;
  /** Removes person properties (`$unset`). */
  unsetPersonProperties(names: string[]): void;
  alias(alias: string): void;
  /** The groups the SDK puts on events now (type → key), remembered in the browser too. */
  groups(): Record<string, string>;
  group(type: string, key: string, properties?: Properties): void;
  /** Takes this type of group off later events. */
  ungroup(type: string): void;
  /** Super properties: on every later event. */
  register(properties: Properties): void;
  unregister(name: string): void;
  distinctId(): string;
  /** The identified person the SDK holds (remembered in the browser, or identified since), `undefined` when anonymous. */
  identifiedId(): string | undefined;
  /** The current session's id (`undefined` when there is none, e.g. cookieless). */
  sessionId(): string | undefined;
  /** Called with the new id when the session changes (and at once when there is one); returns the unsubscribe function. */
  subscribeSessionId(listener: (id: string) => void): () => void;
  /**
   * The surveys PostHog has for this visitor now (posthog-js's matching), each time they change; nothing is fetched
   * unless `capabilities.surveys` is on and PostHog's config has surveys. Returns the unsubscribe function.
   */
  subscribeSurveys(listener: (surveys: SurveyDefinition[]) => void): () => void;
  /**
   * The person is about to leave: what the SDK holds of the page they saw goes now, as theirs (its `$pageleave`,
   * unless one was sent since its page view, and the web vitals it measured), and none of it later as the next
   * visitor's.
   */
  leavePage(): void;
  /** Forget the person: a new anonymous distinct id, no super properties or groups, a new session. */
  reset(): void;
  /**
   * Consent revoked: send nothing more, stop the recording, remove the SDK's cookies and storage (what it holds in
   * memory stays) but its own refusal (posthog-js's opt-out, kept in step with the store).
   */
  pause(): void;
  /**
   * The SDK (re)starts (its load, a grant): sends again and may store again, opted in again in posthog-js's own terms,
   * a new recording in a new session. Nothing when it was neither paused nor opted out.
   */
  resume(): void;
}
