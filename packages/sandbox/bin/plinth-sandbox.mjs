#!/usr/bin/env node
// The workspace's `plinth-sandbox` command: a committed shim, so `pnpm install` can link the bin before
// anything is built (a bin pointing into dist/ made a fresh install warn "Failed to create bin").
// It runs the built CLI; the published package points its bin at dist/cli.js directly (publishConfig.bin).
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  console.error('plinth-sandbox: not built yet. Run `npx -y pnpm@10.34.9 --filter @plinth/sandbox build` first.');
  process.exit(1);
}
await import(cli.href);
