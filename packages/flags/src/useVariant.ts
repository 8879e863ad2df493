import { useEffect, useRef } from 'react';
import { useFlagsClient } from './context';
import type { FlagKey, Flags } from './defineFlags';
import { useFlagDetails } from './useFlag';

/**
 * An experiment's variant. Each variant this component shows is counted once per mount (StrictMode's
 * double effects included): an `exposure` on the session channel, and an evaluation event sent to
 * LaunchDarkly once it serves that variant.
 */
export function useVariant<K extends FlagKey>(key: K): Flags[K] {
  const client = useFlagsClient('useVariant');
  const { value } = useFlagDetails(key);
  // Survives StrictMode's effect re-run (same instance), not a real remount.
  const seen = useRef<Set<string>>(undefined);
  useEffect(() => {
    seen.current ??= new Set();
    const id = `${key}\u0000${JSON.stringify(value)}`;
    if (seen.current.has(id)) return;
    seen.current.add(id);
    client.exposure(key, value);
  }, [client, key, value]);
  return value;
}
