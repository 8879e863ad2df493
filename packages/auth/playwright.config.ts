import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../../tooling/chromium.mjs';
import { JOURNEY_TRACE } from '../../tooling/journeys';

// Another checkout's journeys may hold the default ports (its server would be reused): move both with
// AUTH_E2E_PORT and AUTH_E2E_SANDBOX_PORT (the sandbox takes that port and the next ten).
const PORT = Number(process.env.AUTH_E2E_PORT ?? 4184);
const SANDBOX_PORT = Number(process.env.AUTH_E2E_SANDBOX_PORT ?? 4711);
export const ORIGIN = `http://127.0.0.1:${PORT}`;
export const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`;

/** Sign-in journeys in real Chromium against the sandbox's oidc-provider (access tokens live 8 s). */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  // Two journeys at a time, one per project: the journeys mostly wait (on 6–8 s access tokens, silent sign-ins),
  // and each project's files share no sandbox with the other's (a journey empties its sandboxes' recordings), so
  // the two never see each other's traffic. Within a project, one journey at a time.
  workers: 2,
  projects: [
    // The sandbox on SANDBOX_PORT (+0), the blocked one (+3), the profiles (+4 … +7) and SameSite=None (+8).
    { name: 'kind, sealed, profiles', testMatch: /\/(auth|sealed|providers|backend)\.spec\.ts$/, workers: 1 },
    // The hostile provider (+1), the strict one (+2) and Glewlwyd's ways (+9, +10).
    { name: 'hostile and strict', testMatch: /\/(relying-party|glewlwyd-profile)\.spec\.ts$/, workers: 1 },
  ],
  retries: 0,
  reporter: [['list']],
  timeout: 90_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL: ORIGIN,
    launchOptions: chromiumLaunchOptions(),
    trace: JOURNEY_TRACE,
  },
  webServer: {
    command: `node e2e/serve.mjs --port ${PORT} --sandbox-port ${SANDBOX_PORT}`,
    url: `${ORIGIN}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
