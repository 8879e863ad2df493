import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { RichText } from './RichText';
import { image } from './testing';

// Real Chromium at a phone's width: an image keeps its aspect ratio and the column's width, with or without
// the app's own `img { max-width: 100% }` (the reset most apps and the demo carry).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const svg = (w: number, h: number) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="teal"/></svg>`)}`;

async function drawn(w: number, h: number, appCss: string) {
  const style = document.head.appendChild(document.createElement('style'));
  style.textContent = appCss;
  const column = document.body.appendChild(document.createElement('div'));
  column.style.width = '358px'; // 390 px less the page's 16 px margins
  const root = createRoot(column);
  await act(async () =>
    root.render(<RichText value={[image({ alt: 'wide', url: svg(w, h), width: w, height: h })]} />),
  );
  const img = column.querySelector('img')!;
  await img.decode().catch(() => undefined);
  const box = img.getBoundingClientRect();
  act(() => root.unmount());
  column.remove();
  style.remove();
  return box;
}

describe('images at 390 px (issue: a 1200×600 image drawn 358×600)', () => {
  it.each([
    [1200, 600, 'img { max-width: 100%; }'],
    [720, 360, 'img { max-width: 100%; }'],
    [1200, 600, ''],
  ])('%i×%i in a 358 px column (app CSS: "%s") keeps its ratio and the column’s width', async (w, h, css) => {
    const box = await drawn(w, h, css);
    expect(box.width).toBeCloseTo(358, 0);
    expect(box.height).toBeCloseTo((358 * h) / w, 0);
  });

  it('a small image is not stretched to the column', async () => {
    const box = await drawn(200, 100, 'img { max-width: 100%; }');
    expect([box.width, box.height]).toEqual([200, 100]);
  });
});
