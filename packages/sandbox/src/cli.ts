#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { DEFAULT_PORT, type Sandbox, startSandbox } from './startSandbox';

const HELP = `plinth-sandbox — local stand-ins for vendor endpoints plus a real OpenID provider

Usage: plinth-sandbox [--port N] [--host H] [--set vendor.option=value]… [--quiet]

  --port, -p   port to listen on (env PLINTH_SANDBOX_PORT; default ${DEFAULT_PORT}; 0 = any free port)
  --host       interface to bind (env PLINTH_SANDBOX_HOST; default 127.0.0.1)
  --set, -s    one vendor option, repeatable; the value is JSON if it parses, else a string
               (e.g. --set oidc.accessTokenTtl=5 --set 'oidc.redirectUris=["http://127.0.0.1/cb"]')
  --quiet, -q  print only the URL
  --help, -h   show this help
`;

/** `oidc.accessTokenTtl=5` → `{ oidc: { accessTokenTtl: 5 } }`, merged over what is there. */
function parseSet(settings: readonly string[]): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const setting of settings) {
    const match = /^([a-z][a-z0-9-]*)\.([A-Za-z_$][\w$]*)=(.*)$/s.exec(setting);
    if (!match) throw new Error(`invalid --set ${setting} (expected vendor.option=value)`);
    const [, vendor, option, text] = match as unknown as [string, string, string, string];
    let value: unknown = text;
    try {
      value = JSON.parse(text);
    } catch {
      // Not JSON: the text as it is.
    }
    out[vendor] = { ...out[vendor], [option]: value };
  }
  return out;
}

async function main(): Promise<void> {
  let values: { port?: string; host?: string; set?: string[]; quiet?: boolean; help?: boolean };
  let vendorOptions: Record<string, Record<string, unknown>>;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', short: 'p' },
        host: { type: 'string' },
        set: { type: 'string', short: 's', multiple: true },
        quiet: { type: 'boolean', short: 'q' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
    vendorOptions = parseSet(values.set ?? []);
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

  sandbox = await startSandbox({ port, host, quiet: true, vendorOptions });
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
