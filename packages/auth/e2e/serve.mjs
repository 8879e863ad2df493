#!/usr/bin/env node
// Starts the journeys' app with its providers: @plinth/sandbox (short-lived access tokens, to exercise
// renewal), a second sandbox with the profile of a real provider met from another site (refresh tokens only
// for offline_access, prompt=none answered login_required, no revocation or end-session endpoint, thin ID
// tokens; 15 s access tokens) and the hostile provider (e2e/hostile-provider.mjs). The app picks one per test.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startSandbox } from '@plinth/sandbox';
import { build, preview, runnerImport } from 'vite';
import { startHostileProvider } from './hostile-provider.mjs';

const { values } = parseArgs({ options: { port: { type: 'string' }, 'sandbox-port': { type: 'string' } } });
const sandbox = await startSandbox({
  port: Number(values['sandbox-port'] ?? 4711),
  quiet: true,
  vendorOptions: { oidc: { accessTokenTtl: 8 } },
});
const strict = await startSandbox({
  port: Number(values['sandbox-port'] ?? 4711) + 2,
  quiet: true,
  vendorOptions: { oidc: { profile: 'cross-site-spa', accessTokenTtl: 15 } },
});
// Third-party cookies blocked (prompt=none answered login_required), everything else kind: the sealed-session
// journeys (e2e/sealed.spec.ts), 6 s access tokens.
const blocked = await startSandbox({
  port: Number(values['sandbox-port'] ?? 4711) + 3,
  quiet: true,
  vendorOptions: { oidc: { thirdPartyCookies: false, accessTokenTtl: 6 } },
});
// A kind provider whose session cookies are `SameSite=None; Secure`, as real providers set theirs: met from
// another site, only the browser's own third-party-cookie blocking hides the session from the hidden iframe
// (e2e/sealed.spec.ts, "third-party cookies blocked by the browser itself").
await startSandbox({
  port: Number(values['sandbox-port'] ?? 4711) + 8,
  quiet: true,
  vendorOptions: { oidc: { sessionCookieSameSite: 'none', accessTokenTtl: 8 } },
});
// Real providers' own quirks (@plinth/sandbox OIDC_PROFILES), one sandbox each: e2e/providers.spec.ts, sealed.spec.ts.
const profiles = {};
for (const [offset, profile] of [
  [4, 'entra'],
  [5, 'cognito'],
  [6, 'keycloak'],
  [7, 'google'],
]) {
  profiles[profile] = await startSandbox({
    port: Number(values['sandbox-port'] ?? 4711) + offset,
    quiet: true,
    // Each as met from another site in a browser that blocks third-party cookies (prompt=none in an iframe
    // answered login_required), with short access tokens: only a sealed refresh token (e2e/sealed.spec.ts) or
    // the backend's (Google's, e2e/backend.spec.ts) restores a session after a reload, and renewals happen.
    vendorOptions: { oidc: { profile, accessTokenTtl: profile === 'google' ? 8 : 6, thirdPartyCookies: false } },
  });
}
// Glewlwyd's ways (@plinth/sandbox's `glewlwyd` profile: a nonce required, prompt=none only with the last ID token
// as id_token_hint, interaction_required for no session, revocation refused to public clients, no Cancel button):
// +9 issues refresh tokens, not rotated (as scripts/providers/glewlwyd.mjs configures Glewlwyd); +10 none, so a
// renewal and a reload go through prompt=none with the hint. e2e/glewlwyd-profile.spec.ts.
for (const [offset, refreshTokens] of [
  [9, 'always'],
  [10, 'never'],
]) {
  profiles[`glewlwyd-${refreshTokens}`] = await startSandbox({
    port: Number(values['sandbox-port'] ?? 4711) + offset,
    quiet: true,
    vendorOptions: { oidc: { profile: 'glewlwyd', refreshTokens, rotateRefreshTokens: false, accessTokenTtl: 8 } },
  });
}
const port = Number(values.port ?? 4184);
const hostile = await startHostileProvider({
  port: Number(values['sandbox-port'] ?? 4711) + 1,
  allowOrigin: `http://127.0.0.1:${port}`,
});
process.env.VITE_ISSUER = sandbox.vendors.oidc.issuer;
// The token-mediating backend (@plinth/auth/server, from source through Vite's module runner) at /api/auth/token, for
// the Google profile's sandbox: the recipe for Vite and Express (README, "A backend").
const { module: tokenHandler } = await runnerImport(fileURLToPath(new URL('../src/server/index.ts', import.meta.url)));
const listener = tokenHandler.toNodeHandler(
  tokenHandler.createTokenHandler({
    issuer: profiles.google.vendors.oidc.issuer,
    clientId: 'plinth-demo',
    clientSecret: 'plinth-google-secret',
    cookie: { secret: 'journeys-only-cookie-secret-0123456789abcdef' },
  }),
);
/** @type {import('vite').Plugin} */
const backend = {
  name: 'plinth-auth-backend',
  configurePreviewServer(preview) {
    preview.middlewares.use('/api/auth/token', (req, res, next) => listener(req, res).catch(next));
  },
};
// The app is built once, in development mode (React's development build, so StrictMode's double effects run as in
// an app being developed), and served as files: a page load is two scripts, not Vite's forty modules. On 2 cores
// that halved the browser's CPU per load (1.0 s against 2.1 s, ten loads measured), and the journeys load the app
// hundreds of times. The cost is one build at start (about 10 s).
const configFile = fileURLToPath(new URL('./vite.config.ts', import.meta.url));
const outDir = fileURLToPath(new URL('../node_modules/.e2e-app', import.meta.url));
await build({
  configFile,
  mode: 'development',
  logLevel: 'error',
  build: { outDir, emptyOutDir: true, minify: false },
});
const vite = await preview({
  configFile,
  mode: 'development',
  plugins: [backend],
  build: { outDir },
  preview: { port, host: '127.0.0.1', strictPort: true },
  logLevel: 'warn',
});
console.log(
  `auth journeys: http://127.0.0.1:${port}/  sandbox ${sandbox.url}  strict ${strict.url}  hostile ${hostile.issuer}  blocked ${blocked.url}`,
);

const stop = async () => {
  await Promise.allSettled([
    ...[vite, sandbox, strict, hostile, blocked].map((running) => running.close()),
    ...Object.values(profiles).map((server) => server.close()),
  ]);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
