#!/usr/bin/env node
// The docs-page test: every Storybook docs page, opened as a reader opens it (at a desktop and a phone width), must
// - stay at scroll 0 with its title on screen after every story frame on it has rendered and run its interaction
//   (a play function inside a frame must not take the docs page's focus or scroll it),
// - show each frame's story whole: the frame as tall as the story (no inner scrolling, no cap), and not scrolled
//   inside, and never narrower than a phone (a narrower column shows the phone's width scaled down),
// - keep the docs page's focus where it was (on its own body) while the frames play.
// - (without --only) find every component by the words on its Purpose page in Storybook's sidebar search, and see each
//   component's status tag (stable under packages/, beta in the demo).
// - look as its reference image shows it (the visual regression): each component's docs page as it opens (the
//   viewport: title, status, guidance, the first states) at both widths in both themes, in
//   .storybook/docs-screenshots/. A PNG byte for byte its reference passes; any other is compared pixel by pixel
//   (pngjs), and one that differs leaves the actual image and a diff in test-results/docs-pages/. Every check above is
//   made at the desktop width in the light theme and at the phone width in the dark one; the other theme at each width
//   is opened for its screenshot and the docs text's theme, with only the frames its viewport shows drawn.
// Usage: `node scripts/docs-pages.mjs [--url <a running Storybook>] [--only <docs id part>,… | --search] [--update]
// [--verbose]`, against `pnpm storybook` (default http://127.0.0.1:6006, or STORYBOOK_PORT); the suite runs it
// against the static build (scripts/storybook-static.mjs). `--update` writes the reference images of the pages it
// opens: look at them, and commit them.
// Exit code 1 lists each failure (page, width, theme, what).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright';
import { PNG } from 'pngjs';
import { chromiumLaunchOptions, STABLE_PIXELS_ARGS } from '../tooling/chromium.mjs';
import { SCREENSHOT, WIDTHS as STORY_WIDTHS } from '../tooling/widths.mjs';
import { recordChannelEvents } from './storybook-channel.mjs';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    port: { type: 'string' },
    only: { type: 'string' },
    search: { type: 'boolean' },
    update: { type: 'boolean' },
    verbose: { type: 'boolean' },
  },
});

/** The widths a docs page is read at (tooling/widths.mjs's phone and desktop). */
const WIDTHS = [
  { ...STORY_WIDTHS.desktop, name: 'desktop', theme: 'light' },
  // The phone's pass reads the pages in the dark theme (the toolbar's Theme), so both themes are read once.
  { ...STORY_WIDTHS.phone, name: 'phone', theme: 'dark' },
];
/** The narrowest width a story is drawn at on a docs page (tooling/widths.mjs's phone). */
const PHONE_WIDTH = WIDTHS.find(({ name }) => name === 'phone').width;
/**
 * How many of a docs page's frames its viewport can show (the primary story's, under the title, status and
 * guidance): the other theme's pass draws these and no more.
 */
const VIEWPORT_FRAMES = 1;
/** How long a page's frames may take to render and play (an upper bound, not a wait). */
const SETTLE_MS = 120_000;

/** The docs pages' reference images, and where a run leaves what differs from them. */
const REFERENCES = join(import.meta.dirname, '..', '.storybook', 'docs-screenshots');
const RESULTS = join(import.meta.dirname, '..', 'test-results', 'docs-pages');
/** A pixel differs when a channel is off by more than this (anti-aliasing noise stays under it). */
const CHANNEL_TOLERANCE = 16;

rmSync(RESULTS, { recursive: true, force: true });
const base = values.url ?? `http://127.0.0.1:${process.env.STORYBOOK_PORT ?? 6006}`;

/**
 * Compares a docs page's screenshot with its reference image: equal bytes pass at once (Chromium encodes the same
 * pixels to the same bytes); otherwise the pixels are compared, and a page that differs leaves the actual image
 * and a diff (differing pixels red over a faded copy) in test-results/docs-pages/. `--update` writes the reference.
 * @returns {string | undefined} what differs, or nothing.
 */
function compareWithReference(name, shot) {
  const path = join(REFERENCES, name);
  if (values.update) {
    mkdirSync(REFERENCES, { recursive: true });
    writeFileSync(path, shot);
    return undefined;
  }
  let reference;
  try {
    reference = readFileSync(path);
  } catch {
    return `no reference image ${name} (run with --update, look at it, commit it)`;
  }
  if (reference.equals(shot)) return undefined;
  const [want, got] = [PNG.sync.read(reference), PNG.sync.read(shot)];
  let differing = 0;
  const diff = new PNG({ width: got.width, height: got.height });
  if (want.width === got.width && want.height === got.height) {
    for (let i = 0; i < got.data.length; i += 4) {
      const off = [0, 1, 2, 3].some((c) => Math.abs(got.data[i + c] - want.data[i + c]) > CHANNEL_TOLERANCE);
      if (off) differing++;
      const faded = 255 - (255 - got.data[i]) / 4;
      diff.data.set(off ? [255, 0, 0, 255] : [faded, faded, faded, 255], i);
    }
    if (differing === 0) return undefined;
  }
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(join(RESULTS, name.replace(/\.png$/, '-actual.png')), shot);
  if (differing) writeFileSync(join(RESULTS, name.replace(/\.png$/, '-diff.png')), PNG.sync.write(diff));
  return differing
    ? `differs from its reference image in ${differing} pixels (test-results/docs-pages/)`
    : `is ${got.width} × ${got.height} px, its reference image ${want.width} × ${want.height}`;
}

