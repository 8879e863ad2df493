import { existsSync } from 'node:fs';
import { playwright } from '@vitest/browser-playwright';
import { packageTestConfig } from '../../vitest.shared';

// Debian's Chromium; Playwright cannot download its own browser here.
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default packageTestConfig({
  include: ['src/**/*.browser.test.{ts,tsx}'],
  exclude: [],
  typecheck: { enabled: false },
  browser: {
    enabled: true,
    headless: true,
    screenshotFailures: false,
    viewport: { width: 800, height: 600 },
    provider: playwright({
      launchOptions: {
        executablePath,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      },
    }),
    instances: [{ browser: 'chromium' }],
  },
});
