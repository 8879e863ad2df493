#!/usr/bin/env node
// Run from a package directory after its build. Checks, for the package as it will be published:
//  1. entry guard: the main entry's static import graph holds nothing from ./testing and imports no
//     dependency statically unless package.json lists it in `plinth.staticDependencies` (a vendor SDK
//     must be a lazy chunk, behind `import()`);
//  2. publint --strict and attw on the tarball `pnpm publish` would upload (publishConfig applied,
//     workspace: ranges replaced).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkEntryGraph } from './entry-guard.mjs';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const failures = [];

// ---- 1. entry guard -------------------------------------------------------------------------
const guard = checkEntryGraph(process.cwd());
failures.push(...guard.failures);
console.log(`entry guard: ${guard.files} file(s) in the static graph of ${pkg.name}'s main entry`);

// ---- 2. publint + attw on the packed tarball -------------------------------------------------
const out = mkdtempSync(join(tmpdir(), 'plinth-pack-'));
// Inside `pnpm run`, npm_execpath is pnpm itself; run it with this node.
const pnpm = (args, opts) =>
  process.env.npm_execpath?.match(/pnpm/)
    ? execFileSync(process.execPath, [process.env.npm_execpath, ...args], opts)
    : execFileSync('pnpm', args, opts);
try {
  pnpm(['pack', '--pack-destination', out], { stdio: ['ignore', 'ignore', 'inherit'] });
  const tarball = join(
    out,
    readdirSync(out).find((f) => f.endsWith('.tgz')),
  );
  const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n');
  const stray = files.filter((f) => !/^package\/(dist\/|package\.json$|README\.md$|LICENSE$|CHANGELOG\.md$)/.test(f));
  if (stray.length) failures.push(`the tarball holds files outside dist/README/LICENSE: ${stray.join(', ')}`);
  execFileSync('publint', ['--strict', tarball], { stdio: 'inherit' });
  // node10 (TypeScript's legacy `moduleResolution: node`) cannot see subpath exports at all: not a target.
  const profile = ['--profile', pkg.plinth?.esmOnly ? 'esm-only' : 'node16'];
  execFileSync('attw', [tarball, ...profile], { stdio: 'inherit' });
} catch (error) {
  failures.push(`package check failed: ${error.message.split('\n')[0]}`);
} finally {
  rmSync(out, { recursive: true, force: true });
}

if (failures.length) {
  for (const failure of failures) console.error(`✗ ${failure}`);
  process.exit(1);
}
console.log(`✓ ${pkg.name}: entry guard, publint --strict and attw passed`);
