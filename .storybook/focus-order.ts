import { tabbable } from 'tabbable';

/**
 * The elements Tab stops at, in order: tabbable's list with one stop per radio group. tabbable keeps only a group's
 * checked radio, but every radio of a group with none checked; Chromium's Tab stops once in such a group, at its
 * first radio (a real Tab key through the survey's unanswered 1–5 rating: one stop, then the text box).
 */
function stops(root: HTMLElement) {
  const groups = new Map<object, Set<string>>();
  return tabbable(root).filter((element) => {
    if (!(element instanceof HTMLInputElement) || element.type !== 'radio' || !element.name) return true;
    const owner = element.form ?? element.ownerDocument;
    const names = groups.get(owner) ?? new Set();
    groups.set(owner, names);
    if (names.has(element.name)) return false;
    names.add(element.name);
    return true;
  });
}

/**
 * The toolbar's Focus order (preview.tsx): every element of the story a Tab key reaches, outlined and numbered in
 * the order Tab reaches it (tabbable's sequential focus order: positive tabindex first, then document order; one
 * stop per radio group; nothing hidden, disabled or inert), drawn over the page and redrawn as the story changes,
 * scrolls or is resized. The layer is `aria-hidden` and takes no pointer events: the story works as without it.
 * Returns what removes it.
 */
export function showFocusOrder(document: Document): () => void {
  const view = document.defaultView;
  if (!view) return () => {};
  const layer = document.createElement('div');
  layer.dataset.focusOrder = '';
  layer.setAttribute('aria-hidden', 'true');
  Object.assign(layer.style, {
    position: 'absolute',
    top: '0',
    left: '0',
    width: '0',
    height: '0',
    pointerEvents: 'none',
    zIndex: '2147483647',
  });
  document.body.append(layer);

  let frame = 0;
  const draw = () => {
    frame = 0;
    const root = document.getElementById('storybook-root') ?? document.body;
    // Placed from the layer's own corner, wherever a positioned ancestor or the scroll puts it.
    const origin = layer.getBoundingClientRect();
    layer.replaceChildren(
      ...stops(root).map((element, i) => {
        const box = element.getBoundingClientRect();
        const mark = document.createElement('div');
        mark.dataset.focusOrderIndex = String(i + 1);
        Object.assign(mark.style, {
          position: 'absolute',
          left: `${box.left - origin.left}px`,
          top: `${box.top - origin.top}px`,
          width: `${box.width}px`,
          height: `${box.height}px`,
          outline: '2px dashed #6d28d9',
          outlineOffset: '1px',
          // The same in forced colours: the overlay is a tool's drawing, not the story's.
          forcedColorAdjust: 'none',
        });
        const badge = document.createElement('span');
        badge.textContent = String(i + 1);
        Object.assign(badge.style, {
          position: 'absolute',
          left: '-0.6rem',
          top: '-0.6rem',
          minWidth: '1.25rem',
          padding: '0 0.25rem',
          borderRadius: '999px',
          background: '#6d28d9',
          color: '#ffffff',
          font: '700 12px/1.25rem system-ui, sans-serif',
          textAlign: 'center',
        });
        mark.append(badge);
        return mark;
      }),
    );
  };
  const redraw = () => {
    if (!frame) frame = view.requestAnimationFrame(draw);
  };
  // The story's own changes (not the layer's).
  const observer = new view.MutationObserver((records) => {
    if (records.some((record) => !layer.contains(record.target))) redraw();
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  view.addEventListener('resize', redraw);
  view.addEventListener('scroll', redraw, true);
  draw();
  return () => {
    view.cancelAnimationFrame(frame);
    observer.disconnect();
    view.removeEventListener('resize', redraw);
    view.removeEventListener('scroll', redraw, true);
    layer.remove();
  };
}
