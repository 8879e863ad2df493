import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { configDefaults, defineConfig, mergeConfig, type ViteUserConfig } from 'vitest/config';
import { chromiumLaunchOptions } from './tooling/chromium.mjs';

/** The condition under which every workspace package exports its TypeScript source. */
export const SOURCE_CONDITION = '@plinth/source';

const setupFile = fileURLToPath(new URL('./tooling/vitest.setup.ts', import.meta.url));
/** Tests that need a real browser: `*.browser.test.ts(x)`, run by `browserTestConfig()`. */
const BROWSER_TESTS = 'src/**/*.browser.test.{ts,tsx}';

/**
 * The one Vitest setup every package uses: jsdom by default (SSR tests opt into
 * `// @vitest-environment node`), workspace packages resolved to `src` through the
 * source condition; type tests from `*.test-d.ts` are checked by the `typecheck` task. Browser tests are left to `browserTestConfig()`.
 */
export function packageTestConfig(
  overrides: ViteUserConfig['test'] = {},
  /**
   * Files that must each run in a fresh environment (they mock modules with `vi.mock`, which would leak into the
   * next file in a shared worker, or they test state a page keeps): a second project with `isolate: true` runs
   * them; every other file shares a worker. Flags' 12 unit files: 50 CPU-s each isolated, 9 shared.
   */
  isolated: string[] = [],
): ViteUserConfig {
  if (isolated.length > 0) {
    const { name = 'unit' } = overrides;
    return defineConfig({
      test: {
        projects: [
          packageTestConfig({ ...overrides, name, exclude: [...configDefaults.exclude, BROWSER_TESTS, ...isolated] }),
          packageTestConfig({ ...overrides, name: `${name} (isolated)`, include: isolated, isolate: true }),
        ],
      },
    });
  }
  return defineConfig({
    plugins: [react()],
    resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
    ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
    test: {
      environment: 'jsdom',
      globals: true,
      include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
      exclude: [...configDefaults.exclude, BROWSER_TESTS],
      setupFiles: [setupFile],
      // Test files share a worker's modules and environment (one jsdom per worker, not one per file: the environment
      // was over half of the unit tests' time): the setup file gives each file a new page's storage and channel. Files
      // that mock modules (`vi.mock`, which would leak into the next file) are named in `isolated`.
      isolate: false,
      restoreMocks: true,
      unstubGlobals: true,
      // A `vi.stubEnv('NODE_ENV', 'production')` ends with its test: left in place, the next file in the worker loaded
      // React's production server renderer beside its development build ("dispatcher.getOwner is not a function").
      unstubEnvs: true,
      // Type tests (`*.test-d.ts`) are compiled by each package's `typecheck` task (tsc over src/, where an
      // `expectTypeOf` mismatch or an unused `@ts-expect-error` is an error): running them again here
      // would cost a second tsc per package. `vitest --typecheck` still runs them on demand.
      typecheck: { include: ['src/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
      ...overrides,
    },
  });
}

/**
 * The same setup for `*.browser.test.ts(x)` in real Chromium (Vitest browser mode over Playwright,
 * launched as every browser test here is: `tooling/chromium.mjs`). `extra` merges on top (plugins,
 * optimizeDeps, a viewport).
 */
export function browserTestConfig(
  extra: ViteUserConfig = {},
  /** Chromium's headless shell, or the full browser where its own behaviour is under test (tooling/chromium.mjs). */
  chromium: 'shell' | 'browser' = 'shell',
): ViteUserConfig {
  return mergeConfig(
    packageTestConfig({
      include: [BROWSER_TESTS],
      exclude: [...configDefaults.exclude],
      setupFiles: [setupFile],
      // Each file in a page of its own: the vendor SDKs keep globals (window.DD_LOGS, posthog's).
      isolate: true,
      typecheck: { enabled: false },
      // A real SDK's import and start on a loaded 2-core machine can pass the default 1 s of `expect.poll`
      // (a CI run from a fresh clone: 'loading' for 1 s); every wait stays bounded.
      expect: { poll: { timeout: 10_000 } },
      // Upper bounds, not waits: a test's own waits (up to 10 s each, above) can add up past browser mode's default
      // 15 s under the suite's load (a CI run: a 1.2 s test timed out at 15.8 s).
      testTimeout: 30_000,
      browser: {
        enabled: true,
        headless: true,
        screenshotFailures: false,
        // The suite runs the journeys' browsers beside these: at its busiest (load 25 on 2 cores) a session took
        // longer than the default 30 s to connect (a CI run: rich text's browser tests never started).
        connectTimeout: 180_000,
        viewport: { width: 800, height: 600 },
        provider: playwright({ launchOptions: chromiumLaunchOptions(chromium) }),
        instances: [{ browser: 'chromium' }],
      },
    }),
    extra,
  );
}
