import { renderHook } from '../../../tooling/render';
import { installInViewMock, markInView, markOutOfView, uninstallInViewMock } from './testing';
import { useInViewOnce } from './useInViewOnce';

describe('useInViewOnce', () => {
  it('is true on the first render when IntersectionObserver is missing', () => {
    uninstallInViewMock();
    const values: boolean[] = [];
    renderHook(() => {
      const { inView } = useInViewOnce();
      values.push(inView);
      return inView;
    });
    expect(values.length).toBeGreaterThan(0);
    expect(values.every(Boolean)).toBe(true);
  });

  it('turns true when the element is in view and stays true', () => {
    installInViewMock();
    const element = document.createElement('div');
    document.body.append(element);
    const onVisible = vi.fn();
    const { result } = renderHook(() => {
      const state = useInViewOnce({ onVisible });
      return state;
    });
    expect(result.current.inView).toBe(false);
    // Attach the ref by hand, as a component would.
    result.current.ref(element);
    markInView(element);
    expect(result.current.inView).toBe(true);
    expect(() => markOutOfView(element)).toThrow(); // observation stopped after the first reveal
    expect(result.current.inView).toBe(true);
    expect(onVisible).toHaveBeenCalledTimes(1);
    element.remove();
  });
});
