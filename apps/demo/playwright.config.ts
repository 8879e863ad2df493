import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../../tooling/chromium.mjs';
import { JOURNEY_TRACE } from '../../tooling/journeys';

// E2E_PORT, E2E_SANDBOX_PORT, E2E_PROXY_PORT: to run some journeys beside the suite's servers (or another run's) on
// ports of one's own. The build goes to a folder named by its port (.preview-<port>): the sandbox's URL is baked into
// a build, so two runs sharing one folder served each other's.
const PORT = Number(process.env.E2E_PORT ?? 4174);
const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4701);
/**
 * The same build served a second time, through a first-party proxy (`--proxy-port`: the page on this origin sends
 * every vendor's traffic to its own paths), with the same sandbox: e2e/proxy.spec.ts. One build and one sandbox for
 * both (a second build with a sandbox of its own cost 4 to 6 CPU-s more per run, measured side by side).
 */
const PROXY_PORT = Number(process.env.E2E_PROXY_PORT ?? 4175);

/**
 * Journeys in real Chromium against the built demo (what users get: lazy chunks as shipped) and
 * @plinth/sandbox, started together by scripts/dev.mjs --preview. Retries stay at 0: a flaky journey
 * is a bug to fix.
 */
export default defineConfig({
  testDir: './e2e',
  // Against Glewlwyd, with servers of its own: playwright.glewlwyd.config.ts.
  testIgnore: 'glewlwyd.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  // Upper bounds, not waits: generous because the suite shares 2 cores with everything else.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: chromiumLaunchOptions(),
    trace: JOURNEY_TRACE,
  },
  webServer: {
    command: `node scripts/dev.mjs --preview --port ${PORT} --proxy-port ${PROXY_PORT} --sandbox-port ${SANDBOX_PORT} --out-dir .preview-${PORT} --quiet`,
    // The proxied server starts after the other.
    url: `http://127.0.0.1:${PROXY_PORT}/`,
    // Always its own server: a leftover one could be a stale build or the dev server.
    reuseExistingServer: false,
    timeout: 120_000,
  },
  metadata: { sandbox: `http://127.0.0.1:${SANDBOX_PORT}` },
});

export const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`;
export const PROXY_DEMO_URL = `http://127.0.0.1:${PROXY_PORT}`;
