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
afterEach(async (context) => {
  const storyId = (context.task.meta as { storyId?: string }).storyId;
  if (!storyId || context.task.result?.state === 'fail') return;
  // A check (a story test that is not a state of the component, tagged `check`) is not a picture to review.
  if (hooks.tags?.includes('check')) return;
  // A run at one toolbar width for every story (VITE_STORY_WIDTH, preview.tsx) checks interactions, not pictures.
  if (import.meta.env.VITE_STORY_WIDTH) return;
  const root = document.documentElement;
  for (const size of SHOTS) {
    await page.viewport(size.width, size.height);
    // The whole story, not only what fits the screen: a taller story gets a taller window (up to MAX_HEIGHT).
    const height = Math.min(Math.max(size.height, root.scrollHeight), MAX_HEIGHT);
    if (height > size.height) await page.viewport(size.width, height);
    for (const theme of THEMES) {
      applyTheme(root, theme);
      const name = referenceImage(storyId, size.type, theme);
      // Byte for byte the reference (.storybook/reference-images.ts): no PNG to decode and compare.
      if (await commands.sameAsReference(name)) continue;
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
  }
  applyTheme(root, 'light');
});

declare module 'vitest/browser' {
  interface BrowserCommands {
    sameAsReference(file: string): Promise<boolean>;
  }
}
