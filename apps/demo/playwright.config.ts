import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../../tooling/chromium.mjs';

const PORT = 4174;
const SANDBOX_PORT = 4701;

/** Journeys in real Chromium against the demo and @plinth/sandbox, started together by scripts/dev.mjs. */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: chromiumLaunchOptions(),
    trace: 'retain-on-failure',
  },
  webServer: {
    command: `node scripts/dev.mjs --port ${PORT} --sandbox-port ${SANDBOX_PORT} --quiet`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
  metadata: { sandbox: `http://127.0.0.1:${SANDBOX_PORT}` },
});

export const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`;
