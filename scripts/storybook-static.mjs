#!/usr/bin/env node
// The Storybook a designer opens, tested as published (issue 37): builds the static Storybook (`storybook build`, as
// GitHub Pages serves it), serves it with Vite's preview server on a free port, and runs against it
// - the docs-page test (scripts/docs-pages.mjs): every docs page at desktop (light) and phone (dark) width, opened at
//   its top with every frame's story whole, and each component's page compared with its reference image;
// - the accessibility modes a page's script cannot switch (scripts/story-modes.mjs): every story with forced colours
//   and reduced motion emulated, its play function run at each toolbar width, axe on it.
// A suite step (scripts/test-all.mjs). Usage: `node scripts/storybook-static.mjs [--only <id part>,…] [--update]`
// (`--only` to both, `--update`: the docs pages' reference images). Exit code 1 if either failed; both always run.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { preview } from 'vite';

const { values } = parseArgs({ options: { only: { type: 'string' }, update: { type: 'boolean' } } });
const root = join(import.meta.dirname, '..', 'node_modules', '.cache', 'storybook-static');
const bin = join(dirname(createRequire(import.meta.url).resolve('storybook/package.json')), 'dist/bin/dispatcher.js');
const built = spawnSync(process.execPath, [bin, 'build', '--quiet', '-o', join(root, 'storybook-static')], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
});
if (built.status !== 0) {
  console.error(`storybook build failed (exit ${built.status})`);
  process.exit(1);
}
const server = await preview({
  configFile: false,
  root,
  logLevel: 'warn',
  build: { outDir: 'storybook-static' },
  preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
});
const url = server.resolvedUrls.local[0].replace(/\/$/, '');
const only = values.only ? ['--only', values.only] : [];
/** Runs one of the scripts against the served build; its exit code. */
const run = (script, ...args) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [join(import.meta.dirname, script), '--url', url, ...only, ...args], {
      stdio: 'inherit',
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
try {
  // Side by side: both spend much of their time waiting for a story or a frame to settle.
  const codes = await Promise.all([
    run('docs-pages.mjs', ...(values.update ? ['--update'] : [])),
    run('story-modes.mjs'),
  ]);
  process.exitCode = codes.some((code) => code !== 0) ? 1 : 0;
} finally {
  await server.close();
}
