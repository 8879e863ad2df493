#!/usr/bin/env node
// The whole suite, as the README's test command runs it and CI calls it. Every step runs even when
// an earlier one failed, so one run shows everything that is red; the exit code is non-zero if any failed.
import { spawnSync } from 'node:child_process';

process.env.TURBO_TELEMETRY_DISABLED = '1';
process.env.STORYBOOK_DISABLE_TELEMETRY = '1';
process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING = 'true';
const turbo = (...tasks) => ['turbo', 'run', ...tasks, '--concurrency=2', '--continue', '--output-logs=new-only'];

const steps = [
  [
    'build, typecheck, unit + SSR + type + browser tests, package checks, size budgets',
    turbo('build', 'typecheck', 'typecheck:root', 'test', 'check:package', 'size'),
  ],
  ['the repository scripts (entry guard, license check)', ['vitest', 'run', '--project', 'scripts']],
  ['lint (biome)', ['biome', 'check', '.']],
  ['dead code and exports (knip)', ['knip']],
  ['licenses of the published closure', ['node', 'scripts/check-licenses.mjs']],
  ['changesets', ['changeset', 'status']],
  ['stories as browser tests (Chromium)', ['vitest', 'run', '--project', 'storybook']],
  ['Storybook static build', ['storybook', 'build', '--quiet', '-o', 'storybook-static']],
  [
    "the demo's start-up budget (initial JS ≤ 6 KB gz over React + React Router)",
    ['node', 'apps/demo/scripts/budget.mjs'],
  ],
  [
    'real consumers from the packed tarballs (React 18 + Vite, TypeScript node16)',
    ['node', 'scripts/consumer-test.mjs'],
  ],
  ['end-to-end journeys (Chromium)', turbo('e2e')],
];

const results = [];
for (const [name, [cmd, ...args]] of steps) {
  console.log(`\n━━ ${name} ━━ ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const { status } = spawnSync(cmd, args, { stdio: 'inherit', shell: false });
  results.push({ name, ok: status === 0, seconds: Math.round((Date.now() - started) / 1000) });
}

console.log('\n━━ summary ━━');
for (const { name, ok, seconds } of results) console.log(`${ok ? '✓' : '✗'} ${name} (${seconds}s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`suite: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