async function waitForIndex() {
  const until = Date.now() + 180_000;
  for (;;) {
    try {
      const response = await fetch(`${base}/index.json`);
      if (response.ok) return (await response.json()).entries;
    } catch {}
    if (Date.now() > until) throw new Error(`no Storybook answered at ${base}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * In the docs page: once every frame has rendered its story and finished its play function (the frame's own
 * Storybook said so) and no frame has changed height for a second, what the reader sees.
 */
function readPage() {
  const frames = [...document.querySelectorAll('.sbdocs iframe')];
  const title = document.querySelector('.sbdocs-title, .sbdocs h1');
  const titleBox = title?.getBoundingClientRect();
  /** Relative luminance (0 black … 1 white) of a computed rgb() colour. */
  const luminance = (colour) => {
    const [r, g, b] = (colour.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map((c) => {
      const v = Number(c) / 255;
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const content = document.querySelector('.sbdocs-wrapper') ?? document.body;
  return {
    scrollY: Math.round(document.scrollingElement?.scrollTop ?? 0),
    title: title?.textContent ?? null,
    titleVisible: Boolean(titleBox && titleBox.top >= 0 && titleBox.bottom <= window.innerHeight),
    focus: document.activeElement?.tagName.toLowerCase() ?? null,
    background: luminance(getComputedStyle(content).backgroundColor),
    text: title ? luminance(getComputedStyle(title).color) : null,
    frames: frames.map((frame) => {
      const doc = frame.contentDocument;
      const root = doc?.getElementById('storybook-root');
      const state = frame.dataset.docsFrame;
      const scroller = doc?.scrollingElement;
      return {
        title: frame.title,
        state,
        height: frame.clientHeight,
        top: Math.round(frame.getBoundingClientRect().top),
        width: frame.offsetWidth,
        claimed: Number(frame.dataset.width) || null,
        // The story in the frame failed: its play function threw (preview.tsx marks the frame), or it could not
        // render (Storybook's error display).
        errored:
          frame.dataset.docsFrameError ??
          (doc?.body?.classList.contains('sb-show-errordisplay') ? 'it could not render' : undefined),
        scrollTop: Math.round(scroller?.scrollTop ?? 0),
        scrollHeight: scroller?.scrollHeight ?? 0,
        story: root ? Math.ceil(root.getBoundingClientRect().bottom + (doc?.defaultView?.scrollY ?? 0)) : 0,
      };
    }),
  };
}

const index = Object.values(await waitForIndex());
const entries = index.filter(
  (entry) => entry.type === 'docs' && (!values.only || values.only.split(',').some((part) => entry.id.includes(part))),
);
const launch = chromiumLaunchOptions();
const browser = await chromium.launch({ ...launch, args: [...launch.args, ...STABLE_PIXELS_ARGS] });
const failures = [];
const started = Date.now();

/**
 * Findable and labelled: every component (a title with stories that are not `check`s) has exactly one status tag,
 * `stable` under packages/ (published) and `beta` in the demo, and a "Purpose" page (.storybook/purpose/*.mdx) whose
 * headings are the words a designer searches for. Each word is typed into Storybook's own sidebar search (the
 * manager, as a designer uses it), which must list that component's Purpose page.
 */
async function checkFindable() {
  const t0 = Date.now();
  const components = new Map();
  for (const entry of index)
    if (entry.type === 'story' && !entry.tags.includes('check') && !components.has(entry.title))
      components.set(entry.title, entry);
  const purposes = index.filter((entry) => entry.type === 'docs' && entry.name === 'Purpose');
  for (const [title, story] of components) {
    const statuses = ['stable', 'beta'].filter((tag) => story.tags.includes(tag));
    const expected = story.importPath.startsWith('./packages/') ? 'stable' : 'beta';
    if (statuses.length !== 1 || statuses[0] !== expected)
      failures.push(`status: ${title} is tagged ${JSON.stringify(statuses)}, not ["${expected}"]`);
    if (!purposes.some((purpose) => purpose.title === title))
      failures.push(`search: ${title} has no Purpose page (.storybook/purpose/<name>.mdx)`);
  }
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${base}/?path=/docs/${purposes[0]?.id}`, { timeout: 180_000 });
  const search = page.locator('#storybook-explorer-searchfield');
  await search.waitFor({ timeout: 180_000 });
  let words = 0;
  for (const purpose of purposes) {
    for (const { title } of purpose.anchors ?? []) {
      const [word, name] = title.split(' → ');
      if (!name) continue;
      words++;
      await search.fill(word);
      // A result names its component's path under its own name ("Purpose / cookies → Consent banner", "demo",
      // "Consent banner"). Search lists one result per component: a story whose name matches better stands for it.
      const path = purpose.title.split('/').join('\n');
      const found = await page
        .waitForFunction(
          (path) =>
            [...document.querySelectorAll('#storybook-explorer-menu li')].some(
              // biome-ignore lint/performance/useDomNodeTextContent: a result's lines (name, group, component) are apart only as rendered
              (li) => li.innerText.endsWith(path),
            ),
          path,
          { timeout: 5000 },
        )
        .then(
          () => true,
          () => false,
        );
      if (!found) failures.push(`search: "${word}" does not list ${purpose.title} (its heading "${title}")`);
    }
  }
  await context.close();
  console.log(
    `search: ${words} words of ${purposes.length} Purpose pages typed into the sidebar in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
}

/**
 * The page once its frames (the first `drawn` of them) say their stories rendered (and played) and the heights have
 * held still for a second.
 */
async function settled(page, where, drawn = Number.POSITIVE_INFINITY) {
  let last = '';
  let still = 0;
  const until = Date.now() + SETTLE_MS;
  for (;;) {
    const seen = await page.evaluate(readPage);
    const frames = seen.frames.slice(0, drawn);
    const key = JSON.stringify(frames.map((f) => [f.state, f.height]));
    still = key === last && frames.every((f) => f.state === undefined || f.state === 'played') ? still + 1 : 0;
    last = key;
    if (still >= 4) return seen;
    if (Date.now() > until) {
      failures.push(`${where}: frames never settled (${key})`);
      return seen;
    }
    await page.waitForTimeout(250);
  }
}

/** The docs text (its background and title) is in `theme`. */
function inTheme(seen, theme, where) {
  const dark = seen.background < 0.2 && (seen.text ?? 1) > 0.5;
  const light = seen.background > 0.8 && (seen.text ?? 0) < 0.2;
  if (theme === 'dark' ? !dark : !light)
    failures.push(
      `${where}: the docs text is not in the ${theme} theme (luminance: background ${seen.background.toFixed(2)}, title ${seen.text?.toFixed(2)})`,
    );
}

/** The visual regression: the docs page's viewport, compared with its reference image `name`. */
async function compareScreen(page, seen, name, where) {
  const shot = await page.screenshot({
    animations: SCREENSHOT.animations,
    caret: SCREENSHOT.caret,
    mask: [
      page.locator(SCREENSHOT.volatile),
      ...seen.frames.map((_, i) => page.frameLocator('.sbdocs iframe').nth(i).locator(SCREENSHOT.volatile)),
    ],
  });
  const differs = compareWithReference(name, shot);
  if (differs) failures.push(`${where}: ${differs}`);
}

try {
  if (!values.only) await checkFindable();
  // --search: only the search and status check (a few seconds), no docs page opened.
  // The widths side by side, each in its own browser context: much of a page's time is waiting for its frames to
  // settle, and the two waits overlap.
  const read = async ({ name, width, height, theme }) => {
    const context = await browser.newContext({ viewport: { width, height } });
    // The docs page Storybook's preview has rendered last (its `docsRendered` event).
    await recordChannelEvents(context, { docsRendered: '__docsRendered' });
    const page = await context.newPage();
    for (const [i, entry] of entries.entries()) {
      const where = `${entry.id} at ${name}, ${theme}`;
      /**
       * Opens the page and waits until it has settled; the page as the reader sees it then. The first page is opened
       * by its address; each next one as a reader moves on from the sidebar, in the same preview (Storybook's manager
       * sends its `setCurrentStory` event): a page load per docs page booted the preview 72 times (0.5 CPU-s each).
       */
      const open = async () => {
        if (i === 0 || page.url() === 'about:blank')
          await page.goto(
            `${base}/iframe.html?id=${encodeURIComponent(entry.id)}&viewMode=docs&globals=theme:${theme}`,
            { timeout: 180_000 },
          );
        else
          await page.evaluate(
            (storyId) => window.__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId, viewMode: 'docs' }),
            entry.id,
          );
        await page.waitForFunction((id) => window.__docsRendered === id, entry.id, { timeout: 300_000 });
        await page.waitForSelector('.sbdocs', { timeout: 300_000 });
        return settled(page, where);
      };
      // A dev server reloads a page when it first bundles a dependency a story needs: opened again then.
      let seen;
      for (let attempt = 1; !seen; attempt++) {
        seen = await open().catch(async (error) => {
          if (attempt === 3 || !/context was destroyed|navigation/i.test(String(error))) throw error;
          await page.waitForTimeout(2000);
        });
      }
      if (values.verbose) console.log(where, JSON.stringify(seen));
      if (seen.scrollY !== 0) failures.push(`${where}: opened scrolled to ${seen.scrollY} px, not 0`);
      if (!seen.titleVisible) failures.push(`${where}: the title ${JSON.stringify(seen.title)} is not on screen`);
      inTheme(seen, theme, where);
      if (seen.focus !== 'body') failures.push(`${where}: the docs page's focus moved to a ${seen.focus}`);
      // The visual regression: a component's docs page (not its Purpose page, words for the sidebar's search) as
      // it opens.
      if (entry.name !== 'Purpose') await compareScreen(page, seen, `${entry.id}-${name}-${theme}.png`, where);
      for (const frame of seen.frames) {
        // A story is drawn at least a phone wide (.storybook/frames.tsx): in a narrower column, scaled down.
        if (frame.width < PHONE_WIDTH)
          failures.push(
            `${where}: "${frame.title}" is drawn ${frame.width} px wide, narrower than a phone (${PHONE_WIDTH} px)`,
          );
        if (frame.claimed && frame.width < frame.claimed)
          failures.push(`${where}: "${frame.title}" is ${frame.width} px wide, not the ${frame.claimed} px it claims`);
        if (frame.errored) failures.push(`${where}: "${frame.title}" failed in its frame: ${frame.errored}`);
        if (frame.scrollTop !== 0) failures.push(`${where}: "${frame.title}" is scrolled ${frame.scrollTop} px inside`);
        if (frame.scrollHeight > frame.height + 1 || frame.story > frame.height + 1)
          failures.push(
            `${where}: "${frame.title}" cuts its story off (${frame.height} px tall, the story ${Math.max(frame.story, frame.scrollHeight)} px)`,
          );
      }
    }
    // The other theme, for the visual regression (and the docs text's theme) only: each component's docs page as it
    // opens in that theme. Only what the screenshot shows is drawn: the first frames of each page (the viewport holds
    // the primary story at most); the frames below are answered with an empty page, not booted (the width's pass
    // above checked every frame).
    const other = theme === 'light' ? 'dark' : 'light';
    let frames = 0;
    await page.route(
      (url) => url.pathname.endsWith('/iframe.html') && url.searchParams.get('viewMode') === 'story',
      (route) =>
        ++frames <= VIEWPORT_FRAMES
          ? route.continue()
          : route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Not drawn in this pass</title>' }),
    );
    for (const [i, entry] of entries.filter(({ name }) => name !== 'Purpose').entries()) {
      const where = `${entry.id} at ${name}, ${other}`;
      frames = 0;
      // The first page opened by its address in that theme, each next one from the sidebar (as above).
      if (i === 0)
        await page.goto(`${base}/iframe.html?id=${encodeURIComponent(entry.id)}&viewMode=docs&globals=theme:${other}`, {
          timeout: 180_000,
        });
      else
        await page.evaluate(
          (storyId) => window.__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId, viewMode: 'docs' }),
          entry.id,
        );
      await page.waitForFunction((id) => window.__docsRendered === id, entry.id, { timeout: 300_000 });
      const seen = await settled(page, where, VIEWPORT_FRAMES);
      if (values.verbose) console.log(where, JSON.stringify(seen));
      if (seen.scrollY !== 0) failures.push(`${where}: opened scrolled to ${seen.scrollY} px, not 0`);
      inTheme(seen, other, where);
      const hidden = seen.frames.slice(VIEWPORT_FRAMES).find((frame) => frame.top < height);
      if (hidden)
        failures.push(`${where}: "${hidden.title}" is on screen but not drawn in this pass (raise VIEWPORT_FRAMES)`);
      await compareScreen(page, seen, `${entry.id}-${name}-${other}.png`, where);
    }
    await context.close();
  };
  await Promise.all((values.search ? [] : WIDTHS).map(read));
} finally {
  await browser.close();
}
const components = entries.filter(({ name }) => name !== 'Purpose').length;
const pages = (entries.length + components) * WIDTHS.length;
if (!values.search)
  console.log(
    `docs pages: ${pages - new Set(failures.map((f) => f.split(':')[0])).size} of ${pages} as expected ` +
      `(${entries.length} pages × ${WIDTHS.length} widths, and ${components} components' pages in the other theme at each) ` +
      `in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
if (failures.length) {
  console.error(failures.map((f) => `  ✘ ${f}`).join('\n'));
  process.exit(1);
}
