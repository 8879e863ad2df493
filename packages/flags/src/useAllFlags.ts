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
  const lastServer = useRef<{ details: FlagDetails[]; values: FlagValues }>(undefined);
  const subscribe = useCallback(
    (listener: () => void) => {
      const stops = Object.keys(instance.defaults).map((key) => instance.subscribe(key, listener));
      return () => {
        for (const stop of stops) stop();
      };
    },
    [instance],
  );
  const snapshot = (cached: typeof last, detailsOf: (key: string) => FlagDetails) => () => {
    const details = keys.map(detailsOf);
    // The store keeps each flag's snapshot object until it changes: the same objects, the same answer.
    if (cached.current && details.every((detail, index) => detail === cached.current!.details[index])) {
      return cached.current.values;
    }
    const values = Object.fromEntries(keys.map((key, index) => [key, details[index]!.value])) as FlagValues;
    cached.current = { details, values };
    return values;
  };
  // The server snapshot, also what hydration renders first: bootstrap, else defaults (useFlag's rule).
  return useSyncExternalStore(
    subscribe,
    snapshot(last, (key) => instance.details(key)),
    snapshot(lastServer, (key) => instance.serverDetails?.(key) ?? instance.details(key)),
  );
}
