import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../../tooling/chromium.mjs';
import { JOURNEY_TRACE } from '../../tooling/journeys';

/**
 * A third build of the demo, signing in at Glewlwyd (Debian's package), with a sandbox of its own for the vendors.
 * E2E_GLEWLWYD_PORT, E2E_GLEWLWYD_SANDBOX_PORT (with GLEWLWYD_PORT and GLEWLWYD_HOME): to run these journeys beside
 * the suite's servers, as playwright.config.ts's E2E_* ports.
 */
const PORT = Number(process.env.E2E_GLEWLWYD_PORT ?? 4176);
const SANDBOX_PORT = Number(process.env.E2E_GLEWLWYD_SANDBOX_PORT ?? 4703);
/** Glewlwyd's own port; its issuer is its OIDC plugin instance's URL. */
const GLEWLWYD_PORT = Number(process.env.GLEWLWYD_PORT ?? 4593);
export const GLEWLWYD_DEMO_URL = `http://127.0.0.1:${PORT}`;
export const GLEWLWYD_URL = `http://127.0.0.1:${GLEWLWYD_PORT}`;
export const GLEWLWYD_ISSUER = `${GLEWLWYD_URL}/api/oidc`;
const launch = chromiumLaunchOptions();

/**
 * e2e/glewlwyd.spec.ts: the demo's sign-in journeys against a real OpenID provider written by others, installed
 * from Debian and configured from nothing by scripts/providers/glewlwyd.mjs (apt-get install as root when it is
 * missing; `.ci/run` installs and starts it first). A config of its own, so the demo's other journeys neither wait
 * for Glewlwyd nor build this third demo; `pnpm e2e` in apps/demo runs both.
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: 'glewlwyd.spec.ts',
  // Its own: it runs beside playwright.config.ts (scripts/e2e.mjs), and each run empties its output folder first.
  outputDir: 'test-results-glewlwyd',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: GLEWLWYD_DEMO_URL,
    launchOptions: launch,
    trace: JOURNEY_TRACE,
  },
  projects: [
    { name: 'glewlwyd', grepInvert: /back\/forward cache (on|off)/ },
    {
      // The back/forward cache on, as in a visitor's Chrome: the full browser (the headless shell has none,
      // "BackForwardCacheDisabledForDelegate"), without Playwright's --disable-back-forward-cache.
      name: 'glewlwyd, back/forward cache',
      grep: /back\/forward cache on/,
      use: {
        launchOptions: { ...chromiumLaunchOptions('browser'), ignoreDefaultArgs: ['--disable-back-forward-cache'] },
      },
    },
    {
      // Back loads the page anew instead of restoring it.
      name: 'glewlwyd, no back/forward cache',
      grep: /back\/forward cache off/,
      use: { launchOptions: { ...launch, args: [...launch.args, '--disable-features=BackForwardCache'] } },
    },
  ],
  webServer: [
    {
      // Installs (first time), configures and runs Glewlwyd in the foreground; one already running (`.ci/run`,
      // or `node scripts/providers/glewlwyd.mjs` by hand) is used as it is.
      command: 'node ../../scripts/providers/glewlwyd.mjs run',
      url: `${GLEWLWYD_ISSUER}/.well-known/openid-configuration`,
      reuseExistingServer: true,
      timeout: 300_000,
      env: { GLEWLWYD_PORT: String(GLEWLWYD_PORT), DEMO_ORIGIN: GLEWLWYD_DEMO_URL },
    },
    {
      command: `node scripts/dev.mjs --preview --port ${PORT} --sandbox-port ${SANDBOX_PORT} --out-dir .preview-glewlwyd-${PORT} --quiet`,
      url: `${GLEWLWYD_DEMO_URL}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        VITE_OIDC_AUTHORITY: GLEWLWYD_ISSUER,
        VITE_OIDC_CLIENT_ID: 'plinth-demo',
        VITE_OIDC_TOKEN_STORAGE: 'sealed',
      },
    },
  ],
});
