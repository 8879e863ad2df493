#!/usr/bin/env node
// A real OpenID provider written by others, from Debian's packages, for the demo's journeys (issue 33):
// Glewlwyd (bookworm: 2.7.5, C, by babelouest), configured from nothing as its own documentation says.
//
//   node scripts/providers/glewlwyd.mjs [start]   install (apt, as root) if missing, configure, start in the
//                                                 background, print the issuer, exit 0 (leaves it running)
//   node scripts/providers/glewlwyd.mjs run       the same, but stays in the foreground (Playwright's webServer)
//   node scripts/providers/glewlwyd.mjs stop      stops the one this script started
//
// Idempotent: a running instance started by this script (its pid file, its discovery answering) is left as it
// is; otherwise the directory is rebuilt from nothing (a fresh SQLite database from Debian's own init script,
// a fresh RS256 key). GLEWLWYD_HOME (default /tmp/plinth-glewlwyd, outside the repository) holds the
// configuration, the database, the key, the log (glewlwyd.log: every request at DEBUG) and the pid;
// GLEWLWYD_PORT (default 4593, Glewlwyd's own) the port on 127.0.0.1.
//
// What it sets up, through Glewlwyd's admin REST API (docs/API.md) logged in as the admin account of Debian's
// init script (admin / password, docs/INSTALL.md "Administrator user"):
// - an OIDC plugin instance `oidc` (docs/OIDC.md) from the admin UI's defaults (webapp-src/src/Admin/
//   GlwdOIDCParams.js): RS256, PKCE allowed, refresh tokens (rolling), access tokens of 20 s so renewals happen
//   within a journey, session management (end_session), revocation and introspection, name and email claims;
// - scopes `profile` and `email` (password required), besides Debian's `openid`;
// - a public client `plinth-demo` (no secret; code + refresh_token) with the demo's redirect URIs on port 4176
//   (DEMO_ORIGIN overrides) and its post-logout URI;
// - a user `ada` / `ada-lovelace-1815`, "Ada Lovelace", ada@example.org.
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const HOME = process.env.GLEWLWYD_HOME ?? '/tmp/plinth-glewlwyd';
const PORT = Number(process.env.GLEWLWYD_PORT ?? 4593);
const DEMO = (process.env.DEMO_ORIGIN ?? 'http://127.0.0.1:4176').replace(/\/$/, '');
const BASE = `http://127.0.0.1:${PORT}`;
const ISSUER = `${BASE}/api/oidc`;
const USER = { username: 'ada', password: 'ada-lovelace-1815', name: 'Ada Lovelace', email: 'ada@example.org' };
/** The access token's lifetime, seconds: short, so the journeys renew. */
const ACCESS_TOKEN_SECONDS = Number(process.env.GLEWLWYD_ACCESS_TOKEN_SECONDS ?? 20);

const BINARY = '/usr/bin/glewlwyd';
/** Debian's SQLite init script (dbconfig-common's, the same as upstream's docs/database/init.sqlite3.sql). */
const INIT_SQL = '/usr/share/dbconfig-common/data/glewlwyd/install/sqlite3';
const CONF_TEMPLATE = '/usr/share/glewlwyd/templates/glewlwyd-debian.conf.properties';
const WEBAPP = '/usr/share/glewlwyd/webapp';
const WEBAPP_CONFIG = '/etc/glewlwyd/config-2.7.json/config.json';
const PID = join(HOME, 'glewlwyd.pid');
const LOG = join(HOME, 'glewlwyd.log');

const say = (line) => console.error(`glewlwyd: ${line}`);
const fail = (line) => {
  say(line);
  process.exit(1);
};

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const pidOf = () => {
  try {
    const pid = Number(readFileSync(PID, 'utf8'));
    return Number.isInteger(pid) && pid > 0 && alive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
};
async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}
const discovery = `${ISSUER}/.well-known/openid-configuration`;

