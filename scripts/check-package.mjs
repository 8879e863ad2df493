#!/usr/bin/env node
// Run from a package directory after its build. Checks, for the package as it will be published:
//  1. entry guard: the main entry's static import graph holds nothing from ./testing and imports no
//     dependency statically unless package.json lists it in `plinth.staticDependencies` (a vendor SDK
//     must be a lazy chunk, behind `import()`);
//  2. publint --strict and attw on the tarball `pnpm publish` would upload (publishConfig applied,
//     workspace: ranges replaced).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const failures = [];

// ---- 1. entry guard -------------------------------------------------------------------------
const STATIC_IMPORT = /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g;
const allowed = new Set([
  'react',
  'react/jsx-runtime',
  'react-dom',
  ...Object.keys(pkg.peerDependencies ?? {}),
  ...(pkg.plinth?.staticDependencies ?? []),
]);
const deps = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]);
const packageOf = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);

const main = resolve(pkg.exports?.['.']?.import?.default ?? pkg.exports?.['.']?.default ?? 'dist/index.js');
const testingEntry = pkg.exports?.['./testing']?.import?.default;
const seen = new Set();
const walk = (file) => {
  if (seen.has(file)) return;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  for (const [, spec] of code.matchAll(STATIC_IMPORT)) {
    if (spec.startsWith('.')) {
      walk(resolve(dirname(file), spec));
      continue;
    }
    const name = packageOf(spec);
    if (spec.startsWith('node:') || !deps.has(name) || name.startsWith('@plinth/')) {
      if (!spec.startsWith('node:') && !deps.has(name) && !allowed.has(spec) && !allowed.has(name)) {
        failures.push(`${file}: imports "${spec}", which is not a declared dependency`);
      }
      continue;
    }
    if (!allowed.has(spec) && !allowed.has(name)) {
      failures.push(
        `${file}: imports the dependency "${spec}" statically; load it with import() or list it in plinth.staticDependencies`,
      );
    }
  }
  // Source maps tell which source files a chunk holds: none may come from src/testing.
  if (existsSync(`${file}.map`)) {
    const { sources = [] } = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
    for (const source of sources) {
      if (/(^|\/)src\/testing\//.test(source)) failures.push(`${file}: the main entry contains test code (${source})`);
    }
  }
};
walk(main);
if (testingEntry && seen.has(resolve(testingEntry))) failures.push('the main entry imports the ./testing entry');
console.log(`entry guard: ${seen.size} file(s) in the static graph of ${pkg.name}'s main entry`);

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
