import type { Mock } from 'vitest';
import { act, render, screen } from '../../../tooling/render';
import { LazyRender } from './LazyRender';
import { installInViewMock, markInView, markOutOfView, resetLazy, uninstallInViewMock } from './testing';

const ids = Array.from({ length: 200 }, (_, i) => String(i));
const observerConstructions = () => (window.IntersectionObserver as unknown as Mock).mock.calls.length;

describe('LazyRender with IntersectionObserver', () => {
  beforeEach(() => installInViewMock());

  it('shows the placeholder and reserves minHeight until the element is in view', () => {
    render(
      <LazyRender minHeight={240} placeholder={<span>loading</span>} data-testid="box">
        <p>content</p>
      </LazyRender>,
    );
    const box = screen.getByTestId('box');
    expect(screen.getByText('loading')).toBeTruthy();
    expect(screen.queryByText('content')).toBeNull();
    expect(box.style.minHeight).toBe('240px');
    expect(box.dataset.lazyState).toBe('pending');

    markInView(box);
    expect(screen.getByText('content')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    expect(box.style.minHeight).toBe('');
    expect(box.dataset.lazyState).toBe('visible');
  });

  it('keeps the content once shown by default, and calls onVisible once (StrictMode)', () => {
    const onVisible = vi.fn();
    render(
      <LazyRender onVisible={onVisible} data-testid="box">
        content
      </LazyRender>,
    );
    markInView();
    markOutOfView();
    expect(screen.getByTestId('box').textContent).toBe('content');
    expect(onVisible).toHaveBeenCalledTimes(1);
  });

  it('once={false} unmounts the content off screen and calls onVisible per reveal', () => {
    const onVisible = vi.fn();
    render(
      <LazyRender once={false} minHeight="10rem" placeholder="…" onVisible={onVisible} data-testid="box">
        content
      </LazyRender>,
    );
    const box = screen.getByTestId('box');
    markInView(box);
    expect(box.textContent).toBe('content');
    markOutOfView(box);
    expect(box.textContent).toBe('…');
    expect(box.style.minHeight).toBe('10rem');
    markInView(box);
    expect(box.textContent).toBe('content');
    expect(onVisible).toHaveBeenCalledTimes(2);
  });

  it('respects a visibility threshold', () => {
    render(
      <LazyRender threshold={0.5} data-testid="box">
        content
      </LazyRender>,
    );
    markInView(screen.getByTestId('box'), 0.25);
    expect(screen.queryByText('content')).toBeNull();
    markInView(screen.getByTestId('box'), 0.5);
    expect(screen.getByText('content')).toBeTruthy();
  });

  it('passes the default rootMargin and user options to the observer', () => {
    render(<LazyRender>a</LazyRender>);
    const [, options] = (window.IntersectionObserver as unknown as Mock).mock.calls[0]!;
    expect(options).toMatchObject({ rootMargin: '200px 0px', threshold: 0 });
  });

  it('shares one observer among many items with the same options', () => {
    render(
      ids.map((id) => <LazyRender key={id}>{id}</LazyRender>),
      { strict: false },
    );
    expect(observerConstructions()).toBe(1);
  });

  it('shares observers in StrictMode too (its unmount/remount may add one)', () => {
    render(ids.map((id) => <LazyRender key={id}>{id}</LazyRender>));
    expect(observerConstructions()).toBeGreaterThanOrEqual(1);
    expect(observerConstructions()).toBeLessThanOrEqual(2);
    markInView();
    expect(screen.getByText('199')).toBeTruthy();
  });

  it('uses one observer per distinct set of options', () => {
    render(
      <>
        <LazyRender>a</LazyRender>
        <LazyRender>b</LazyRender>
        <LazyRender rootMargin="0px">c</LazyRender>
      </>,
      { strict: false },
    );
    expect(observerConstructions()).toBe(2);
  });

  it('passes DOM attributes through', () => {
    render(
      <LazyRender className="slot" aria-label="reviews" placeholder="…">
        content
      </LazyRender>,
    );
    expect(screen.getByLabelText('reviews').className).toBe('slot');
  });

  it('reveals content already on screen at mount without waiting for the observer (no flash)', () => {
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({
      top: 10,
      bottom: 110,
      left: 0,
      right: 100,
      width: 100,
      height: 100,
      x: 0,
      y: 10,
      toJSON: () => ({}),
    });
    const onVisible = vi.fn();
    render(
      <LazyRender placeholder="…" onVisible={onVisible} data-testid="box">
        content
      </LazyRender>,
    );
    // No markInView: the layout-effect check revealed it before paint, and it is no longer observed.
    expect(screen.getByTestId('box').textContent).toBe('content');
    expect(onVisible).toHaveBeenCalledTimes(1);
    expect(() => markOutOfView(screen.getByTestId('box'))).toThrow(/observ/i);
  });

  it('stays pending when the element is measurable but far below the viewport', () => {
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({
      top: 5000,
      bottom: 5100,
      left: 0,
      right: 100,
      width: 100,
      height: 100,
      x: 0,
      y: 5000,
      toJSON: () => ({}),
    });
    render(<LazyRender placeholder="…">content</LazyRender>);
    expect(screen.queryByText('content')).toBeNull();
  });
});

/**
 * jsdom does no layout: every box is far below the viewport (so the observer decides), `content` px
 * tall once revealed and `pending` px while it holds the placeholder.
 */
const layoutBelowFold = (content: number, pending = content) =>
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const height = (this as HTMLElement).dataset?.lazyState === 'pending' ? pending : content;
    return {
      top: 5000,
      bottom: 5000 + height,
      left: 0,
      right: 100,
      width: 100,
      height,
      x: 0,
      y: 5000,
      toJSON: () => ({}),
    };
  });

