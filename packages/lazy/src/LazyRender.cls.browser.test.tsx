import { render, waitFor } from '../../../tooling/render';
// Not `./testing`: importing it installs the fake IntersectionObserver before each test (Vitest globals).
import { forgetMeasuredSizes, LazyRender } from './LazyRender';

// Cumulative Layout Shift, as Chromium reports it (PerformanceObserver 'layout-shift'), while a page
// of lazily rendered sections is scrolled through: step by step as with a wheel, then with jumps as
// with anchor links (a section then appears while its placeholder is already on screen).

interface LayoutShift extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
}

const heights = Array.from({ length: 24 }, (_, i) => 140 + ((i * 53) % 180));
const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
const section = (i: number) => document.querySelector<HTMLElement>(`[data-section="${i}"]`)!;
const revealed = (i: number) => section(i)?.dataset.lazyState === 'visible';

function Page({ estimate, keyed = false }: { estimate: (height: number) => number; keyed?: boolean }) {
  return (
    <main style={{ font: '16px/1.5 sans-serif' }}>
      <h1 style={{ height: 120, margin: 0 }}>Article</h1>
      {heights.map((height, i) => (
        <LazyRender
          key={i}
          minHeight={estimate(height)}
          sizeKey={keyed ? `section-${i}` : undefined}
          data-section={i}
          placeholder={<div style={{ background: '#eee', height: '100%' }} />}
        >
          <section style={{ height, margin: 0, borderTop: '1px solid #999', boxSizing: 'border-box' }}>
            <p style={{ margin: 0 }}>Section {i}</p>
          </section>
        </LazyRender>
      ))}
      <footer style={{ height: 200 }}>End</footer>
    </main>
  );
}

/** Runs `scroll`, then returns the layout-shift score Chromium recorded meanwhile. */
async function cls(scroll: () => Promise<void>): Promise<number> {
  const entries: LayoutShift[] = [];
  const observer = new PerformanceObserver((list) => entries.push(...(list.getEntries() as LayoutShift[])));
  observer.observe({ type: 'layout-shift' });
  await scroll();
  // Shifts are recorded when a frame renders: two more frames, then take what is still queued.
  await frame();
  await frame();
  entries.push(...(observer.takeRecords() as LayoutShift[]));
  observer.disconnect();
  return entries.filter((entry) => !entry.hadRecentInput).reduce((sum, entry) => sum + entry.value, 0);
}

/** Wheel-like: 120 px a step, two frames per step, to the bottom. */
async function scrollThrough() {
  const end = () => document.documentElement.scrollHeight - window.innerHeight;
  while (window.scrollY < end()) {
    window.scrollBy(0, 120);
    await frame();
    await frame();
  }
  await waitFor(() => expect(revealed(heights.length - 1)).toBe(true), { timeout: 5000 });
}

/** Anchor-like jumps: each target section is on screen before it is revealed. */
async function jumpTo(...targets: number[]) {
  for (const i of targets) {
    section(i).scrollIntoView({ block: 'start' });
    await waitFor(() => expect(revealed(i)).toBe(true), { timeout: 5000 });
    await frame();
  }
}

beforeEach(() => {
  forgetMeasuredSizes();
  window.scrollTo(0, 0);
});

describe('Layout shift while scrolling through LazyRender sections (Chromium)', () => {
  it('the measurement sees shifts (positive control): wrong estimates and jumps shift the layout', async () => {
    render(<Page estimate={(height) => height + 80} />);
    await waitFor(() => expect(revealed(0)).toBe(true), { timeout: 5000 });
    const score = await cls(() => jumpTo(8, 16));
    expect(score).toBeGreaterThan(0.01);
  });

  it('minHeight set to the content height: CLS ≤ 0.01, scrolling step by step and jumping', async () => {
    const warn = vi.spyOn(console, 'warn');
    render(<Page estimate={(height) => height} />);
    await waitFor(() => expect(revealed(0)).toBe(true), { timeout: 5000 });
    const score = await cls(async () => {
      await jumpTo(9, 17);
      window.scrollTo(0, 0);
      await frame();
      await scrollThrough();
    });
    expect(score).toBeLessThanOrEqual(0.01);
    expect(warn).not.toHaveBeenCalled();
  });

  it('remounted with wrong estimates, sections reserve the height measured under their sizeKey: CLS ≤ 0.01', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const first = render(<Page estimate={(height) => height + 80} keyed />);
    await waitFor(() => expect(revealed(0)).toBe(true), { timeout: 5000 });
    await scrollThrough(); // every section measured once (with a warning naming the right minHeight)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`minHeight={${heights[5]}}`));
    first.unmount();
    window.scrollTo(0, 0);

    render(<Page estimate={(height) => height + 80} keyed />);
    await waitFor(() => expect(revealed(0)).toBe(true), { timeout: 5000 });
    expect(section(12).style.minHeight).toBe(`${heights[12]}px`);
    const score = await cls(() => jumpTo(8, 16));
    expect(score).toBeLessThanOrEqual(0.01);
  });
});
