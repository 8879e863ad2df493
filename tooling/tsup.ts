import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';

// import.meta.url, not dirname: tsup bundles this file into each package's config and rewrites only the URL.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
// typescript-7 exports no `bin/tsc` subpath: the file beside its package.json.
const TSGO = join(dirname(createRequire(import.meta.url).resolve('typescript-7/package.json')), 'bin/tsc');

/**
 * The package's declarations, emitted by TypeScript 7 (the native compiler) from the entries, into a temporary folder;
 * tsup then rolls them up per entry (`.d.ts` and `.d.cts`) from those files, with no TypeScript program of its
 * own. tsup's own declaration build (TypeScript 5's JavaScript compiler inside rollup-plugin-dts) cost 17 of a
 * package's 20 CPU-seconds of build (measured on @plinth/analytics); this costs about 2.
 * Workspace dependencies are read as a consumer reads them, from their built `dist` (no `@plinth/source`
 * condition): turbo builds them first (`^build`). A type error fails the build, as tsup's own did.
 */
function declarations(entries: string[]): string {
  // Outside node_modules (rollup-plugin-dts leaves whatever lies under node_modules unbundled), one folder per
  // package directory (two clones may build at once).
  const dir = join(
    tmpdir(),
    'plinth-declarations',
    createHash('sha256').update(process.cwd()).digest('hex').slice(0, 16),
  );
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const tsconfig = join(dir, 'tsconfig.json');
  writeFileSync(
    tsconfig,
    JSON.stringify({
      extends: join(ROOT, 'tsconfig.base.json'),
      compilerOptions: {
        noEmit: false,
        declaration: true,
        emitDeclarationOnly: true,
        rootDir: resolve('src'),
        outDir: dir,
        customConditions: [],
        // Type packages are found from the package and the root, not from the temporary folder.
        typeRoots: [resolve('node_modules/@types'), join(ROOT, 'node_modules/@types')],
        types: ['node'],
      },
      files: entries.map((entry) => resolve(entry)),
    }),
  );
  execFileSync(process.execPath, [TSGO, '-p', tsconfig], { stdio: 'inherit' });
  return dir;
}

/** `{ index: 'src/index.ts' }` → `{ index: '<cache>/index.d.ts' }`. */
const declarationEntries = (entry: Record<string, string>, dir: string) =>
  Object.fromEntries(
    Object.entries(entry).map(([name, file]) => [
      name,
      join(dir, file.replace(/^src\//, '').replace(/\.tsx?$/, '.d.ts')),
    ]),
  );

/**
 * The one tsup setup every published package uses: ESM + CJS + .d.ts/.d.cts,
 * a 'use client' banner, React and every dependency external (tsup's default for
 * dependencies/peerDependencies), source maps, no minification (consumers minify).
 */
export function packageConfig(
  entry: Record<string, string>,
  overrides: Options = {},
  /** Entries for server code (React Server Components, metadata): built without the 'use client' banner. */
  serverEntry?: Record<string, string>,
) {
  const all = { ...entry, ...serverEntry };
  const dir = declarations(Object.values(all));
  // One declaration build for every entry, server ones included, with the package's own declaration options
  // (e.g. rich-text's `resolve`).
  const dts = { ...(typeof overrides.dts === 'object' ? overrides.dts : {}), entry: declarationEntries(all, dir) };
  const client: Options = {
    entry,
    format: ['esm', 'cjs'],
    sourcemap: true,
    clean: true,
    splitting: true,
    // esbuild tree-shakes on its own; tsup's extra Rollup pass would strip the 'use client' banner.
    target: 'es2022',
    platform: 'browser',
    banner: { js: "'use client';" },
    external: ['react', 'react-dom', /^@plinth\//],
    ...overrides,
    dts,
  };
  if (!serverEntry) return defineConfig(client);
  // Two builds run in parallel, so neither cleans dist: the package's build script empties it first.
  return defineConfig([
    { ...client, clean: false },
    { ...client, entry: serverEntry, banner: {}, clean: false, dts: false },
  ]);
}