/** apt-get, quiet; `update` first only when the package is unknown or the install fails (stale lists). */
function install() {
  if (existsSync(BINARY)) return;
  if (process.getuid?.() !== 0) fail(`not installed, and installing needs root: sudo apt-get install -y glewlwyd`);
  say('installing the Debian package (apt-get install -y glewlwyd)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (...args) =>
    spawnSync('apt-get', ['-y', '-qq', ...args], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (apt('install', 'glewlwyd').status !== 0) {
    if (apt('update').status !== 0) fail('apt-get update failed');
    if (apt('install', 'glewlwyd').status !== 0) fail('apt-get install -y glewlwyd failed');
  }
}

/** Debian's own service (/etc/glewlwyd, started by the package's postinst where an init system runs): stopped. */
function stopSystemService() {
  if (process.getuid?.() !== 0) return;
  spawnSync('invoke-rc.d', ['glewlwyd', 'stop'], { stdio: 'ignore' });
}

/** Glewlwyd's configuration: Debian's template, on 127.0.0.1:PORT, serving its own webapp, our database. */
function configure() {
  rmSync(HOME, { recursive: true, force: true });
  mkdirSync(join(HOME, 'webapp'), { recursive: true });
  // The login, grant and end-session pages: Debian's webapp, copied with its links resolved (Glewlwyd's static
  // file server refuses a file whose real path is outside static_files_path: static_compressed_inmemory_website_
  // callback.c, callback_static_compressed_inmemory_website; Debian links jQuery, Bootstrap and config.json out of
  // it), with its front-end config.json (Debian's link points at a directory, /etc/glewlwyd/config-2.7.json/).
  cpSync(WEBAPP, join(HOME, 'webapp'), {
    recursive: true,
    dereference: true,
    filter: (from) => from !== join(WEBAPP, 'config.json'),
  });
  writeFileSync(join(HOME, 'webapp', 'config.json'), readFileSync(WEBAPP_CONFIG));
  const set = (text, key, value) => {
    const line = `${key}=${JSON.stringify(value)}`;
    const pattern = new RegExp(`^#?\\s*${key}\\s*=.*$`, 'm');
    return pattern.test(text) ? text.replace(pattern, line) : `${text}\n${line}`;
  };
  let conf = readFileSync(CONF_TEMPLATE, 'utf8');
  conf = conf.replace(/^port\s*=.*$/m, `port=${PORT}`);
  conf = set(conf, 'external_url', BASE);
  conf = set(conf, 'bind_address', '127.0.0.1');
  conf = set(conf, 'static_files_path', `${HOME}/webapp/`);
  conf = set(conf, 'log_mode', 'file');
  conf = set(conf, 'log_file', LOG);
  conf = set(conf, 'log_level', 'DEBUG');
  conf = conf.replace(
    /^@include .*glewlwyd-db\.conf.*$/m,
    `database =\n{\n  type = "sqlite3"\n  path = ${JSON.stringify(join(HOME, 'glewlwyd.db'))}\n};`,
  );
  writeFileSync(join(HOME, 'glewlwyd.conf'), conf);
  const sql = spawnSync('sqlite3', [join(HOME, 'glewlwyd.db')], { input: readFileSync(INIT_SQL), stdio: 'pipe' });
  if (sql.status !== 0) fail(`sqlite3 ${INIT_SQL}: ${sql.stderr}`);
}

/** Logged in as Debian's admin account: a cookie for the admin API. */
async function adminSession() {
  const response = await fetch(`${BASE}/api/auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'password' }),
  });
  if (!response.ok) fail(`admin login: ${response.status}`);
  const cookie = response.headers.getSetCookie().map((value) => value.split(';')[0]);
  return async (method, path, body) => {
    const answer = await fetch(`${BASE}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', cookie: cookie.join('; ') },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!answer.ok) fail(`${method} /api${path}: ${answer.status} ${await answer.text()}`);
    return answer;
  };
}

/** The admin UI's defaults for a new OIDC plugin instance (webapp-src/src/Admin/GlwdOIDCParams.js, 2.7.5), the ones that matter. */
function oidcParameters() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    iss: ISSUER,
    'oauth-as-iss-id': false,
    'jwt-type': 'rsa',
    'jwt-key-size': '256',
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
    cert: publicKey.export({ type: 'spki', format: 'pem' }),
    'access-token-duration': ACCESS_TOKEN_SECONDS,
    'refresh-token-duration': 1209600,
    'code-duration': 600,
    'refresh-token-rolling': true,
    'refresh-token-one-use': 'never',
    'client-refresh-token-one-use-parameter': 'refresh-token-one-use',
    'allow-non-oidc': false,
    'auth-type-code-enabled': true,
    'auth-type-code-revoke-replayed': false,
    'auth-type-token-enabled': false,
    'auth-type-id-token-enabled': true,
    'auth-type-none-enabled': false,
    'auth-type-password-enabled': false,
    'auth-type-client-enabled': false,
    'auth-type-device-enabled': false,
    'auth-type-refresh-enabled': true,
    scope: [],
    'additional-parameters': [],
    claims: [],
    'service-documentation': 'https://github.com/babelouest/glewlwyd/tree/master/docs',
    'jwks-show': true,
    'request-parameter-allow': false,
    'secret-type': 'pairwise',
    'address-claim': { type: 'no', mandatory: false },
    'name-claim': 'mandatory',
    'name-claim-scope': ['profile'],
    'email-claim': 'mandatory',
    'email-claim-scope': ['email'],
    'scope-claim': 'no',
    'scope-claim-scope': [],
    'allowed-scope': ['openid', 'profile', 'email'],
    'pkce-allowed': true,
    'pkce-method-plain-allowed': false,
    'pkce-required': false,
    'pkce-required-public-client': false,
    'pkce-scopes': [],
    'introspection-revocation-allowed': true,
    'introspection-revocation-auth-scope': [],
    'introspection-revocation-allow-target-client': true,
    'register-client-allowed': false,
    'session-management-allowed': true,
    'session-cookie-name': 'GLEWLWYD2_OIDC_SID',
    'session-cookie-expiration': 2419200,
    // Left on as the admin UI has them: with front-channel logout off, the end-session page's session list answers
    // 400 (protocol_oidc.c, get_session_front_client_list) and its Logout button throws (webapp-src/src/Login/
    // EndSession.js): sign-out through end_session works only with it on.
    'front-channel-logout-allowed': true,
    'back-channel-logout-allowed': true,
    'client-jwks-parameter': 'jwks',
    'request-maximum-exp': 3600,
    'encrypt-out-token-allow': false,
    'oauth-dpop-allowed': false,
    'resource-allowed': false,
    'oauth-rar-allowed': false,
    'oauth-par-allowed': false,
    'oauth-ciba-allowed': false,
  };
}