describe('LazyRender reserves the measured size', () => {
  beforeEach(() => installInViewMock());
  afterEach(() => resetLazy());

  it('measures the content when it first renders and reserves that height for the same sizeKey later', () => {
    layoutBelowFold(218);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const first = render(
      <LazyRender minHeight={218} sizeKey="reviews" data-testid="box">
        content
      </LazyRender>,
    );
    expect(screen.getByTestId('box').style.minHeight).toBe('218px');
    markInView(screen.getByTestId('box'));
    expect(screen.getByTestId('box').textContent).toBe('content');
    first.unmount();

    // A later mount (navigating back) with a wrong estimate: the measured height wins.
    render(
      <LazyRender minHeight={300} sizeKey="reviews" data-testid="again">
        content
      </LazyRender>,
    );
    expect(screen.getByTestId('again').style.minHeight).toBe('218px');
    expect(warn).not.toHaveBeenCalled();
  });

  it('resetLazy() forgets measured sizes', () => {
    layoutBelowFold(218);
    const first = render(
      <LazyRender minHeight={218} sizeKey="reviews" data-testid="box">
        content
      </LazyRender>,
    );
    markInView(screen.getByTestId('box'));
    first.unmount();
    resetLazy();
    render(
      <LazyRender minHeight={300} sizeKey="reviews" data-testid="again">
        content
      </LazyRender>,
    );
    expect(screen.getByTestId('again').style.minHeight).toBe('300px');
  });

  it('warns once in development, with the right number, when the reservation does not match the content', () => {
    layoutBelowFold(218, 278);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(
      <>
        <LazyRender minHeight="278px" data-testid="a">
          a
        </LazyRender>
        <LazyRender minHeight={278} data-testid="b">
          b
        </LazyRender>
      </>,
    );
    markInView();
    expect(screen.getByTestId('a').textContent).toBe('a');
    expect(warn).toHaveBeenCalledExactlyOnceWith(expect.stringContaining('reserved 278px but its content is 218px'));
    expect(warn.mock.calls[0]![0]).toContain('minHeight={218}');
  });
});

const placeholderRenders = vi.fn();
function Placeholder() {
  placeholderRenders();
  return <span>…</span>;
}

describe('LazyRender without IntersectionObserver', () => {
  beforeEach(() => uninstallInViewMock());

  it('renders the content on the very first render', () => {
    expect(window.IntersectionObserver).toBeUndefined();
    placeholderRenders.mockClear();
    render(
      <LazyRender placeholder={<Placeholder />}>
        <span>content</span>
      </LazyRender>,
    );
    expect(placeholderRenders).not.toHaveBeenCalled();
    expect(screen.getByText('content')).toBeTruthy();
  });

  it('still reports visibility', () => {
    const onVisible = vi.fn();
    render(<LazyRender onVisible={onVisible}>content</LazyRender>);
    expect(onVisible).toHaveBeenCalledTimes(1);
  });
});

describe('act wrapping', () => {
  beforeEach(() => installInViewMock());
  it('markInView is wrapped in act (no warnings, state applied synchronously)', () => {
    const error = vi.spyOn(console, 'error');
    render(<LazyRender>content</LazyRender>);
    act(() => undefined);
    markInView();
    expect(screen.getByText('content')).toBeTruthy();
    expect(error).not.toHaveBeenCalled();
  });
});

describe('LazyRender measures what the placeholder really holds', () => {
  beforeEach(() => installInViewMock());
  afterEach(() => resetLazy());

  it('warns about a placeholder taller than the content even without minHeight', () => {
    layoutBelowFold(218, 278);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(
      <LazyRender placeholder={<div style={{ height: 278 }} />} data-testid="box">
        content
      </LazyRender>,
    );
    markInView(screen.getByTestId('box'));
    expect(warn).toHaveBeenCalledExactlyOnceWith(expect.stringContaining('reserved 278px but its content is 218px'));
  });
});
