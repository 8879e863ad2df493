// The initial-JS measure shared by the start-up budget (budget.mjs) and the benchmark (scripts/bench.mjs):
// build an app with the demo's Vite config, then gzip -9 what its index.html loads first (the entry
// script plus its modulepreloads) and list the npm packages in those files (from their source maps).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

/** The demo's Vite config: every measured app is built with it. */
/**
 * How far the demo's initial JS may exceed the shell with only React and React Router, in KB (1,000 bytes) gz: the
 * start-up budget (budget.mjs, which says why it is 7.9) and the bench's goal (scripts/bench.mjs) read this one.
 */
export const INITIAL_JS_BUDGET_KB = 7.9;
export const demoConfigFile = fileURLToPath(new URL('../vite.config.ts', import.meta.url));

/** gzip -9 size of a file's bytes. */
export const gzipSize = (bytes) => gzipSync(bytes, { level: 9 }).length;

/** The npm package a module path belongs to (`…/node_modules/.pnpm/x@1/node_modules/@scope/name/…` → `@scope/name`). */
export const packageOf = (source) =>
  /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];

/**
 * Builds `root` with the demo's Vite config into `outDir` (`build` merges over it) and measures what
 * index.html loads first: `{ files, gz, packages }`.
 */
export async function buildAndMeasure(root, outDir, { build: buildOptions = {}, ...config } = {}) {
  await build({
    configFile: demoConfigFile,
    root,
    logLevel: 'error',
    ...config,
    build: { outDir, emptyOutDir: true, sourcemap: true, ...buildOptions },
  });
  return measureInitial(outDir);
}

/** Measures the initial JS of a build already in `outDir`. */
export function measureInitial(outDir) {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const files = [
    ...[...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]),
  ];
  if (!files.length) throw new Error(`no entry script in ${join(outDir, 'index.html')}`);
  let gz = 0;
  const packages = new Set();
  for (const file of files) {
    const path = join(outDir, file.replace(/^\//, ''));
    gz += gzipSize(readFileSync(path));
    // A chunk without source map (Rolldown's tiny runtime chunk) names no package.
    const map = existsSync(`${path}.map`) ? JSON.parse(readFileSync(`${path}.map`, 'utf8')) : { sources: [] };
    for (const source of map.sources) {
      const name = packageOf(source);
      if (name) packages.add(name);
    }
  }
  return { files, gz, packages: [...packages].sort() };
}
