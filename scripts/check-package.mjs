#!/usr/bin/env node
// Run from a package directory after its build. Checks, for the package as it will be published:
//  1. entry guard: the main entry's static import graph holds nothing from ./testing and imports no
//     dependency statically unless package.json lists it in `plinth.staticDependencies` (a vendor SDK
//     must be a lazy chunk, behind `import()`);
//  2. the tarball `pnpm publish` would upload (publishConfig applied, workspace: ranges replaced) holds exactly
//     dist/, README.md, LICENSE (the text of the declared license) and package.json, plus the CHANGELOG.md that
//     `changeset version` writes at release (scripts/release-check.mjs);
//  3. publint --strict and attw on that tarball.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkEntryGraph } from './entry-guard.mjs';
import { checkTarballContents } from './release-check.mjs';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const failures = [];

// ---- 1. entry guard -------------------------------------------------------------------------
const guard = checkEntryGraph(process.cwd());
failures.push(...guard.failures);
console.log(`entry guard: ${guard.files} file(s) in the static graph of ${pkg.name}'s main entry`);

// ---- 2. + 3. contents, publint and attw on the packed tarball ----------------------------------
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
  const packed = (file) =>
    files.includes(`package/${file}`)
      ? execFileSync('tar', ['-xzOf', tarball, `package/${file}`], { encoding: 'utf8' })
      : undefined;
  const { license } = JSON.parse(packed('package.json') ?? '{}');
  const contents = checkTarballContents(files, { license, licenseText: packed('LICENSE') });
  failures.push(...contents);
  const top = [...new Set(files.map((f) => f.replace(/^package\//, '').replace(/\/.*/, '/')))];
  if (!contents.length) console.log(`tarball: ${files.length} files in ${top.join(', ')} (license ${license})`);
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
console.log(`✓ ${pkg.name}: entry guard, tarball contents, publint --strict and attw passed`);
