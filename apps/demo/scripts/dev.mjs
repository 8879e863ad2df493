#!/usr/bin/env node
// Starts @plinth/sandbox and the demo's Vite dev server together, in one process, and prints the URL.
// Options: --port <demo port, default 5173> --sandbox-port <default 4700> (or PORT / SANDBOX_PORT), --quiet,
// --preview (build the demo, then serve the build instead of the dev server, with the strict
// Content-Security-Policy of vite.config.ts, Trusted Types included unless VITE_TRUSTED_TYPES=off: what the journeys test), --proxy (every vendor's traffic goes
// to a path on the demo's own origin, /ingest, /ld and /dd, which the server forwards to the sandbox:
// the first-party proxy setup a real deployment uses against ad blockers; VITE_VENDOR_PROXY=1).
// --proxy-port <n> (with --preview): the same build served a second time, on port n, through the first-party proxy
// (VITE_VENDOR_PROXY=<that origin>: the page reads which way it is served from its origin), with the same sandbox:
// what the journeys run (e2e/proxy.spec.ts), one build and one sandbox for both.
// --out-dir <folder under apps/demo> (with --preview): where the build goes (default .preview, or .preview-proxy
// with --proxy); the journeys' configs name one per port (.preview-<port>), so concurrent runs never share a build.
// --replay-surveys on|off (default off; `pnpm start`, scripts/start.mjs, passes `on` first, so a later `off` wins):
// the sandbox's PostHog records sessions (remote config `sessionRecording`) and serves one survey (DEMO_SURVEY),
// so whoever tries the demo sees both. Off, as for the journeys, no session downloads the recorder or survey code.
// Ctrl+C (SIGINT) or SIGTERM closes both and exits with code 0. A busy port prints one line saying
// which option to change, not a stack trace.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startSandbox } from '@plinth/sandbox';
import { build, createServer, preview } from 'vite';

const USAGE =
  'options: --port <n> (or PORT, default 5173), --sandbox-port <n> (or SANDBOX_PORT, default 4700), --proxy, --preview, --proxy-port <n> (with --preview), --replay-surveys on|off, --quiet';

/**
 * Prints one line and exits: for the mistakes a user can fix. Exit codes: 2 a bad option, 3 a port already
 * in use (`pnpm start`, scripts/start.mjs, turns both into 0 after the line, so pnpm adds no ELIFECYCLE).
 */
function fail(message, code = 1) {
  console.error(`plinth demo: ${message}`);
  process.exit(code);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      port: { type: 'string' },
      'sandbox-port': { type: 'string' },
      quiet: { type: 'boolean' },
      preview: { type: 'boolean' },
      proxy: { type: 'boolean' },
      'proxy-port': { type: 'string' },
      'out-dir': { type: 'string' },
      'replay-surveys': { type: 'string' },
    },
  }));
} catch (error) {
  fail(`${error.message}. ${USAGE}`, 2);
}
const toPort = (value, name) => {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`${name} must be a port number, got "${value}"`, 2);
  return port;
};
const port = toPort(values.port ?? process.env.PORT ?? 5173, '--port / PORT');
const sandboxPort = toPort(values['sandbox-port'] ?? process.env.SANDBOX_PORT ?? 4700, '--sandbox-port / SANDBOX_PORT');
const proxyPort = values['proxy-port'] === undefined ? undefined : toPort(values['proxy-port'], '--proxy-port');
if (proxyPort !== undefined && !values.preview)
  fail(`--proxy-port serves the build a second time: it needs --preview. ${USAGE}`, 2);

const replaySurveys = values['replay-surveys'] ?? 'off';
if (replaySurveys !== 'on' && replaySurveys !== 'off')
  fail(`--replay-surveys must be on or off, got "${replaySurveys}"`, 2);

/** The survey the sandbox serves with `--replay-surveys on`: PostHog's survey object, as `GET /api/surveys/` sends it. */
const DEMO_SURVEY = {
  id: 'plinth-demo-findability',
  name: 'Plinth demo: finding things',
  type: 'popover',
  start_date: '2026-01-01T00:00:00Z',
  end_date: null,
  conditions: null,
  linked_flag_key: null,
  targeting_flag_key: null,
  internal_targeting_flag_key: null,
  appearance: null,
  questions: [
    { id: 'ease', type: 'rating', question: 'How easy was it to find what you needed?', scale: 5, display: 'number' },
    { id: 'why', type: 'open', question: 'Anything we could make easier?', optional: true },
  ],
};
/** The sandbox's PostHog: every session recorded (snapshots to its `POST /s/`) and the demo survey served. */
const replaySurveysOptions = {
  posthog: { config: { sessionRecording: { endpoint: '/s/' }, surveys: true }, surveys: [DEMO_SURVEY] },
};

