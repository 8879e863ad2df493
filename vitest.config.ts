import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { REFERENCE_FOLDER, sameAsReference } from './.storybook/reference-images';
import { chromiumLaunchOptions, STABLE_PIXELS_ARGS } from './tooling/chromium.mjs';

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
          setupFiles: ['./.storybook/vitest.setup.ts'],
          // Every story file in one page, as Storybook's own preview keeps one page while a designer moves from story
          // to story (a CSS file a story imports stays loaded): each story file imports the styles it is drawn with,
          // so its pictures do not depend on which files ran before it. On 2026-11-28 every picture matched byte for
          // byte isolated and not, in a fresh clone's order, a cached run's and shuffled (a layout that depended on
          // earlier sizes, the consent banner's cover, was found so and fixed). The run alone: 173–190 CPU-s with a
          // fresh page per file, 121–150 so.
          isolate: false,
          browser: {
            // Reference images of every story (phone and desktop, light and dark), committed and compared.
            expect: {
              toMatchScreenshot: {
                resolveScreenshotPath: ({ arg, ext }) => `${REFERENCE_FOLDER}/${arg}${ext}`,
                resolveDiffPath: ({ root, arg, ext }) => `${root}/test-results/screenshots/${arg}${ext}`,
              },
            },
            enabled: true,
            headless: true,
            // As the packages' browser tests (vitest.shared.ts): the suite's busiest moments outlast the default 30 s.
            connectTimeout: 180_000,
            provider: playwright({
              launchOptions: {
                ...chromiumLaunchOptions(),
                args: [...chromiumLaunchOptions().args, ...STABLE_PIXELS_ARGS],
              },
              // A window that holds the desktop width and the tallest screenshot unscaled (Vitest scales a story
              // larger than the window, and the screenshots would be taken at that scale)
              // (.storybook/vitest.setup.ts's MAX_HEIGHT: a tall story is captured whole).
              contextOptions: { viewport: { width: 1300, height: 4000 } },
            }),
            instances: [{ browser: 'chromium' }],
            commands: { sameAsReference },
          },
        },
      },
    ],
  },
});
