#!/usr/bin/env node
// The whole suite, as the README's test command runs it and CI calls it. Every step runs even when
// an earlier one failed, so one run shows everything that is red; the exit code is non-zero if any failed.
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';

process.env.TURBO_TELEMETRY_DISABLED = '1';
process.env.STORYBOOK_DISABLE_TELEMETRY = '1';
process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING = 'true';
const turbo = (concurrency, ...tasks) => [
  'turbo',
  'run',
  ...tasks,
  `--concurrency=${concurrency}`,
  '--continue',
  '--output-logs=new-only',
];

// After the builds, the journeys (`alongside`, at nice 5) run beside the package tests (every package's configs as the
// projects of one Vitest run: vitest.packages.config.ts); the stories start when the journeys end, the consumer test
// when the package tests end, and the vendor SDKs' ranges then the checks (one by one) on the main line. Each alongside
// step's output is printed in one piece when it ends. The CPU is the limit (about 1.8 to 1.9 of 2 cores throughout), so
// the layout only decides what ends the run. Measured from a fresh clone on 2026-11-28 as the suite changed: the
// stories after the package tests, in two halves side by side, 674–752 s (1,254–1,378 CPU-s); in one Chromium 659 s
// (1,173 CPU-s, the stories ended it); from the journeys' end 638–673 s (1,202–1,269 CPU-s); every story file in one
// page, 632–703 s (1,177–1,322 CPU-s). The package tests in one Vitest run, 633 s (1,139 CPU-s); split into a unit and
// a browser step, 638 s (1,195: the unit tests, one process, were starved by the journeys' dozen and ended at 547 s);
// the journeys at nice 5, 629 s (1,131); the consumer test from the journeys' end at nice 5 as well, 639 s (1,171: it
// stretched the package tests to 517 s). On 2026-12-07 (another machine, 572 s and 1,034 CPU-s for the same code):
// every package's shared-worker unit files in one project, 562 s (1,015); the journeys as two steps and the stories
// from auth's journeys' end, where the demo's last journeys mostly wait, 584 s (1,079: the stories stretched the
// package tests to 399 s; reverted); with the vendor SDKs' ranges (issue 36) on the main line after the package tests,
// 570 s (1,033).
// The steps after the builds never build: `--only` for turbo's journeys, `--built` for the consumer test (Vitest reads
// the packages' sources), so no dist is rebuilt (or restored from turbo's cache) while a journey reads it.
// The pnpm that runs this script (`pnpm test:all`), with this node; `pnpm` may not be on PATH (npx's).
const pnpm = process.env.npm_execpath?.match(/pnpm/) ? [process.execPath, process.env.npm_execpath] : ['pnpm'];

const steps = [
  // The demo is built by its journeys' server and by its budget step, each with its own settings.
  ['build every package', [...turbo(2, 'build'), '--filter=./packages/*']],
  // At a lower priority (nice 5): the package tests on the main line are one Vitest process and one Chromium page
  // at a time, and the journeys' three Playwright runs (a dozen processes) took most of the CPU from them (ci35: they
  // ended at 509 s, and the consumer test after them ended the run).
  ['end-to-end journeys (Chromium)', [...turbo(2, 'e2e'), '--only'], { alongside: true, nice: 5 }],
  // The stories in one Chromium, from when the journeys end: beside the package tests' last ones, then the consumer
  // test and the checks. Their renderer runs them at about 1 core (121–150 CPU-s alone), so they were the run's last
  // step when they started after the package tests (ci24: they ended it, 209 s later); in two halves, 197 CPU-s.
  [
    'stories as browser tests, and each compared with its reference images (Chromium; phone and desktop, light and dark)',
    ['vitest', 'run', '--project', 'storybook'],
    { alongside: true, after: 'end-to-end journeys (Chromium)' },
  ],
  // The Storybook a designer opens, as published (issue 37): the static build, its docs pages (opened at their top,
  // every frame whole, compared with their reference images) and every story in forced colours and reduced motion at
  // every toolbar width. 187 CPU-s and 143 s alone (its scripts side by side: much of their time is waiting for
  // frames to settle); at nice 5 from the start, it fills the CPU the journeys leave while they wait on their timers
  // (about 1 core for 70 s). On 2026-12-07 the run went from 374 s (613 CPU-s, ci63) to 418 and 421 s (733 and 746)
  // with the docs pages in one theme per width and the modes at one width; with both themes and every width, its
  // scripts one after the other, 499 s (792: it ended the run 90 s after the main line, at 0.3 to 0.6 cores); side
  // by side, 400 s (733, ci68: it ended at about 293 s).
  // A docs page and a story each cost a Storybook preview's boot when loaded (0.5 CPU-s): both scripts walk one
  // preview, switched as the manager switches it.
  [
    'Storybook as published: docs pages (opened at their top, every frame whole, reference images) and every story in forced colours and reduced motion at every toolbar width (Chromium)',
    ['node', 'scripts/storybook-static.mjs'],
    { alongside: true, nice: 5 },
  ],
  // Every package's configs as the projects of one Vitest run (vitest.packages.config.ts), the browser tests launched
  // alike in one Chromium: 207 CPU-s, against 261 as ten turbo tasks of one or two Vitest processes each (2026-11-28,
  // the packages' tests alone).
  ['unit + SSR + browser tests of every package', ['vitest', 'run', '-c', 'vitest.packages.config.ts']],
  // The consumer test waits on installs (npm's registry, its Verdaccio) much of its time: beside the checks and the
  // stories, that wait is filled. Not earlier: beside the package tests' start and the journeys' three builds, the
  // machine was at load 25 and a browser test's session timed out.
  [
    'real consumers from a local npm registry (changeset version + publish to Verdaccio; React 18 + Vite with npm, Next.js App Router with pnpm, TypeScript node16; every README quickstart as written)',
    ['node', 'scripts/consumer-test.mjs', '--built'],
    { alongside: true },
  ],
  // The package tests ran each vendor SDK at the version the workspace installs, one end of the range its package
  // declares; this runs the vendor packages' browser tests at the other end, from the npm registry (issue 36): 48 CPU-s
  // alone. On the main line before the checks, 570 s (ci48, 1,033 CPU-s); beside them, 581 s (ci49, 1,056: the
  // consumer test, stretched from 179 to 206 s, ended the run).
  [
    "the vendor SDKs' ranges at their other ends (the vendor packages' browser tests against the lowest or newest version each range admits on the npm registry)",
    ['node', 'scripts/vendor-ranges.mjs'],
  ],
  // One TypeScript program for every package and the root's files, one for the demo (tsconfig.check.json).
  ['typecheck (TypeScript 7; type tests included)', [...pnpm, 'run', 'typecheck']],
  [
    'package checks and size budgets (entry guard, tarball contents, publint --strict, attw, size-limit)',
    ['node', 'scripts/check-packages.mjs'],
  ],
  ['the repository scripts (entry guard, license check)', ['vitest', 'run', '--project', 'scripts']],
  ['lint (biome)', ['biome', 'check', '.']],
  ['dead code and exports (knip)', ['knip']],
  ['licenses of the published closure', ['node', 'scripts/check-licenses.mjs']],
  ['changesets', ['changeset', 'status']],
  [
    "the demo's budgets (initial JS ≤ 7.9 KB gz over React + React Router; each vendor's lazy chunks)",
    ['node', 'apps/demo/scripts/budget.mjs'],
  ],
];

