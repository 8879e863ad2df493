import { useCallback, useRef, useSyncExternalStore } from 'react';
import { useFlagsClient } from './context';
import type { Flags } from './defineFlags';
import type { FlagDetails } from './store';

/**
 * Every catalogue flag's value at once (a settings page, a debug panel), typed from the registered
 * catalogue. Re-renders when any flag changes; the object is the same between changes. Prefer `useFlag`
 * in components that read one or two flags: they re-render only for their own.
 */
export function useAllFlags(): Flags {
  const client = useFlagsClient('useAllFlags');
  const keys = Object.keys(client.defaults);
  const last = useRef<{ details: FlagDetails[]; values: Flags }>(undefined);
  const subscribe = useCallback(
    (listener: () => void) => {
      const stops = Object.keys(client.defaults).map((key) => client.subscribe(key, listener));
      return () => {
        for (const stop of stops) stop();
      };
    },
    [client],
  );
  const read = () => {
    const details = keys.map((key) => client.details(key));
    // The store keeps each flag's snapshot object until it changes: the same objects, the same answer.
    if (last.current && details.every((detail, index) => detail === last.current!.details[index])) {
      return last.current.values;
    }
    const values = Object.fromEntries(keys.map((key, index) => [key, details[index]!.value])) as Flags;
    last.current = { details, values };
    return values;
  };
  return useSyncExternalStore(subscribe, read, read);
}
