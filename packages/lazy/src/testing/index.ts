/**
 * Mark elements in or out of view in jsdom and happy-dom, under Vitest or Jest (with or without
 * globals). Wraps react-intersection-observer's test utilities so tests never depend on the vendor.
 *
 * @example
 * import { installInViewMock, markInView, resetLazy } from '@plinth/lazy/testing';
 * beforeEach(() => installInViewMock()); // automatic with Vitest `globals: true` or Jest
 * afterEach(() => resetLazy());
 * render(<LazyRender placeholder="…">Hello</LazyRender>);
 * markInView(); // every observed element; or markInView(element)
 */
import {
  installMock,
  type MockFactory,
  observerInstance,
  resetMock,
  setAllIntersecting,
  setIntersecting,
  uninstallMock,
} from '../adapter/react-intersection-observer-test-utils';
import { forgetMeasuredSizes } from '../LazyRender';

type TestRunner = { fn: MockFactory } | undefined;

/** Vitest's `vi` or Jest's `jest` when they are globals; otherwise a minimal stand-in with `mockClear`. */
function mockFactory(): MockFactory {
  const g = globalThis as { vi?: TestRunner; jest?: TestRunner };
  const runner = g.vi ?? g.jest;
  if (runner) return runner.fn;
  const plain = (impl?: (...args: never[]) => unknown) => {
    const fn = function (this: unknown, ...args: never[]) {
      return impl?.apply(this, args);
    };
    // The vendor recognises an installed mock by `mockClear`.
    return Object.assign(fn, { mockClear: () => {} });
  };
  return plain as unknown as MockFactory;
}

/**
 * Replace `window.IntersectionObserver` with a controllable fake. Under Jest, or Vitest with
 * `globals: true`, this already happens before each test; call it in `beforeEach` otherwise.
 */
export function installInViewMock(): void {
  installMock(mockFactory());
}

/**
 * Forget every observed element (when the mock is installed) and every height `LazyRender`
 * remembered under a `sizeKey`. Call in `afterEach` when the mock was installed by hand.
 */
export function resetLazy(): void {
  if (typeof window !== 'undefined') resetMock();
  forgetMeasuredSizes();
}

/** Put the environment's own `IntersectionObserver` back (or none, as in jsdom). */
export function uninstallInViewMock(): void {
  uninstallMock();
}

/**
 * Mark `element` (or, without one, every observed element) as in view. A number is the visible
 * ratio (0–1), compared with each observer's threshold. Wrapped in `act` under Testing Library.
 */
export function markInView(element?: Element, ratio: number | true = true): void {
  if (element) setIntersecting(element, ratio);
  else setAllIntersecting(ratio);
}

/** Mark `element` (or every observed element) as out of view. */
export function markOutOfView(element?: Element): void {
  if (element) setIntersecting(element, false);
  else setAllIntersecting(false);
}

/** The (fake) observer watching `element`, to spy on `observe`/`unobserve`; throws when none is. */
export function observerOf(element: Element): IntersectionObserver {
  return observerInstance(element);
}
