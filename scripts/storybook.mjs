#!/usr/bin/env node
// `pnpm storybook [--port <n>]` (or `-p <n>`, or STORYBOOK_PORT; default 6006): Storybook's dev server,
// with the exits a newcomer expects. Ctrl+C stops it and exits 0; a port already in use prints one line
// naming the option and exits 0 (any other exit code makes pnpm add an `ELIFECYCLE` line of its own). The
// root script `exec`s this one, so pnpm's `sh -c` does not die of the SIGINT either. `pnpm storybook --
// -p 6610` works too (the `--` is dropped). Other arguments go to `storybook dev` unchanged.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

const args = process.argv.slice(2).filter((arg, i) => !(arg === '--' && i === 0));
let port = process.env.STORYBOOK_PORT ?? '6006';
const rest = [];
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (arg === '--port' || arg === '-p') port = args[++i] ?? '';
  else if (arg.startsWith('--port=')) port = arg.slice('--port='.length);
  else rest.push(arg);
}
if (!/^\d+$/.test(port) || Number(port) > 65535) {
  console.error(`plinth storybook: --port must be a port number, got "${port}" (e.g. pnpm storybook --port 6610)`);
  process.exit(0);
}

const free = await new Promise((resolve) => {
  const probe = createServer();
  probe.once('error', () => resolve(false));
  probe.listen(Number(port), () => probe.close(() => resolve(true)));
});
if (!free) {
  console.error(
    `plinth storybook: port ${port} is already in use. Choose another with --port <n> (or STORYBOOK_PORT), e.g. pnpm storybook --port 6610`,
  );
  process.exit(0);
}

// The `storybook` command as package.json's `bin` names it (the path is not an export).
const manifest = createRequire(import.meta.url).resolve('storybook/package.json');
const bin = join(dirname(manifest), JSON.parse(readFileSync(manifest, 'utf8')).bin);
const storybook = spawn(process.execPath, [bin, 'dev', '-p', port, '--no-open', ...rest], { stdio: 'inherit' });
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    storybook.kill(signal);
  });
}
storybook.on('exit', (code, signal) => process.exit(stopping || signal ? 0 : (code ?? 1)));