/** Runs one step, echoing its output as it comes and keeping it, so the summary can say why it failed. */
function run(cmd, args, { echo = true } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], shell: false });
    const chunks = [];
    child.stdout.on('data', (chunk) => {
      if (echo) process.stdout.write(chunk);
      chunks.push(chunk);
    });
    child.stderr.on('data', (chunk) => {
      if (echo) process.stderr.write(chunk);
      chunks.push(chunk);
    });
    child.on('error', (error) => chunks.push(Buffer.from(String(error))));
    child.on('close', (status) => resolve({ status, output: Buffer.concat(chunks).toString('utf8') }));
  });
}

const FAILURE =
  /\b(FAIL|Failed|failed|Error|AssertionError|Expected|Received|Timed? ?out|timeout|exceeded|over budget)\b|✗|×|✘/;
/** The lines that say why a step failed: turbo's failed tasks, then those tasks' failure lines (at most 60). */
function whyFailed(output) {
  const lines = stripVTControlCharacters(output).split('\n');
  const tasks = new Set();
  for (const line of lines) {
    const task = /^Failed:\s+(\S+#\S+)/.exec(line.trim());
    if (task) tasks.add(task[1]);
  }
  const failedTaskPrefixes = [...tasks].map((task) => `${task.replace('#', ':')}:`);
  const picked = lines.filter(
    (line) =>
      FAILURE.test(line) &&
      !/\(ignored/.test(line) &&
      (failedTaskPrefixes.length === 0 || failedTaskPrefixes.some((prefix) => line.startsWith(prefix))),
  );
  return [...[...tasks].map((task) => `failed task: ${task}`), ...picked.slice(-60)];
}

const results = [];
const alongside = [];
/** Each step run alongside, by name: a step `after` one of them starts when it ends. */
const ended = new Map();
for (const [name, [command, ...commandArgs], { alongside: inBackground = false, after, nice } = {}] of steps) {
  const [cmd, ...args] =
    nice === undefined ? [command, ...commandArgs] : ['nice', '-n', String(nice), command, ...commandArgs];
  let started = Date.now();
  const result = { name };
  results.push(result);
  const done = ({ status, output }) =>
    Object.assign(result, {
      ok: status === 0,
      seconds: Math.round((Date.now() - started) / 1000),
      why: status === 0 ? [] : whyFailed(output),
      output,
    });
  if (inBackground) {
    const waitFor = after === undefined ? undefined : ended.get(after);
    if (after !== undefined && !waitFor) throw new Error(`"${name}" starts after "${after}", not a step before it`);
    console.log(
      `\n━━ ${name} ━━ ${cmd} ${args.join(' ')} (runs alongside the next steps${after ? `, once "${after}" ends` : ''})`,
    );
    const start = () => {
      started = Date.now();
      return run(cmd, args, { echo: false });
    };
    const finished = (waitFor ? waitFor.then(start) : start()).then(done);
    ended.set(name, finished);
    alongside.push(finished);
  } else {
    console.log(`\n━━ ${name} ━━ ${cmd} ${args.join(' ')}`);
    done(await run(cmd, args));
  }
}
for (const result of await Promise.all(alongside)) {
  console.log(`\n━━ ${result.name} ━━ (ran alongside, ${result.seconds}s)`);
  process.stdout.write(result.output);
}

console.log('\n━━ summary ━━');
for (const { name, ok, seconds } of results) console.log(`${ok ? '✓' : '✗'} ${name} (${seconds}s)`);
for (const { name, why } of results.filter((r) => !r.ok)) {
  console.log(`\n━━ why "${name}" failed ━━`);
  for (const line of why) console.log(`  ${line.slice(0, 300)}`);
}
const failed = results.filter((r) => !r.ok).length;
console.log(`suite: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
