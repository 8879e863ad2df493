import { MissingProviderError } from '@plinth/core';
import { createContext, useContext } from 'react';
import type { FlagsClient } from './createFlagsClient';

export const FlagsContext = createContext<FlagsClient | null>(null);

export function useFlagsClient(hook: string): FlagsClient {
  const client = useContext(FlagsContext);
  if (!client) throw new MissingProviderError(hook, 'flags');
  return client;
}
