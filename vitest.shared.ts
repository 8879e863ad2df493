import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

/** The condition under which every workspace package exports its TypeScript source. */
export const SOURCE_CONDITION = '@plinth/source';

const setupFile = fileURLToPath(new URL('./tooling/vitest.setup.ts', import.meta.url));

/**
 * The one Vitest setup every package uses: jsdom by default (SSR tests opt into
 * `// @vitest-environment node`), workspace packages resolved to `src` through the
 * source condition, type tests from `*.test-d.ts`.
 */
export function packageTestConfig(overrides: ViteUserConfig['test'] = {}): ViteUserConfig {
  return defineConfig({
    plugins: [react()],
    resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
    ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
    test: {
      environment: 'jsdom',
      globals: true,
      include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
      setupFiles: [setupFile],
      restoreMocks: true,
      unstubGlobals: true,
      typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
      ...overrides,
    },
  });
}
