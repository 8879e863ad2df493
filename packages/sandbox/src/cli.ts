#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { DEFAULT_PORT, type Sandbox, startSandbox } from './startSandbox';

const HELP = `plinth-sandbox — local stand-ins for vendor endpoints plus a real OpenID provider

Usage: plinth-sandbox [--port N] [--host H] [--quiet]

  --port, -p   port to listen on (env PLINTH_SANDBOX_PORT; default ${DEFAULT_PORT}; 0 = any free port)
  --host       interface to bind (env PLINTH_SANDBOX_HOST; default 127.0.0.1)
  --quiet, -q  print only the URL
  --help, -h   show this help
`;

async function main(): Promise<void> {
  let values: { port?: string; host?: string; quiet?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', short: 'p' },
        host: { type: 'string' },
        quiet: { type: 'boolean', short: 'q' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${HELP}`);
    process.exit(2);
  }
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  const portText = values.port ?? process.env.PLINTH_SANDBOX_PORT ?? String(DEFAULT_PORT);
  const port = Number(portText);
  if (!/^\d+$/.test(portText.trim()) || port > 65535) {
    process.stderr.write(`invalid port: ${portText}\n`);
    process.exit(2);
  }
  const host = values.host ?? process.env.PLINTH_SANDBOX_HOST ?? '127.0.0.1';

  // Handlers first, so a signal during start-up also ends the process cleanly.
  let sandbox: Sandbox | undefined;
  let stopping: NodeJS.Signals | undefined;
  const finish = () => {
    const force = setTimeout(() => process.exit(1), 5000);
    force.unref();
    (sandbox ? sandbox.close() : Promise.resolve()).then(
      () => {
        if (!values.quiet) process.stdout.write(`plinth-sandbox stopped (${stopping})\n`);
        process.exit(0);
      },
      () => process.exit(1),
    );
  };
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1); // a second Ctrl+C forces it
    stopping = signal;
    if (sandbox) finish();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  sandbox = await startSandbox({ port, host, quiet: true });
  if (stopping) return finish();
  process.stdout.write(`${sandbox.url}\n`);
  if (!values.quiet) {
    process.stdout.write(
      [
        `  OpenID issuer   ${sandbox.vendors.oidc.issuer}  (client_id ${sandbox.vendors.oidc.clientId}, any login and password)`,
        `  recorded        ${sandbox.url}/_sandbox/received?vendor=oidc`,
        `  live stream     ${sandbox.url}/_sandbox/stream`,
        '  Ctrl+C to stop',
        '',
      ].join('\n'),
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`plinth-sandbox: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
