import { useEffect, useRef } from 'react';
import { useFlagsInstance } from './context';
import type { FlagKey, FlagValues } from './defineFlags';
import { type FlagHookOptions, useDetailsOf } from './useFlag';

/**
 * An experiment's variant. Each variant this component shows is counted once per mount (StrictMode's
 * double effects included), and only when the flag service assigned it (a live evaluation): an `exposure`
 * on the session channel, and an evaluation event sent to LaunchDarkly. A catalogue default, a bootstrap
 * or a cached value is shown but not counted: the live evaluation may differ, and counting it would put
 * visitors in a variant the service never gave them. `{ suspend: true }` waits for the flag service first
 * (see `FlagHookOptions`): the visitor never sees a variant flip.
 */
export function useVariant<K extends FlagKey>(key: K, options?: FlagHookOptions): FlagValues[K] {
  return useVariantOf('useVariant', key, options);
}

/** `useVariant`, for the hook or component `hook` (named in the error when there is no provider). */
export function useVariantOf<K extends FlagKey>(hook: string, key: K, options?: FlagHookOptions): FlagValues[K] {
  const instance = useFlagsInstance(hook);
  const { value, source } = useDetailsOf(hook, key, options);
  const settled = source === 'live';
  // Survives StrictMode's effect re-run (same instance), not a real remount.
  const seen = useRef<Set<string>>(undefined);
  useEffect(() => {
    if (!settled) return;
    seen.current ??= new Set();
    const id = JSON.stringify(value);
    if (seen.current.has(id)) return;
    seen.current.add(id);
    instance.exposure(key, value);
  }, [instance, key, value, settled]);
  return value;
}
