#!/usr/bin/env node
// Starts @plinth/sandbox and the demo's Vite dev server together, in one process, and prints the URL.
// Options: --port <demo port, default 5173> --sandbox-port <default 4700> (or PORT / SANDBOX_PORT).
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startSandbox } from '@plinth/sandbox';
import { createServer } from 'vite';

const { values } = parseArgs({
  options: { port: { type: 'string' }, 'sandbox-port': { type: 'string' }, quiet: { type: 'boolean' } },
});
const port = Number(values.port ?? process.env.PORT ?? 5173);
const sandboxPort = Number(values['sandbox-port'] ?? process.env.SANDBOX_PORT ?? 4700);

const sandbox = await startSandbox({ port: sandboxPort, quiet: true });
process.env.VITE_SANDBOX_URL ??= sandbox.url;

const vite = await createServer({
  configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
  root: fileURLToPath(new URL('..', import.meta.url)),
  server: { port, host: '127.0.0.1', strictPort: true },
  logLevel: values.quiet ? 'warn' : 'info',
});
await vite.listen();
const url = `http://127.0.0.1:${port}/`;
console.log(
  `\n  Plinth demo:     ${url}\n  Sandbox:         ${sandbox.url}  (OpenID provider ${sandbox.vendors.oidc.issuer})\n  Press Ctrl+C to stop.\n`,
);

let closing = false;
const stop = async () => {
  if (closing) return;
  closing = true;
  await Promise.allSettled([vite.close(), sandbox.close()]);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
