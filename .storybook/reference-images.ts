// The story tests' fast path to their reference images (a Vitest browser command: it runs in Node, beside Playwright).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type {} from '@vitest/browser-playwright';
import type { BrowserCommand } from 'vitest/node';
import { SCREENSHOT } from './widths';

/** Where the reference images are (vitest.config.ts's `resolveScreenshotPath` names the same folder). */
export const REFERENCE_FOLDER = join(import.meta.dirname, 'screenshots');

/**
 * Takes the story's screenshot as `toMatchScreenshot` does (Playwright, the frame's body, `SCREENSHOT`'s options) and
 * says whether its PNG is byte for byte the reference. Chromium encodes the same pixels to the same bytes, so an
 * unchanged story passes here without a PNG being decoded or compared in Node (that was over half of the story
 * tests' screenshot time). Anything else is left to `toMatchScreenshot`, which compares
 * pixels with its tolerance and reports a diff. When references are updated (`vitest -u`), the reference is written
 * as Chromium encoded it, so the next run takes the fast path.
 */
export const sameAsReference: BrowserCommand<[file: string]> = async (context, file) => {
  const { iframe } = context;
  const shot = await iframe.locator('body').screenshot({
    animations: SCREENSHOT.animations,
    caret: SCREENSHOT.caret,
    mask: [iframe.locator(SCREENSHOT.volatile)],
  });
  const path = join(REFERENCE_FOLDER, file);
  const reference = await readFile(path).catch(() => null);
  if (reference?.equals(shot)) return true;
  if (context.project.serializedConfig.snapshotOptions.updateSnapshot !== 'all') return false;
  await writeFile(path, shot);
  return true;
};
