import { defineConfig, type Options } from 'tsup';

/**
 * The one tsup setup every published package uses: ESM + CJS + .d.ts/.d.cts,
 * a 'use client' banner, React and every dependency external (tsup's default for
 * dependencies/peerDependencies), source maps, no minification (consumers minify).
 */
export function packageConfig(entry: Record<string, string>, overrides: Options = {}) {
  return defineConfig({
    entry,
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    splitting: true,
    treeshake: true,
    target: 'es2022',
    platform: 'browser',
    banner: { js: "'use client';" },
    external: ['react', 'react-dom', /^@plinth\//],
    ...overrides,
  });
}
