import { createContext } from 'react';
import type { UserAgent } from './types';

/** Internal: what a provider hands to `useUserAgent`. */
export interface UserAgentContextValue {
  /** The value rendered on the server and during hydration. */
  server: UserAgent;
  /** A test provider pins the value: no navigator, no enrichment. */
  fixed?: boolean;
}

export const UserAgentContext = createContext<UserAgentContextValue | null>(null);
