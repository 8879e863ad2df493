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

// The CPU is the limit (2 cores), so the steps run in lanes that keep both busy without crowding them:
// - first the builds, alone;
// - lane 1: the package tests, then the checks one by one (type check, package checks, scripts, lint, knip, licenses,
//   changesets, the demo's budgets);
// - lane 2: the journeys, then the stories. The journeys spend part of their time waiting on timers and slow or
//   offline answers; the stories' Vitest does its screenshot work on one thread. Each fills the other lane's gaps;
// - lane 3: the consumer test, once the package tests are done: it waits on installs (npm's registry, its Verdaccio)
//   much of its time. Not earlier: beside the package tests' start and the journeys' builds the machine was at load 25
//   and a browser test's session timed out.
// The steps after the builds never build: `--only` for turbo, `--built` for the consumer test, so no dist is rebuilt
// (or restored from turbo's cache) while a journey reads it. Each step's output is printed in one piece when it ends.
// The pnpm that runs this script (`pnpm test:all`), with this node; `pnpm` may not be on PATH (npx's).
const pnpm = process.env.npm_execpath?.match(/pnpm/) ? [process.execPath, process.env.npm_execpath] : ['pnpm'];

// The demo is built by its journeys' server and by its budget step, each with its own settings.
const build = ['build every package', [...turbo(2, 'build'), '--filter=./packages/*']];
const unit = ['unit + SSR + browser tests of every package', [...turbo(2, 'test'), '--only']];
const checks = [
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
const journeys = ['end-to-end journeys (Chromium)', [...turbo(2, 'e2e'), '--only']];
const stories = [
  'stories as browser tests, and each compared with its reference images (Chromium; phone and desktop, light and dark)',
  ['vitest', 'run', '--project', 'storybook'],
];
const consumers = [
  'real consumers from a local npm registry (changeset version + publish to Verdaccio; React 18 + Vite with npm, Next.js App Router with pnpm, TypeScript node16; every README quickstart as written)',
  ['node', 'scripts/consumer-test.mjs', '--built'],
];

/** Runs one command, keeping its output (printed when it ends; the summary says why it failed). */
function run(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], shell: false });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
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

const suiteStarted = Date.now();
const results = [];
/** Runs one step; its output is printed in one piece when it ends (lanes run side by side). */
async function step([name, [cmd, ...args]]) {
  const started = Date.now();
  const result = { name };
  results.push(result);
  const at = () => `${Math.round((Date.now() - suiteStarted) / 1000)}s`;
  console.log(`━━ ${name} ━━ ${cmd} ${args.join(' ')} (started at ${at()})`);
  const { status, output } = await run(cmd, args);
  Object.assign(result, {
    ok: status === 0,
    seconds: Math.round((Date.now() - started) / 1000),
    why: status === 0 ? [] : whyFailed(output),
    output,
  });
  console.log(`\n━━ ${name} ━━ (${result.seconds}s, ended at ${at()})`);
  process.stdout.write(output);
  return result;
}
const lane = async (...steps) => {
  for (const each of steps) await step(each);
};

await step(build);
let consumerLane;
await Promise.all([
  (async () => {
    await step(unit);
    consumerLane = step(consumers);
    await lane(...checks);
  })(),
  lane(journeys, stories),
]);
await consumerLane;

console.log('\n━━ summary ━━');
for (const { name, ok, seconds } of results) console.log(`${ok ? '✓' : '✗'} ${name} (${seconds}s)`);
for (const { name, why } of results.filter((r) => !r.ok)) {
  console.log(`\n━━ why "${name}" failed ━━`);
  for (const line of why) console.log(`  ${line.slice(0, 300)}`);
}
const failed = results.filter((r) => !r.ok).length;
console.log(`suite: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
