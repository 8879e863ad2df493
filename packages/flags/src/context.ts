import { MissingProviderError } from '@plinth/core';
import { createContext, useContext } from 'react';
import type { Flags } from './createFlags';

export const FlagsContext = createContext<Flags | null>(null);

export function useFlagsInstance(hook: string): Flags {
  const instance = useContext(FlagsContext);
  if (!instance) throw new MissingProviderError(hook, 'flags');
  return instance;
}
