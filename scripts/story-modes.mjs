#!/usr/bin/env node
// The stories in the accessibility modes a page's script cannot switch: every story (not a `check`) opened in
// Chromium with forced colours (`forced-colors: active`, Windows High Contrast) and reduced motion
// (`prefers-reduced-motion: reduce`) emulated, its play function run as Storybook runs it at each of the toolbar's
// widths (phone, tablet, desktop: whatever width a story opens at, its interaction must pass at the one a designer
// picks), then axe (the axe-core the a11y addon uses) on the story's root. Three renders and one axe pass per story,
// no screenshots. The suite runs it
// against the static Storybook (scripts/storybook-static.mjs).
// Usage: `node scripts/story-modes.mjs [--url <a running Storybook>] [--only <story id part>,…]`, against
// `pnpm storybook` (default http://127.0.0.1:6006, or STORYBOOK_PORT). Exit code 1 lists each story whose play
// function failed or which axe found violations in, in these modes, each node with its figures; a node axe is wrong
// about (knownExceptions, below: the test and the figures) is printed with its reason instead.
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../tooling/chromium.mjs';
import { WIDTHS as STORY_WIDTHS } from '../tooling/widths.mjs';
import { recordChannelEvents } from './storybook-channel.mjs';

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
// Where axe is wrong. Each entry names the axe rule, the figures that show axe wrong and a test run on each node it
// found: a node is excused only when that test holds for it (with its figures printed), never a rule or a story as a
// whole. Anything else axe finds fails.
const knownExceptions = [
  {
    rule: 'color-contrast',
    // Measured on flags-feature--dark's `dd` (dark theme, forced colours): `color` computes to rgb(0, 0, 0), the
    // forced CanvasText that Chromium draws, while `-webkit-text-fill-color` still resolves to the author's
    // rgb(241, 245, 249) (--color-text in the dark theme). axe-core 4.14 takes the foreground from
    // `-webkit-text-fill-color` first (its getForegroundColor), and the background from the forced Canvas, so it
    // measured 1.09:1 (#f1f5f9 on #ffffff) for text drawn black on white (21:1). Every dark-themed story, the
    // inspector (dark in both themes) and the tokens' dark column reported this. The node is excused only if the
    // colour Chromium draws (`color`) on axe's own background reaches the ratio axe asked for.
    reason:
      'forced colours: axe read the author colour from -webkit-text-fill-color; the text is drawn in the forced colour',
    holds: (node) => node.drawn !== undefined && node.drawn.ratio >= node.drawn.expected,
  },
];
/**
 * The toolbar's widths (tooling/widths.mjs): every story's interaction runs at each, whatever width it
 * opens at, as when a designer picks one in the toolbar; axe runs at the last.
 */
const WIDTHS = Object.entries(STORY_WIDTHS).map(([name, { width, height }]) => ({ name, width, height }));
const browser = await chromium.launch(chromiumLaunchOptions());
const context = await browser.newContext({ viewport: WIDTHS[0] });
// What Storybook's preview announces on its channel: a play function's failure, and a story's render finished (its
// play function run).
await recordChannelEvents(context, { playFunctionThrewException: '__playError', storyFinished: '__finished' });
const page = await context.newPage();
await page.emulateMedia({ forcedColors: 'active', reducedMotion: 'reduce' });
const failures = [];
const excepted = [];
const started = Date.now();
/** Storybook's preview has rendered `id` and run its play function (or failed): how it ended, or 'timed out'. */
const rendered = (id) =>
  page
    .waitForFunction(
      (id) => {
        if (window.__finished?.storyId === id) return window.__finished.status;
        const render = window.__STORYBOOK_PREVIEW__?.currentRender;
        return render?.id === id && ['errored', 'aborted'].includes(render.phase) && render.phase;
      },
      id,
      { timeout: 60_000 },
    )
    .then(
      (handle) => handle.jsonValue(),
      () => 'timed out',
    );
