/**
 * posthog-js's session id as it reports it (`onSessionId`), mirrored so `sessionId()` is a plain read (a
 * `useSyncExternalStore` snapshot) that never makes posthog-js touch its storage. The mirror shows it only
 * while the SDK is usable: `undefined` before consent, after a refusal or revocation, and while it failed.
 */
export interface SessionMirror {
  /** What posthog-js reported last (its `onSessionId`, or the id right after a `reset()`). */
  report(id: string | undefined): void;
  /** Re-read whether the SDK is usable (at each status change). */
  sync(): void;
  /** The session id to show now. */
  current(): string | undefined;
  /** Hear changes of `current()`; returns the unsubscribe function. */
  subscribe(listener: (id: string | undefined) => void): () => void;
}

export function createSessionMirror(usable: () => boolean): SessionMirror {
  let reported: string | undefined;
  let shown: string | undefined;
  const listeners = new Set<(id: string | undefined) => void>();
  const sync = () => {
    const id = usable() ? reported : undefined;
    if (id === shown) return;
    shown = id;
    for (const listener of [...listeners]) {
      try {
        listener(id);
      } catch (error) {
        console.error('[plinth] analytics:', error);
      }
    }
  };
  return {
    report(id) {
      reported = id;
      sync();
    },
    sync,
    current: () => shown,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
