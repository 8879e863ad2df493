import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../../tooling/chromium.mjs';

const PORT = 4184;
const SANDBOX_PORT = 4711;
export const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`;

/** Sign-in journeys in real Chromium against the sandbox's oidc-provider (access tokens live 8 s). */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  timeout: 90_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: chromiumLaunchOptions(),
    // A failed journey keeps its trace (DOM snapshots, network, console): `playwright show-trace`. The
    // screencast is left out: it cost a quarter of the journeys' CPU on 2 cores.
    trace: { mode: 'retain-on-failure', screenshots: false, sources: false },
  },
  webServer: {
    command: `node e2e/serve.mjs --port ${PORT} --sandbox-port ${SANDBOX_PORT}`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
