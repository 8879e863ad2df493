import { useContext, useSyncExternalStore } from 'react';
import { getUserAgent, peekUserAgent, readNavigator } from './getUserAgent';
import { parseUserAgent } from './parseUserAgent';
import type { UserAgent } from './types';
import { UserAgentContext } from './UserAgentContext';

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!peekUserAgent()) {
    void getUserAgent().then(() => {
      for (const notify of listeners) notify();
    });
  }
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The user agent, hydration-safe. On the server and during hydration it returns the value of
 * the nearest `UserAgentProvider` (the request's headers), or an empty result (`ua: ''`, every
 * field `undefined`) without one. After mount — and on every client-only render — it returns
 * the browser's own answer, which then improves once when `getUserAgent()`'s client hints
 * arrive. A provider is optional: without one the server knows nothing, so nothing mismatches.
 */
export function useUserAgent(): UserAgent {
  const context = useContext(UserAgentContext);
  const server = context?.server ?? parseUserAgent('');
  const fixed = context?.fixed === true;
  const getSnapshot = (): UserAgent => {
    if (fixed) return server;
    const enriched = peekUserAgent();
    if (enriched) return enriched;
    const browser = readNavigator();
    // Until client hints arrive, a server value built from this very browser's hint headers
    // (e.g. Windows 11 via Accept-CH) knows more than the frozen string: keep showing it.
    return server.ua === browser.ua && server !== parseUserAgent(server.ua) ? server : browser;
  };
  // Both snapshot functions return cached objects, so fresh closures each render are fine.
  return useSyncExternalStore(fixed ? noopSubscribe : subscribe, getSnapshot, () => server);
}

const noopSubscribe = () => () => {};
