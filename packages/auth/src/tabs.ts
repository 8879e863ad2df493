import { isBrowser } from '@plinth/core';

/** What one tab tells the others of the origin: signed out, or (back from the provider's page) signed in again. */
export type TabMessage = 'signedIn' | 'signedOut';

export interface Tabs {
  /** Tells every other tab of the origin (never this one). */
  post(message: TabMessage): void;
  /** Stops hearing the other tabs. */
  close(): void;
}

/**
 * The other tabs of the origin with the same `clientId`, on a `BroadcastChannel` (`plinth.auth:<clientId>`):
 * each tab keeps its own tokens in memory, so a sign-out must reach every tab to be one. `onMessage` hears
 * what they post (anything else on the channel is ignored). `null` on the server and where there is no
 * `BroadcastChannel`.
 */
export function openTabs(clientId: string, onMessage: (message: TabMessage) => void): Tabs | null {
  if (!isBrowser || typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(`plinth.auth:${clientId}`);
  channel.onmessage = (event: MessageEvent) => {
    const type = (event.data as { type?: unknown } | null)?.type;
    if (type === 'signedIn' || type === 'signedOut') onMessage(type);
  };
  return {
    post: (message) => channel.postMessage({ type: message }),
    close: () => channel.close(),
  };
}
