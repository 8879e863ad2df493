// The only file that imports react-intersection-observer's test utilities; reached only from the
// ./testing entry, never from the main entry.
import {
  destroyIntersectionMocking,
  intersectionMockInstance,
  mockAllIsIntersecting,
  mockIsIntersecting,
  resetIntersectionMocking,
  setupIntersectionMocking,
} from 'react-intersection-observer/test-utils';

/** A `vi.fn`/`jest.fn`-like factory; the vendor recognises its installed mock by `mockClear`. */
export type MockFactory = (impl?: (...args: never[]) => unknown) => unknown;

export const installMock = (factory: MockFactory) =>
  setupIntersectionMocking(factory as Parameters<typeof setupIntersectionMocking>[0]);
export const resetMock = () => resetIntersectionMocking();
export const uninstallMock = () => destroyIntersectionMocking();
export const setIntersecting = (element: Element, ratio: number | boolean) => mockIsIntersecting(element, ratio);
export const setAllIntersecting = (ratio: number | boolean) => mockAllIsIntersecting(ratio);
export const observerInstance = (element: Element): IntersectionObserver => intersectionMockInstance(element);
