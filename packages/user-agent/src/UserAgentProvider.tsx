import { type ReactNode, useMemo } from 'react';
import { type HeadersLike, pickUserAgentHeaders, userAgentFromHeaders } from './headers';
import { parseUserAgent } from './parseUserAgent';
import { UserAgentContext } from './UserAgentContext';

export type UserAgentProviderProps = { children?: ReactNode } & (
  | {
      /** The request's headers (or `pickUserAgentHeaders(headers)`): User-Agent plus Sec-CH-UA-*. */
      headers: HeadersLike | null | undefined;
      userAgent?: never;
    }
  | {
      /** Just the request's User-Agent string. */
      userAgent: string | null | undefined;
      headers?: never;
    }
);

/**
 * Tells `useUserAgent()` what the request said, so server rendering and the first client
 * render (hydration) produce the same output. Render it with the same props on server and
 * client; in the browser the hook moves to the browser's own, enriched answer after mount.
 */
export function UserAgentProvider({ children, headers, userAgent }: UserAgentProviderProps) {
  // Keyed by content, not identity: a fresh headers object each render must not re-parse.
  const key = JSON.stringify(headers ? pickUserAgentHeaders(headers) : { 'user-agent': userAgent ?? '' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` captures headers/userAgent by content.
  const value = useMemo(
    () => ({ server: headers ? userAgentFromHeaders(headers) : parseUserAgent(userAgent ?? '') }),
    [key],
  );
  return <UserAgentContext.Provider value={value}>{children}</UserAgentContext.Provider>;
}
