import { useEffect, useMemo, useRef } from 'react';
import { type Debounced, type DebounceOptions, debounce, throttle } from './timing';

function useTimed<Args extends unknown[], R>(
  make: typeof debounce,
  fn: (...args: Args) => R,
  ms: number,
  { leading, trailing, maxWait }: DebounceOptions,
): Debounced<Args, R> {
  const latest = useRef(fn);
  useEffect(() => {
    latest.current = fn;
  });
  const timed = useMemo(
    () => make((...args: Args) => latest.current(...args), ms, { leading, trailing, maxWait }),
    [make, ms, leading, trailing, maxWait],
  );
  useEffect(() => () => timed.cancel(), [timed]);
  return timed;
}

/** A debounced callback with a stable identity that always calls the latest `fn`; cancelled on unmount. */
export function useDebouncedCallback<Args extends unknown[], R>(
  fn: (...args: Args) => R,
  ms = 300,
  options: DebounceOptions = {},
): Debounced<Args, R> {
  return useTimed(debounce, fn, ms, options);
}

/** A throttled callback with a stable identity that always calls the latest `fn`; cancelled on unmount. */
export function useThrottledCallback<Args extends unknown[], R>(
  fn: (...args: Args) => R,
  ms = 300,
  options: Omit<DebounceOptions, 'maxWait'> = {},
): Debounced<Args, R> {
  return useTimed(throttle as typeof debounce, fn, ms, options);
}