const inUse = (error) =>
  error?.code === 'EADDRINUSE' || error?.cause?.code === 'EADDRINUSE' || /already in use/i.test(error?.message ?? '');
const busy = (what, busyPort) =>
  fail(
    `port ${busyPort} (${what}) is already in use. Choose free ports with --port <n> (or PORT) for the demo` +
      `${values['proxy-port'] === undefined ? ' and ' : ', --proxy-port <n> for it through the proxy and '}` +
      `--sandbox-port <n> (or SANDBOX_PORT) for the sandbox.`,
    3,
  );

let sandbox;
let vite;
/** The same build through the first-party proxy (`--proxy-port`). */
let proxied;
let closing = false;
const stop = async () => {
  if (closing) return;
  closing = true;
  await Promise.allSettled([vite?.close(), proxied?.close(), sandbox?.close()]);
  process.exit(0);
};
// Registered first, so Ctrl+C during start-up also exits quietly.
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

try {
  sandbox = await startSandbox({
    port: sandboxPort,
    quiet: true,
    ...(replaySurveys === 'on' && { vendorOptions: replaySurveysOptions }),
  });
} catch (error) {
  if (inUse(error)) busy('the sandbox', sandboxPort);
  throw error;
}
process.env.VITE_SANDBOX_URL ??= sandbox.url;
if (values.proxy) process.env.VITE_VENDOR_PROXY = '1';
else if (proxyPort !== undefined) process.env.VITE_VENDOR_PROXY = `http://127.0.0.1:${proxyPort}`;

const root = fileURLToPath(new URL('..', import.meta.url));
const configFile = fileURLToPath(new URL('../vite.config.ts', import.meta.url));
const logLevel = values.quiet ? 'warn' : 'info';
try {
  if (values.preview) {
    // The sandbox's URL is baked into the build (VITE_SANDBOX_URL, set above).
    // Its own output folder, so a `vite build` or the budget script running meanwhile cannot swap
    // the files under a running preview.
    const folder = values['out-dir'] ?? (values.proxy ? '.preview-proxy' : '.preview');
    const outDir = fileURLToPath(new URL(`../${folder}`, import.meta.url));
    await build({ configFile, root, logLevel: values.quiet ? 'error' : 'info', build: { outDir, emptyOutDir: true } });
    vite = await preview({
      configFile,
      root,
      logLevel,
      build: { outDir },
      preview: { port, host: '127.0.0.1', strictPort: true },
    });
    if (proxyPort !== undefined) {
      proxied = await preview({
        configFile,
        root,
        logLevel,
        build: { outDir },
        preview: { port: proxyPort, host: '127.0.0.1', strictPort: true },
      }).catch((error) => {
        if (inUse(error)) error.busyPort = proxyPort;
        throw error;
      });
    }
  } else {
    vite = await createServer({ configFile, root, logLevel, server: { port, host: '127.0.0.1', strictPort: true } });
    await vite.listen();
  }
} catch (error) {
  await Promise.allSettled([vite?.close(), proxied?.close(), sandbox.close()]);
  if (inUse(error)) busy(error.busyPort ? 'the demo through the proxy' : 'the demo', error.busyPort ?? port);
  throw error;
}
const url = `http://127.0.0.1:${port}/`;
// The build is served with the strict Content-Security-Policy of vite.config.ts (`preview.headers`); the dev
// server is not (its HMR client is inline script).
const served =
  (values.preview ? '  (the build, under a strict Content-Security-Policy)' : '') +
  (values.proxy ? '  (vendors through /ingest, /ld, /dd on this origin)' : '');
const alsoProxied =
  proxyPort === undefined
    ? ''
    : `  The same build:  http://127.0.0.1:${proxyPort}/  (vendors through /ingest, /ld, /dd on this origin)\n`;
const extras =
  replaySurveys === 'on'
    ? `  PostHog:         records sessions and serves a survey (off: --replay-surveys off); snapshots at ${sandbox.url}/_sandbox/received?vendor=posthog&route=$snapshot\n`
    : '';
console.log(
  `\n  Plinth demo:     ${url}${served}\n${alsoProxied}  Sandbox:         ${sandbox.url}  (OpenID provider ${sandbox.vendors.oidc.issuer})\n${extras}  Press Ctrl+C to stop.\n`,
);
