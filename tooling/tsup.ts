import { defineConfig, type Options } from 'tsup';

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
  const client: Options = {
    entry,
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    splitting: true,
    // esbuild tree-shakes on its own; tsup's extra Rollup pass would strip the 'use client' banner.
    target: 'es2022',
    platform: 'browser',
    banner: { js: "'use client';" },
    external: ['react', 'react-dom', /^@plinth\//],
    ...overrides,
  };
  if (!serverEntry) return defineConfig(client);
  // Two builds run in parallel, so neither cleans dist: the package's build script empties it first.
  // One declaration build for both (one TypeScript program, not two): the client build emits the server
  // entry's declarations too, with the package's own declaration options (e.g. rich-text's `resolve`).
  const dts = { ...(typeof client.dts === 'object' ? client.dts : {}), entry: { ...entry, ...serverEntry } };
  return defineConfig([
    { ...client, clean: false, dts },
    { ...client, entry: serverEntry, banner: {}, clean: false, dts: false },
  ]);
}
