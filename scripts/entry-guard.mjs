// The entry guard: walks the static import graph of a built package's main entry and returns what is
// wrong with it — code from src/testing, the ./testing entry itself, a dependency imported statically
// (a vendor SDK must be a lazy chunk behind import(), unless package.json lists it in
// `plinth.staticDependencies`), or a bare import of something the package does not declare.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const STATIC_IMPORT = /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g;
const packageOf = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);

/** @returns {{ failures: string[], files: number }} */
export function checkEntryGraph(packageDir) {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const failures = [];
  const allowed = new Set([
    'react',
    'react/jsx-runtime',
    'react-dom',
    ...Object.keys(pkg.peerDependencies ?? {}),
    ...(pkg.plinth?.staticDependencies ?? []),
  ]);
  const deps = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]);
  const entry = (key) => pkg.exports?.[key]?.import?.default ?? pkg.exports?.[key]?.default;
  const main = resolve(packageDir, entry('.') ?? 'dist/index.js');
  const testingEntry = entry('./testing') && resolve(packageDir, entry('./testing'));
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
      if (spec.startsWith('node:')) continue;
      const name = packageOf(spec);
      if (allowed.has(spec) || allowed.has(name) || name.startsWith('@plinth/')) continue;
      failures.push(
        deps.has(name)
          ? `${file}: imports the dependency "${spec}" statically; load it with import() or list it in plinth.staticDependencies`
          : `${file}: imports "${spec}", which is not a declared dependency`,
      );
    }
    // Source maps tell which source files a chunk holds: none may come from src/testing.
    if (existsSync(`${file}.map`)) {
      const { sources = [] } = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
      for (const source of sources) {
        if (/(^|\/)src\/testing\//.test(source))
          failures.push(`${file}: the main entry contains test code (${source})`);
      }
    }
  };
  walk(main);
  if (testingEntry && seen.has(testingEntry)) failures.push('the main entry imports the ./testing entry');
  return { failures, files: seen.size };
}
