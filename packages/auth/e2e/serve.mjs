#!/usr/bin/env node
// Starts @plinth/sandbox (short-lived access tokens, to exercise renewal) and the journeys' app together.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startSandbox } from '@plinth/sandbox';
import { createServer } from 'vite';

const { values } = parseArgs({ options: { port: { type: 'string' }, 'sandbox-port': { type: 'string' } } });
const sandbox = await startSandbox({
  port: Number(values['sandbox-port'] ?? 4711),
  quiet: true,
  vendorOptions: { oidc: { accessTokenTtl: 8 } },
});
process.env.VITE_ISSUER = sandbox.vendors.oidc.issuer;
const vite = await createServer({
  configFile: fileURLToPath(new URL('./vite.config.ts', import.meta.url)),
  server: { port: Number(values.port ?? 4184), host: '127.0.0.1', strictPort: true },
  logLevel: 'warn',
});
await vite.listen();
console.log(`auth journeys: http://127.0.0.1:${vite.config.server.port}/  sandbox ${sandbox.url}`);

const stop = async () => {
  await Promise.allSettled([vite.close(), sandbox.close()]);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
