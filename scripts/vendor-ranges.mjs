#!/usr/bin/env node
// The vendor SDKs' ranges, proved at both ends (issue 36). Each published package declares its vendor SDK as a range
// (so a vendor's security fix reaches an app without a Plinth release); the workspace installs one version of it, and
// the package tests run against that one. This runs them against the other end of the range:
//   1. each SDK's range, from its package's manifest, and the version the workspace installed;
//   2. the versions the npm registry has in that range (`npm view <name>@<range> version`): the lowest and the newest.
//      The workspace's version must be one of them (the package tests are the proof for that end);
//   3. the other end of each range is installed with npm into node_modules/.vendor-ranges (no scripts, no lockfile,
//      no peers), and the vendor packages' browser tests (real SDK, real Chromium, the sandbox) run again, each SDK
//      resolved to that install (PLINTH_VENDOR_SDKS: vitest.packages.config.ts aliases it, with a cache of its own);
//   4. the run's pre-bundled SDK files must come from that install: a run on the workspace's copy proves nothing.
//
// Usage (from the repository root): node scripts/vendor-ranges.mjs [name@version ...]
//   with arguments, those versions are tested instead of the ranges' other ends (to reproduce a failure, or to try
//   a version before widening a range).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The vendor packages and the SDK each wraps: their browser tests run the real SDK. */
export const VENDOR_SDKS = [
  { folder: 'packages/analytics', sdk: 'posthog-js' },
  { folder: 'packages/flags', sdk: 'launchdarkly-js-client-sdk' },
  { folder: 'packages/logging', sdk: '@datadog/browser-logs' },
];

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
/** x.y.z order (a range admits no prerelease unless it names one, and none here does). */
export const byVersion = (a, b) => {
  const [x, y] = [a, b].map((v) => v.split(/[.+-]/).slice(0, 3).map(Number));
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
};

/**
 * What to test beyond the workspace's version, for one SDK: the range's lowest and newest versions on the registry,
 * and the one of them the workspace does not already test (none when both are the workspace's).
 * @param {{ sdk: string, range: string, installed: string, available: string[] }} input
 */
export function otherEnd({ sdk, range, installed, available }) {
  if (available.length === 0) throw new Error(`${sdk}@${range}: the registry has no version in the range`);
  const sorted = [...available].sort(byVersion);
  const lowest = sorted[0];
  const newest = sorted.at(-1);
  if (installed !== lowest && installed !== newest)
    throw new Error(
      `${sdk}: the workspace installs ${installed}, neither end of ${range} (${lowest} … ${newest}): ` +
        'pin the workspace to one end, so the package tests prove it and this run the other',
    );
  return { lowest, newest, test: installed === lowest ? (newest === lowest ? null : newest) : lowest };
}

function main() {
  const requested = process.argv.slice(2);
  const plan = [];
  for (const { folder, sdk } of VENDOR_SDKS) {
    const manifest = readJson(join(root, folder, 'package.json'));
    const range = manifest.dependencies?.[sdk];
    if (!range) throw new Error(`${folder}/package.json: ${sdk} is not a dependency`);
    const installed = readJson(join(root, folder, 'node_modules', sdk, 'package.json')).version;
    const asked = requested.find((spec) => spec.startsWith(`${sdk}@`));
    if (asked) {
      plan.push({ folder, sdk, range, installed, test: asked.slice(sdk.length + 1), note: 'as asked' });
      continue;
    }
    const answer = execFileSync('npm', ['view', `${sdk}@${range}`, 'version', '--json'], {
      cwd: root,
      encoding: 'utf8',
    });
    const parsed = answer.trim() ? JSON.parse(answer) : [];
    const available = [parsed].flat();
    const { lowest, newest, test } = otherEnd({ sdk, range, installed, available });
    plan.push({ folder, sdk, range, installed, test, note: `${range} on the registry: ${lowest} … ${newest}` });
  }
  for (const { sdk, installed, test, note } of plan)
    console.log(
      `${sdk}: the workspace tests ${installed}; ${test ? `this run ${test}` : 'nothing else to test'} (${note})`,
    );
  const toTest = plan.filter(({ test }) => test);
  if (toTest.length === 0) return 0;

  // The other ends, installed side by side (npm hoists each SDK's own dependencies beside it).
  const dir = join(root, 'node_modules', '.vendor-ranges');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  execFileSync(
    'npm',
    [
      'install',
      ...toTest.map(({ sdk, test }) => `${sdk}@${test}`),
      '--no-save',
      '--no-package-lock',
      '--ignore-scripts',
      '--legacy-peer-deps',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
    ],
    { cwd: dir, stdio: 'inherit' },
  );
  const sdks = Object.fromEntries(toTest.map(({ sdk }) => [sdk, join(dir, 'node_modules', sdk)]));
  for (const { sdk, test } of toTest) {
    const got = readJson(join(sdks[sdk], 'package.json')).version;
    if (got !== test) throw new Error(`${sdk}: npm installed ${got}, not ${test}`);
  }

  // The vendor packages' browser tests, each SDK resolved to the install above.
  const cacheDir = join(root, 'node_modules', '.vite-vendor-ranges');
  rmSync(cacheDir, { recursive: true, force: true });
  const vitest = spawnSync(
    join(root, 'node_modules', '.bin', 'vitest'),
    [
      'run',
      '-c',
      'vitest.packages.config.ts',
      '--project',
      '*browser*',
      ...toTest.map(({ folder }) => `${folder}/src/`),
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, PLINTH_VENDOR_SDKS: JSON.stringify({ sdks, cacheDir }) },
    },
  );

  // Which files the run pre-bundled for each SDK: from the install above, none from the workspace's.
  const bundled = findMetadata(cacheDir).flatMap((file) =>
    Object.entries(readJson(file).optimized ?? {}).map(([id, { src }]) => ({ id, src: join(dirname(file), src) })),
  );
  const wrong = [];
  for (const { sdk } of toTest) {
    const mine = bundled.filter(({ id }) => id === sdk || id.startsWith(`${sdk}/`));
    if (mine.length === 0) wrong.push(`${sdk}: the run pre-bundled none of its files`);
    for (const { id, src } of mine)
      if (!src.startsWith(sdks[sdk]))
        wrong.push(`${id} came from ${relative(root, src)}, not ${relative(root, sdks[sdk])}`);
  }
  for (const line of wrong) console.error(`✗ ${line}`);
  if (vitest.status !== 0 || wrong.length > 0) {
    console.error(`✗ vendor ranges: ${toTest.map(({ sdk, test }) => `${sdk}@${test}`).join(', ')} failed`);
    return 1;
  }
  console.log(
    `✓ vendor ranges: the browser tests passed with ${toTest.map(({ sdk, test }) => `${sdk}@${test}`).join(', ')}` +
      ` (the package tests ran ${plan.map(({ sdk, installed }) => `${sdk}@${installed}`).join(', ')})`,
  );
  return 0;
}

/** Every optimizer metadata file under Vite's cache dir. */
function findMetadata(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('_metadata.json'))
    .map((file) => join(dir, file));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(main());
