import { useEffect, useRef } from 'react';
import { useFlagsClient } from './context';
import type { FlagKey, Flags } from './defineFlags';
import { useFlagDetails } from './useFlag';
import { useFlagsStatus } from './useFlagsStatus';

/**
 * An experiment's variant. Each variant this component shows is counted once per mount (StrictMode's
 * double effects included): an `exposure` on the session channel, and an evaluation event sent to
 * LaunchDarkly once it serves that variant. A catalogue default shown while the service is still
 * loading is not counted (it is not an assignment); once the status is final it is.
 */
export function useVariant<K extends FlagKey>(key: K): Flags[K] {
  const client = useFlagsClient('useVariant');
  const { value, source } = useFlagDetails(key);
  const status = useFlagsStatus();
  const settled = source !== 'default' || status !== 'loading';
  // Survives StrictMode's effect re-run (same instance), not a real remount.
  const seen = useRef<Set<string>>(undefined);
  useEffect(() => {
    if (!settled) return;
    seen.current ??= new Set();
    const id = JSON.stringify(value);
    if (seen.current.has(id)) return;
    seen.current.add(id);
    client.exposure(key, value);
  }, [client, key, value, settled]);
  return value;
}
