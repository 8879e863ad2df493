import { renderHook } from '../../../tooling/render';
import { debounce, throttle } from './timing';
import { useDebouncedCallback, useThrottledCallback } from './useDebounce';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('debounce', () => {
  it('defaults to 300 ms, trailing only, with the last arguments', () => {
    const fn = vi.fn();
    const d = debounce(fn);
    d(1);
    d(2);
    vi.advanceTimersByTime(299);
    expect(fn).not.toHaveBeenCalled();
    d(3);
    vi.advanceTimersByTime(299);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledExactlyOnceWith(3);
  });

  it('leading: calls at once, and trailing only if called again during the wait', () => {
    const fn = vi.fn();
    const d = debounce(fn, 100, { leading: true });
    d('a');
    expect(fn).toHaveBeenCalledExactlyOnceWith('a');
    vi.advanceTimersByTime(100);
    expect(fn).toHaveBeenCalledTimes(1);
    d('b');
    d('c');
    vi.advanceTimersByTime(100);
    expect(fn.mock.calls).toEqual([['a'], ['b'], ['c']]);
  });

  it('leading without trailing', () => {
    const fn = vi.fn();
    const d = debounce(fn, 100, { leading: true, trailing: false });
    d(1);
    d(2);
    vi.advanceTimersByTime(200);
    expect(fn.mock.calls).toEqual([[1]]);
  });

  it('cancel drops the pending call; flush runs it now; pending tells', () => {
    const fn = vi.fn((x: number) => x * 2);
    const d = debounce(fn, 100);
    d(1);
    expect(d.pending()).toBe(true);
    d.cancel();
    expect(d.pending()).toBe(false);
    vi.advanceTimersByTime(200);
    expect(fn).not.toHaveBeenCalled();
    d(5);
    expect(d.flush()).toBe(10);
    expect(fn).toHaveBeenCalledExactlyOnceWith(5);
    vi.advanceTimersByTime(200);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('maxWait bounds the delay of a continuous stream', () => {
    const fn = vi.fn();
    const d = debounce(fn, 100, { maxWait: 250 });
    for (let t = 0; t < 600; t += 50) {
      d(t);
      vi.advanceTimersByTime(50);
    }
    expect(fn.mock.calls.length).toBeGreaterThanOrEqual(2);
  });
});

describe('throttle', () => {
  it('calls at most once per window, leading and trailing', () => {
    const fn = vi.fn();
    const t = throttle(fn, 100);
    t(1);
    t(2);
    t(3);
    expect(fn.mock.calls).toEqual([[1]]);
    vi.advanceTimersByTime(100);
    expect(fn.mock.calls).toEqual([[1], [3]]);
    for (let i = 0; i < 10; i++) {
      t(i);
      vi.advanceTimersByTime(20);
    }
    // 200 ms of calls every 20 ms: about one call per 100 ms window
    expect(fn.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(fn.mock.calls.length).toBeLessThanOrEqual(5);
  });

  it('trailing: false', () => {
    const fn = vi.fn();
    const t = throttle(fn, 100, { trailing: false });
    t(1);
    t(2);
    vi.advanceTimersByTime(150);
    expect(fn.mock.calls).toEqual([[1]]);
  });
});

describe('hooks (StrictMode)', () => {
  it('useDebouncedCallback is stable, calls the latest function, and cancels on unmount', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { result, rerender, unmount } = renderHook(
      ({ fn }: { fn: (x: number) => void }) => useDebouncedCallback(fn, 100),
      {
        initialProps: { fn: first },
      },
    );
    const initial = result.current;
    rerender({ fn: second });
    expect(result.current).toBe(initial);
    result.current(1);
    vi.advanceTimersByTime(100);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledExactlyOnceWith(1);
    result.current(2);
    unmount();
    vi.advanceTimersByTime(100);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('useThrottledCallback throttles', () => {
    const fn = vi.fn();
    const { result } = renderHook(() => useThrottledCallback(fn, 100));
    result.current();
    result.current();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(100);
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
