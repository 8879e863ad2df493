// The story tests' own setup (Vitest only; Storybook never loads this file).
import { afterEach, expect } from 'vitest';
import { commands, page } from 'vitest/browser';
import { applyTheme, referenceImage, SCREENSHOT, type StoryTestHooks, THEMES, WIDTHS } from './widths';

const hooks: StoryTestHooks = { resize: (width, height) => page.viewport(width, height) };
(globalThis as { __plinthStoryTest?: StoryTestHooks }).__plinthStoryTest = hooks;

/**
 * Visual regression: after a story's test passed (render, play function, accessibility), the story as it
 * stands is compared with its committed reference images, on a phone and a desktop, light and dark
 * (.storybook/screenshots/<story id>--<width>-<theme>.png). A changed token or component fails here and
 * shows the picture; `pnpm test-storybook:update` writes new references to review and commit.
 */
const SHOTS = [WIDTHS.phone, WIDTHS.desktop] as const;
/** The tallest screenshot; the browser window (vitest.config.ts) is at least this tall, so nothing is scaled. */
const MAX_HEIGHT = 4000;
/**
 * The demo's own UI (not the design tokens' reference) in two of the toolbar's accessibility modes, light, as
 * preview.tsx applies them: text at 200 % (WCAG 1.4.4) at the desktop's width (first: the four shots end there), and
 * right to left at a phone's. Each has its reference image, and neither may make the page wider than the screen.
 */
const MODES = [
  {
    mode: 'text200',
    size: WIDTHS.desktop,
    apply: (root: HTMLElement, on: boolean) => {
      root.style.fontSize = on ? '200%' : '';
    },
  },
  {
    mode: 'rtl',
    size: WIDTHS.phone,
    apply: (root: HTMLElement, on: boolean) => {
      root.dir = on ? 'rtl' : '';
    },
  },
] as const;
const inModes = (storyId: string) => storyId.startsWith('demo-') && !storyId.startsWith('demo-design-tokens');
/** Sizes the window for the whole story at `size` (a taller story gets a taller window, up to MAX_HEIGHT). */
async function fit(root: HTMLElement, size: { width: number; height: number }) {
  await page.viewport(size.width, size.height);
  const height = Math.min(Math.max(size.height, root.scrollHeight), MAX_HEIGHT);
  if (height > size.height) await page.viewport(size.width, height);
}
/** Compares the story as it stands with its reference image `name`. */
async function compare(name: string) {
  // Byte for byte the reference (.storybook/reference-images.ts): no PNG to decode and compare.
  if (await commands.sameAsReference(name)) return;
  await expect.element(page.elementLocator(document.body)).toMatchScreenshot(name, {
    // Up to 0.5 % of the pixels may differ: between runs Chromium can place a line of text a pixel
    // apart (a 1 px shift of one line is about 0.3 % of a phone screenshot). A token or a component
    // change moves more than that (shown failing with one colour token and one border changed).
    comparatorOptions: { allowedMismatchedPixelRatio: 0.005, threshold: 0.02 },
    screenshotOptions: {
      animations: SCREENSHOT.animations,
      caret: SCREENSHOT.caret,
      mask: [...document.querySelectorAll(SCREENSHOT.volatile)],
    },
  });
}
afterEach(async (context) => {
  const storyId = (context.task.meta as { storyId?: string }).storyId;
  if (!storyId || context.task.result?.state === 'fail') return;
  // A check (a story test that is not a state of the component, tagged `check`) is not a picture to review.
  if (hooks.tags?.includes('check')) return;
  // A run at one toolbar width for every story (VITE_STORY_WIDTH, preview.tsx) checks interactions, not pictures.
  if (import.meta.env.VITE_STORY_WIDTH) return;
  const root = document.documentElement;
  for (const size of SHOTS) {
    // The whole story, not only what fits the screen.
    await fit(root, size);
    for (const theme of THEMES) {
      applyTheme(root, theme);
      await compare(referenceImage(storyId, size.type, theme));
    }
  }
  applyTheme(root, 'light');
  if (!inModes(storyId)) return;
  for (const { mode, size, apply } of MODES) {
    apply(root, true);
    try {
      await fit(root, size);
      const overflow = root.scrollWidth - root.clientWidth;
      expect(overflow, `${storyId} in ${mode}: the page is ${overflow} px wider than the screen`).toBeLessThanOrEqual(
        0,
      );
      await compare(referenceImage(storyId, size.type, 'light', mode));
    } finally {
      apply(root, false);
    }
  }
});

declare module 'vitest/browser' {
  interface BrowserCommands {
    sameAsReference(file: string): Promise<boolean>;
  }
}
