import { type ReactNode, useMemo } from 'react';
import { applyClientHints } from './applyClientHints';
import { parseUserAgent } from './parseUserAgent';
import type { ClientHints } from './types';
import { UserAgentContext } from './UserAgentContext';

export interface UserAgentProviderProps {
  /** The request's User-Agent header. */
  userAgent: string | null | undefined;
  /** The request's client hints; `userAgentProps(headers)` from `@plinth/user-agent/server` gives both. */
  hints?: ClientHints | undefined;
  children?: ReactNode;
}

/**
 * Tells `useUserAgent()` what the request said, so server rendering and the first client
 * render (hydration) produce the same output. Render it with the same props on server and
 * client — `<UserAgentProvider {...userAgentProps(request.headers)}>`; in the browser the hook
 * moves to the browser's own, enriched answer after mount.
 */
export function UserAgentProvider({ userAgent, hints, children }: UserAgentProviderProps) {
  // Keyed by content, not identity: a fresh hints object each render must not re-parse.
  const key = JSON.stringify([userAgent ?? '', hints ?? null]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` captures userAgent/hints by content.
  const value = useMemo(() => ({ server: applyClientHints(parseUserAgent(userAgent ?? ''), hints) }), [key]);
  return <UserAgentContext.Provider value={value}>{children}</UserAgentContext.Provider>;
}
