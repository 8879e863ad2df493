import { isBrowser } from '@plinth/core';
import * as React from 'react';
import { useCallback, useSyncExternalStore } from 'react';
import { useFlagsInstance } from './context';
import type { FlagKey, FlagValues } from './defineFlags';
import type { FlagDetails } from './store';

export interface FlagHookOptions {
  /**
   * Suspend (React Suspense: wrap in `<Suspense fallback={…}>`) while this flag would show its catalogue
   * default and the flag service has not answered yet, so the first render is the visitor's value and
   * never flips. The wait always ends: at the answer, a failure, the instance's `timeoutMs` (1.5 s), or at
   * once while functional consent is pending or denied; then the value is whatever it is (the default
   * included). A bootstrap or cached value renders at once; on the server it never suspends (give SSR pages a
   * `bootstrap`). Put the `<Suspense>` inside `<FlagsProvider>`.
   */
  suspend?: boolean | undefined;
}

type Use = <T>(promise: Promise<T>) => T;

/** The value, why it has it, and where it came from; re-renders only when this flag changes. */
export function useFlagDetails<K extends FlagKey>(key: K, options?: FlagHookOptions): FlagDetails<FlagValues[K]> {
  return useDetailsOf('useFlagDetails', key, options);
}

/** `useFlagDetails`, for the hook `hook` (named in the error when there is no provider). */
export function useDetailsOf<K extends FlagKey>(
  hook: string,
  key: K,
  options?: FlagHookOptions,
): FlagDetails<FlagValues[K]> {
  const instance = useFlagsInstance(hook);
  const subscribe = useCallback((listener: () => void) => instance.subscribe(key, listener), [instance, key]);
  const read = () => instance.details(key) as FlagDetails<FlagValues[K]>;
  // The server snapshot, also what hydration renders first: bootstrap, else default (never the browser's cache).
  const readServer = () => (instance.serverDetails?.(key) ?? instance.details(key)) as FlagDetails<FlagValues[K]>;
  const details = useSyncExternalStore(subscribe, read, readServer);
  // Once a wait was asked for, `use()` is called on every render that asks to suspend (React requires a
  // component that suspended with `use()` to call it again when retried); a settled wait returns at once.
  if (options?.suspend && isBrowser && (details.source === 'default' || instance.readyState() !== 'unasked')) {
    const ready = instance.ready(); // the same bounded promise for every caller
    const use = (React as { use?: Use }).use;
    if (use) use(ready);
    else if (instance.readyState() === 'waiting') throw ready; // React 18's Suspense protocol
  }
  return details;
}

/**
 * A flag's value, typed from the registered catalogue, never `undefined`: live, else bootstrap, else
 * cached (with `functional` consent), else the catalogue default. `{ suspend: true }` waits for the flag
 * service first (see `FlagHookOptions`).
 */
export function useFlag<K extends FlagKey>(key: K, options?: FlagHookOptions): FlagValues[K] {
  return useDetailsOf('useFlag', key, options).value;
}