try {
  // One preview for every story, switched as Storybook's manager switches it (its `setCurrentStory` event, and
  // `forceRemount` to play a story again at the next width), as the story tests keep one page: a page load per story
  // booted the preview (about 0.35 CPU-s) 101 times.
  for (const [i, story] of stories.entries()) {
    if (process.env.VERBOSE) console.log(story.id);
    for (const [j, size] of WIDTHS.entries()) {
      await page.setViewportSize({ width: size.width, height: size.height });
      if (i === 0 && j === 0) {
        // `a11y.manual`: the a11y addon's own axe run after every render is left out (its report would fail a story
        // on what knownExceptions excuses); this script runs axe itself, once per story.
        await page.goto(
          `${base}/iframe.html?id=${encodeURIComponent(story.id)}&viewMode=story&globals=a11y.manual:!true`,
          {
            timeout: 120_000,
          },
        );
        await page.addScriptTag({ path: axe });
      } else
        await page.evaluate(
          ({ storyId, again }) => {
            window.__playError = undefined;
            window.__finished = undefined;
            const channel = window.__STORYBOOK_ADDONS_CHANNEL__;
            if (again) channel.emit('forceRemount', { storyId });
            else channel.emit('setCurrentStory', { storyId, viewMode: 'story' });
          },
          { storyId: story.id, again: j > 0 },
        );
      // Done: the story rendered and its play function ran (or failed).
      const ended = await rendered(story.id);
      const playError = await page.evaluate(
        () => window.__playError && String(window.__playError.message ?? window.__playError),
      );
      if (ended !== 'success' || playError)
        failures.push(
          `${story.id}: at ${size.name} width, ${playError ? `its play function failed: ${playError}` : ended}`,
        );
    }
    const nodes = await page.evaluate(async () => {
      const { violations } = await window.axe.run('#storybook-root', {
        resultTypes: ['violations'],
        elementRef: true,
      });
      const { Color, getContrast } = window.axe.commons.color;
      const forced = matchMedia('(forced-colors: active)').matches;
      return violations.flatMap((v) =>
        v.nodes.map((node) => {
          const data = node.any.find((check) => check.data?.contrastRatio !== undefined)?.data;
          const style = node.element && getComputedStyle(node.element);
          // The colour drawn, when forced colours replaced the one axe read (see knownExceptions).
          const drawn =
            data && forced && style && style.color !== style.webkitTextFillColor
              ? (() => {
                  const fg = new Color().parseString(style.color);
                  const ratio = getContrast(new Color().parseString(data.bgColor), fg);
                  return { fg: fg.toHexString(), ratio, expected: Number.parseFloat(data.expectedContrastRatio) };
                })()
              : undefined;
          return {
            rule: v.id,
            criterion: v.tags.filter((tag) => /^wcag\d{3,}$/.test(tag)).join(' '),
            target: node.target.join(' '),
            detail: data
              ? `${data.contrastRatio}:1 (needs ${data.expectedContrastRatio}), ${data.fgColor} on ${data.bgColor}, ` +
                `${data.fontSize} ${data.fontWeight}${drawn ? `; drawn ${drawn.fg} on ${data.bgColor}, ${drawn.ratio.toFixed(2)}:1` : ''}`
              : node.failureSummary?.split('\n').slice(1).join(' ').trim(),
            drawn,
          };
        }),
      );
    });
    for (const node of nodes) {
      const known = knownExceptions.find((e) => node.rule === e.rule && e.holds(node));
      const line = `${story.id}: axe ${node.rule} [${node.criterion}] ${node.target}: ${node.detail}`;
      if (known) excepted.push({ story: story.id, line, reason: known.reason });
      else failures.push(line);
    }
  }
} finally {
  await browser.close();
}
const bad = new Set(failures.map((f) => f.split(':')[0])).size;
console.log(
  `story modes (forced colours, reduced motion; phone, tablet and desktop width): ${stories.length - bad} of ` +
    `${stories.length} stories passed in ` +
    `${((Date.now() - started) / 1000).toFixed(1)} s`,
);
// The excused nodes: one line per story and reason (each node with VERBOSE=1).
const excused = new Map();
for (const e of excepted)
  excused.set(`${e.story}: ${e.reason}`, [...(excused.get(`${e.story}: ${e.reason}`) ?? []), e]);
for (const [key, nodes] of excused) {
  console.log(`  ~ ${key} (${nodes.length} nodes, e.g. ${nodes[0].line.slice(nodes[0].story.length + 2)})`);
  if (process.env.VERBOSE) for (const node of nodes) console.log(`      ${node.line}`);
}
if (failures.length) {
  console.error(failures.map((f) => `  ✘ ${f}`).join('\n'));
  process.exit(1);
}
