import { useCallback, useSyncExternalStore } from 'react';
import { useFlagsClient } from './context';
import type { FlagKey, Flags } from './defineFlags';
import type { FlagDetails } from './store';

/** The value, why it has it, and where it came from; re-renders only when this flag changes. */
export function useFlagDetails<K extends FlagKey>(key: K): FlagDetails<Flags[K]> {
  const client = useFlagsClient('useFlagDetails');
  const subscribe = useCallback((listener: () => void) => client.subscribe(key, listener), [client, key]);
  const read = () => client.details(key) as FlagDetails<Flags[K]>;
  // The server snapshot is the same: bootstrap, else defaults (the cache is never read on the server).
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * A flag's value, typed from the registered catalogue, never `undefined`: live, else bootstrap, else
 * cached (with `functional` consent), else the catalogue default.
 */
export function useFlag<K extends FlagKey>(key: K): Flags[K] {
  return useFlagDetails(key).value;
}
