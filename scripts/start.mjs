#!/usr/bin/env node
// `pnpm start`: builds the sandbox (the only package that runs in Node), then starts it with the demo.
import { spawn, spawnSync } from 'node:child_process';

process.env.TURBO_TELEMETRY_DISABLED = '1';
const build = spawnSync('turbo', ['run', 'build', '--filter=@plinth/sandbox', '--output-logs=errors-only'], {
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);
// Inside `pnpm start`, npm_execpath is pnpm itself (pnpm need not be on PATH: `npx pnpm@… start`).
const pnpm = process.env.npm_execpath?.includes('pnpm') ? [process.execPath, process.env.npm_execpath] : ['pnpm'];
const demo = spawn(pnpm[0], [...pnpm.slice(1), '--filter', '@plinth/demo', 'dev', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => demo.kill(signal));
demo.on('exit', (code) => process.exit(code ?? 0));
