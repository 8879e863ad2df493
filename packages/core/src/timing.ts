export interface DebounceOptions {
  /** Invoke on the leading edge of the wait. Default false for debounce, true for throttle. */
  leading?: boolean;
  /** Invoke on the trailing edge of the wait. Default true. */
  trailing?: boolean;
  /** The longest `fn` may be delayed (throttle is debounce with `maxWait = ms`). */
  maxWait?: number;
}

export interface Debounced<Args extends unknown[], R> {
  (...args: Args): R | undefined;
  /** Drop a pending invocation. */
  cancel(): void;
  /** Run a pending invocation now; returns the last result. */
  flush(): R | undefined;
  /** Whether an invocation is pending. */
  pending(): boolean;
}

/**
 * Delays `fn` until `ms` have passed without a call (lodash semantics: with both edges on,
 * the trailing call happens only if the function was called again during the wait).
 */
export function debounce<Args extends unknown[], R>(
  fn: (...args: Args) => R,
  ms = 300,
  { leading = false, trailing = true, maxWait }: DebounceOptions = {},
): Debounced<Args, R> {
  const wait = Math.max(0, ms);
  const maxing = maxWait !== undefined;
  const maxDelay = maxing ? Math.max(maxWait, wait) : 0;
  let lastArgs: Args | undefined;
  let lastCallTime: number | undefined;
  let lastInvokeTime = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let result: R | undefined;

  const invoke = (time: number) => {
    const args = lastArgs as Args;
    lastArgs = undefined;
    lastInvokeTime = time;
    result = fn(...args);
    return result;
  };
  const remaining = (time: number) => {
    const waiting = wait - (time - (lastCallTime ?? 0));
    return maxing ? Math.min(waiting, maxDelay - (time - lastInvokeTime)) : waiting;
  };
  const shouldInvoke = (time: number) => {
    if (lastCallTime === undefined) return true;
    const sinceCall = time - lastCallTime;
    return sinceCall >= wait || sinceCall < 0 || (maxing && time - lastInvokeTime >= maxDelay);
  };
  const trailingEdge = (time: number) => {
    timer = undefined;
    if (trailing && lastArgs) return invoke(time);
    lastArgs = undefined;
    return result;
  };
  const timerExpired = () => {
    const time = Date.now();
    if (shouldInvoke(time)) {
      trailingEdge(time);
      return;
    }
    timer = setTimeout(timerExpired, remaining(time));
  };
  const leadingEdge = (time: number) => {
    lastInvokeTime = time;
    timer = setTimeout(timerExpired, wait);
    return leading ? invoke(time) : result;
  };

  const debounced = (...args: Args) => {
    const time = Date.now();
    const invoking = shouldInvoke(time);
    lastArgs = args;
    lastCallTime = time;
    if (invoking) {
      if (timer === undefined) return leadingEdge(time);
      if (maxing) {
        clearTimeout(timer);
        timer = setTimeout(timerExpired, wait);
        return invoke(time);
      }
    }
    if (timer === undefined) timer = setTimeout(timerExpired, wait);
    return result;
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    lastInvokeTime = 0;
    lastArgs = undefined;
    lastCallTime = undefined;
    timer = undefined;
  };
  debounced.flush = () => (timer === undefined ? result : trailingEdge(Date.now()));
  debounced.pending = () => timer !== undefined;
  return debounced;
}

/** Invokes `fn` at most once per `ms` (leading and trailing by default). */
export function throttle<Args extends unknown[], R>(
  fn: (...args: Args) => R,
  ms = 300,
  { leading = true, trailing = true }: Omit<DebounceOptions, 'maxWait'> = {},
): Debounced<Args, R> {
  return debounce(fn, ms, { leading, trailing, maxWait: ms });
}

/**
 * Runs `fn` once, just after the next frame is painted: a `requestAnimationFrame` callback runs just before
 * the paint, and a timer set from it fires after, in a task of its own. Where no frame will come (a hidden
 * tab, no DOM) it runs in the next task; `fallbackMs` stands in if a frame is late. Use it to keep a
 * click's own frame light (INP): answer the click, then start the work.
 */
export function afterNextPaint(fn: () => void, fallbackMs = 100): void {
  let done = false;
  const once = () => {
    if (!done) fn();
    done = true;
  };
  const painting =
    typeof requestAnimationFrame === 'function' &&
    typeof document === 'object' &&
    document.visibilityState !== 'hidden';
  if (painting) requestAnimationFrame(() => setTimeout(once));
  setTimeout(once, painting ? fallbackMs : 0);
}