async function provision() {
  const admin = await adminSession();
  for (const [name, display] of [
    ['profile', 'Your name'],
    ['email', 'Your e-mail address'],
  ]) {
    await admin('POST', '/scope/', {
      name,
      display_name: display,
      description: `OpenID Connect's ${name} scope`,
      password_required: true,
      password_max_age: 0,
      scheme: {},
    });
  }
  await admin('POST', '/mod/plugin/', {
    module: 'oidc',
    name: 'oidc',
    display_name: 'OpenID Connect',
    enabled: true,
    parameters: oidcParameters(),
  });
  // The OIDC plugin reads a client's post-logout URIs from `post_logout_redirect_uris`, a list
  // (protocol_oidc.c, callback_oidc_end_session), but Debian's init script declares only `post_logout_redirect_uri`,
  // single, in the database client backend (and the admin UI edits that one): the backend learns the list.
  const backend = await (await admin('GET', '/mod/client/database')).json();
  backend.parameters['data-format'].post_logout_redirect_uris = { multiple: true, read: true, write: true };
  await admin('PUT', '/mod/client/database', backend);
  await admin('PUT', '/mod/client/database/reset');
  await admin('POST', '/client/', {
    client_id: 'plinth-demo',
    name: 'Plinth demo',
    description: 'The demo (apps/demo), a public client: authorization code + PKCE, no secret',
    enabled: true,
    confidential: false,
    redirect_uri: [`${DEMO}/auth/callback`, `${DEMO}/silent-callback`],
    post_logout_redirect_uris: [`${DEMO}/`],
    authorization_type: ['code', 'refresh_token'],
    scope: [],
  });
  await admin('POST', '/user/', {
    ...USER,
    scope: ['openid', 'profile', 'email', 'g_profile'],
    enabled: true,
  });
}

async function start({ foreground }) {
  install();
  if (pidOf() && (await answers(discovery))) {
    // Glewlwyd (2.7, Debian's) keeps its login page's files open, a set per visit, and past FD_SETSIZE (1,024
    // descriptors) refuses every connection: after nine suites in a row on one Glewlwyd, its log said "New connection
    // socket descriptor (1032) is not less than FD_SETSIZE (1024)" and five journeys failed (one run of its journeys
    // leaves about 167 open). Restarted well before.
    const open = openFiles(pidOf());
    if (open < 512) {
      say(`already running (pid ${pidOf()}, ${HOME})`);
      console.log(ISSUER);
      if (foreground) await new Promise(() => {}); // Playwright's webServer waits on the URL; nothing to own
      return;
    }
    say(`restarting: ${open} files open (pid ${pidOf()}); it refuses connections past 1,024`);
  }
  const stale = pidOf();
  if (stale) {
    process.kill(stale, 'SIGTERM');
    for (let tries = 0; tries < 100 && (await answers(`${BASE}/config/`)); tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (await answers(`${BASE}/config/`)) {
    stopSystemService();
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (await answers(`${BASE}/config/`))
    fail(`port ${PORT} is in use by another server (a system glewlwyd?). Stop it, or choose GLEWLWYD_PORT.`);
  const started = Date.now();
  configure();
  const child = spawn(BINARY, ['--config-file', join(HOME, 'glewlwyd.conf')], {
    detached: !foreground,
    stdio: foreground ? 'inherit' : 'ignore',
  });
  writeFileSync(PID, String(child.pid));
  let exited = false;
  child.on('exit', (code) => {
    exited = true;
    if (foreground) process.exit(code ?? 1);
  });
  for (let tries = 0; !(await answers(`${BASE}/config/`)); tries += 1) {
    if (exited || tries > 200) fail(`did not start, see ${LOG}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await provision();
  if (!(await answers(discovery))) fail(`the OIDC plugin does not answer discovery (${discovery}), see ${LOG}`);
  say(`started in ${((Date.now() - started) / 1000).toFixed(1)} s (pid ${child.pid}, ${HOME}); user ada`);
  console.log(ISSUER);
  if (foreground) {
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill('SIGTERM'));
  } else {
    child.unref();
  }
}

/** How many files a process has open (0 if it is gone). */
function openFiles(pid) {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return 0;
  }
}

function stop() {
  const pid = pidOf();
  if (!pid) return say('not running');
  process.kill(pid, 'SIGTERM');
  rmSync(PID, { force: true });
  say(`stopped (pid ${pid})`);
}

const command = process.argv[2] ?? 'start';
if (command === 'stop') stop();
else if (command === 'start' || command === 'run') await start({ foreground: command === 'run' });
else fail(`unknown command "${command}": start (default), run (foreground) or stop`);
