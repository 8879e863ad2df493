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
  identify(id: string, set?: Properties, setOnce?: Properties): void;
  setPersonProperties(set?: Properties, setOnce?: Properties): void;
  alias(alias: string): void;
  group(type: string, key: string, properties?: Properties): void;
  resetGroups(): void;
  register(properties: Properties, once: boolean): void;
  unregister(name: string): void;
  distinctId(): string;
  /** The identified person the SDK holds (remembered in the browser, or identified since), `undefined` when anonymous. */
  identifiedId(): string | undefined;
  /** The current session's id (`undefined` when there is none, e.g. cookieless). */
  sessionId(): string | undefined;
  /** Called with the new id when the session changes (and at once when there is one); returns the unsubscribe function. */
  onSessionId(listener: (id: string) => void): () => void;
  /** Forget the person: a new anonymous distinct id, no super properties or groups, a new session. */
  reset(): void;
  /** Consent revoked: send nothing more, remove the SDK's cookies and storage (what it holds in memory stays). */
  pause(): void;
  /** Consent granted again. */
  resume(): void;
}
