import { render, waitFor } from '../../../tooling/render';
import { LazyRender } from './LazyRender';

const ITEM = 40;
const items = Array.from({ length: 1000 }, (_, i) => i);

/** Count IntersectionObserver constructions by wrapping the real one (behaviour unchanged). */
let constructed = 0;
const RealObserver = window.IntersectionObserver;
beforeAll(() => {
  window.IntersectionObserver = class extends RealObserver {
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      super(callback, options);
      constructed += 1;
    }
  };
});
afterAll(() => {
  window.IntersectionObserver = RealObserver;
});
beforeEach(() => {
  constructed = 0;
  window.scrollTo(0, 0);
});

function List() {
  return (
    <main>
      {items.map((i) => (
        <LazyRender key={i} minHeight={ITEM} placeholder={<span className="ph" />} data-item={i}>
          <p className="content" style={{ height: ITEM, margin: 0 }}>
            item {i}
          </p>
        </LazyRender>
      ))}
    </main>
  );
}

const revealed = () => new Set([...document.querySelectorAll('p.content')].map((p) => p.textContent));
const scrollToItem = (i: number) => document.querySelector(`[data-item="${i}"]`)!.scrollIntoView({ block: 'start' });

describe('1,000 LazyRender items in Chromium', () => {
  it('reveals content as it is scrolled to, with one shared observer (StrictMode: at most 2)', async () => {
    render(<List />);
    const height = document.documentElement.scrollHeight;
    // Above the fold (600px viewport + 200px margin) plus nothing else.
    await waitFor(() => expect(revealed().has('item 0')).toBe(true), { timeout: 5000 });
    const first = revealed();
    expect(first.size).toBeGreaterThanOrEqual(15);
    expect(first.size).toBeLessThanOrEqual(22);
    expect(first.has('item 100')).toBe(false);

    scrollToItem(500);
    await waitFor(() => expect(revealed().has('item 500')).toBe(true), { timeout: 5000 });
    expect(revealed().has('item 300')).toBe(false); // jumped over, never near the viewport
    expect(revealed().has('item 999')).toBe(false);

    window.scrollTo(0, document.documentElement.scrollHeight);
    await waitFor(() => expect(revealed().has('item 999')).toBe(true), { timeout: 5000 });
    expect(revealed().size).toBeLessThan(100);

    // The placeholder reserved exactly the space the content took: nothing shifted.
    expect(document.documentElement.scrollHeight).toBe(height);
    expect(constructed).toBeGreaterThanOrEqual(1);
    expect(constructed).toBeLessThanOrEqual(2);
  });

  it('creates exactly one observer for 1,000 items outside StrictMode', async () => {
    render(<List />, { strict: false });
    await waitFor(() => expect(revealed().has('item 0')).toBe(true), { timeout: 5000 });
    scrollToItem(700);
    await waitFor(() => expect(revealed().has('item 700')).toBe(true), { timeout: 5000 });
    expect(constructed).toBe(1);
  });
});
