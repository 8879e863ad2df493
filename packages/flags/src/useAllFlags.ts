import { useCallback, useRef, useSyncExternalStore } from 'react';
import { useFlagsInstance } from './context';
import type { FlagValues } from './defineFlags';
import type { FlagDetails } from './store';

/**
 * Every catalogue flag's value at once (a settings page, a debug panel), typed from the registered
 * catalogue. Re-renders when any flag changes; the object is the same between changes. Prefer `useFlag`
 * in components that read one or two flags: they re-render only for their own.
 */
export function useAllFlags(): FlagValues {
  const instance = useFlagsInstance('useAllFlags');
  const keys = Object.keys(instance.defaults);
  const last = useRef<{ details: FlagDetails[]; values: FlagValues }>(undefined);
  const subscribe = useCallback(
    (listener: () => void) => {
      const stops = Object.keys(instance.defaults).map((key) => instance.subscribe(key, listener));
      return () => {
        for (const stop of stops) stop();
      };
    },
    [instance],
  );
  const read = () => {
    const details = keys.map((key) => instance.details(key));
    // The store keeps each flag's snapshot object until it changes: the same objects, the same answer.
    if (last.current && details.every((detail, index) => detail === last.current!.details[index])) {
      return last.current.values;
    }
    const values = Object.fromEntries(keys.map((key, index) => [key, details[index]!.value])) as FlagValues;
    last.current = { details, values };
    return values;
  };
  return useSyncExternalStore(subscribe, read, read);
}
