import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { chromiumLaunchOptions } from './tooling/chromium.mjs';

// The root Vitest config: the Storybook project (every story is a browser test in Chromium: render,
// play function, accessibility checks) and the tests of the repository's own scripts (entry guard,
// license check). Packages run their unit tests with their own configs.
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'scripts', environment: 'node', globals: true, include: ['scripts/**/*.test.ts'] },
      },
      {
        plugins: [storybookTest({ configDir: fileURLToPath(new URL('./.storybook', import.meta.url)) })],
        test: {
          name: 'storybook',
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunchOptions() }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
