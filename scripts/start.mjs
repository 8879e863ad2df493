#!/usr/bin/env node
// `pnpm start`: builds the sandbox (the only package that runs in Node), then runs the demo's dev script
// (apps/demo/scripts/dev.mjs: the sandbox and the demo's Vite server) with the same arguments.
// The demo is a child `node` process, not `pnpm --filter … dev`: a nested pnpm turns Ctrl+C into
// ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL and ELIFECYCLE noise. On Ctrl+C the child closes both servers and
// exits 0, and so does this script. (For pnpm itself to stay quiet, the root script must `exec` this
// one: otherwise the `sh -c` pnpm runs scripts in dies of the SIGINT and pnpm reports ELIFECYCLE.)
// A busy port or a bad option: the child prints one line saying what to change and exits 3 or 2; this
// script then exits 0, because pnpm follows any other exit code with an `ELIFECYCLE` line of its own.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

process.env.TURBO_TELEMETRY_DISABLED = '1';
const build = spawnSync('turbo', ['run', 'build', '--filter=@plinth/sandbox', '--output-logs=errors-only'], {
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const dev = fileURLToPath(new URL('../apps/demo/scripts/dev.mjs', import.meta.url));
// `--replay-surveys on` first: whoever tries the demo sees session replay and a survey (the sandbox records sessions
// and serves one); the user's own `--replay-surveys off`, later in the list, wins. The journeys start dev.mjs without it.
const demo = spawn(process.execPath, [dev, '--replay-surveys', 'on', ...process.argv.slice(2)], { stdio: 'inherit' });
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    // Passed on: a signal sent to this process alone (a process manager, pnpm forwarding Ctrl+C) must
    // stop the demo too. Getting it twice (Ctrl+C reaches the whole process group) is harmless.
    demo.kill(signal);
  });
}
/** dev.mjs's exit codes after its one-line message (a bad option, a port in use): nothing more to say. */
const TOLD = new Set([2, 3]);
demo.on('exit', (code, signal) => process.exit((stopping && signal) || TOLD.has(code ?? -1) ? 0 : (code ?? 1)));
