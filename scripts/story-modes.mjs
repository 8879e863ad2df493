#!/usr/bin/env node
// The stories in the accessibility modes a page's script cannot switch: every story (not a `check`) opened in
// Chromium with forced colours (`forced-colors: active`, Windows High Contrast) and reduced motion
// (`prefers-reduced-motion: reduce`) emulated, its play function run as Storybook runs it, then axe (the axe-core the
// a11y addon uses) on the story's root. One render and one axe pass per story, no screenshots. Not a step of the
// suite: the story tests' step would grow by a render and an axe run per story (more than the ~20 s it may grow).
// Usage: `node scripts/story-modes.mjs [--url <a running Storybook>] [--only <story id part>,…]`, against
// `pnpm storybook` (default http://127.0.0.1:6006, or STORYBOOK_PORT). Exit code 1 lists each story whose play
// function failed or which axe found violations in, in these modes.
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../tooling/chromium.mjs';

const { values } = parseArgs({ options: { url: { type: 'string' }, only: { type: 'string' } } });
const base = values.url ?? `http://127.0.0.1:${process.env.STORYBOOK_PORT ?? 6006}`;
const axe = createRequire(`${realpathSync('node_modules/@storybook/addon-a11y')}/`).resolve('axe-core/axe.min.js');

const index = await (await fetch(`${base}/index.json`)).json();
const stories = Object.values(index.entries).filter(
  (entry) =>
    entry.type === 'story' &&
    !entry.tags.includes('check') &&
    (!values.only || values.only.split(',').some((part) => entry.id.includes(part))),
);
const browser = await chromium.launch(chromiumLaunchOptions());
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
// A play function's failure, as Storybook's preview announces it on its channel.
await context.addInitScript(() => {
  let channel;
  Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
    configurable: true,
    get: () => channel,
    set(value) {
      channel = value;
      value.on('playFunctionThrewException', (error) => {
        window.__playError = String(error?.message ?? error);
      });
    },
  });
});
const page = await context.newPage();
await page.emulateMedia({ forcedColors: 'active', reducedMotion: 'reduce' });
const failures = [];
const started = Date.now();
try {
  for (const story of stories) {
    if (process.env.VERBOSE) console.log(story.id);
    await page.goto(`${base}/iframe.html?id=${encodeURIComponent(story.id)}&viewMode=story`, { timeout: 120_000 });
    // Done: the story rendered and its play function ran (or failed).
    const phase = await page
      .waitForFunction(
        () => {
          const phase = window.__STORYBOOK_PREVIEW__?.currentRender?.phase;
          return ['finished', 'completed', 'errored', 'aborted'].includes(phase) && phase;
        },
        undefined,
        { timeout: 60_000 },
      )
      .then(
        (handle) => handle.jsonValue(),
        () => 'timed out',
      );
    const playError = await page.evaluate(() => window.__playError);
    if (!['finished', 'completed'].includes(phase) || playError)
      failures.push(`${story.id}: ${playError ? `its play function failed: ${playError}` : phase}`);
    await page.addScriptTag({ path: axe });
    const violations = await page.evaluate(async () => {
      const { violations } = await window.axe.run('#storybook-root', { resultTypes: ['violations'] });
      return violations.map((v) => `${v.id} (${v.nodes.length})`);
    });
    if (violations.length) failures.push(`${story.id}: axe: ${violations.join(', ')}`);
  }
} finally {
  await browser.close();
}
const bad = new Set(failures.map((f) => f.split(':')[0])).size;
console.log(
  `story modes (forced colours, reduced motion): ${stories.length - bad} of ${stories.length} stories passed in ` +
    `${((Date.now() - started) / 1000).toFixed(1)} s`,
);
if (failures.length) {
  console.error(failures.map((f) => `  ✘ ${f}`).join('\n'));
  process.exit(1);
}
