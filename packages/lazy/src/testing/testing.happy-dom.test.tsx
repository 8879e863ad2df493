// @vitest-environment happy-dom

import { vi } from 'vitest';
import { render, screen } from '../../../../tooling/render';
import { LazyRender } from '../LazyRender';
import { installInViewMock, markInView, markOutOfView, observerOf, resetLazy, uninstallInViewMock } from '.';

describe('@plinth/lazy/testing in happy-dom', () => {
  it('replaces happy-dom’s inert IntersectionObserver and marks elements in and out of view', () => {
    installInViewMock();
    render(
      <>
        <LazyRender once={false} placeholder="a…" data-testid="a">
          A
        </LazyRender>
        <LazyRender placeholder="b…" data-testid="b">
          B
        </LazyRender>
      </>,
    );
    const a = screen.getByTestId('a');
    markInView(a);
    expect(a.textContent).toBe('A');
    expect(screen.getByTestId('b').textContent).toBe('b…');
    markOutOfView(a);
    expect(a.textContent).toBe('a…');
    markInView();
    expect(screen.getByTestId('b').textContent).toBe('B');
    expect(typeof observerOf(a).observe).toBe('function');
  });

  it('works without test-runner globals (a plain stand-in for vi.fn / jest.fn)', () => {
    const g = globalThis as { vi?: unknown };
    const saved = g.vi;
    delete g.vi;
    const error = vi.spyOn(console, 'error');
    try {
      installInViewMock();
      render(<LazyRender placeholder="…">content</LazyRender>);
      expect(screen.queryByText('content')).toBeNull();
      markInView();
      expect(screen.getByText('content')).toBeTruthy();
      // The vendor warns through console.error when it does not recognise its mock.
      expect(error).not.toHaveBeenCalled();
    } finally {
      g.vi = saved;
      resetLazy();
    }
  });

  it('uninstall restores the environment’s own observer', () => {
    const original = window.IntersectionObserver;
    installInViewMock();
    expect(window.IntersectionObserver).not.toBe(original);
    uninstallInViewMock();
    // happy-dom ships an IntersectionObserver; the vendor restores what it saw at import time.
    expect(typeof window.IntersectionObserver).toBe('function');
  });
});
