import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/** The vendor SDKs' npm packages → the name their lazy chunks carry. */
const VENDOR_PACKAGES: readonly [RegExp, string][] = [
  [/[\\/]node_modules[\\/]posthog-js[\\/]/, 'posthog'],
  [/[\\/]node_modules[\\/]launchdarkly-[\w-]+[\\/]/, 'launchdarkly'],
  [/[\\/]node_modules[\\/]@datadog[\\/]/, 'datadog'],
  [/[\\/]node_modules[\\/]oidc-client-ts[\\/]/, 'oidc-client-ts'],
];

// Workspace packages resolve to their TypeScript source (the `@plinth/source` condition): no build step.
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['@plinth/source', ...defaultClientConditions] },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  // Pre-bundle every dependency up front: a re-optimisation found mid-session reloads the page.
  optimizeDeps: {
    include: [
      'react',
      'react-dom/client',
      'react/jsx-dev-runtime',
      'react-router',
      '@plinth/lazy > react-intersection-observer',
      '@plinth/svg > react-inlinesvg',
      '@plinth/svg > dompurify',
      '@plinth/rich-text > @portabletext/react',
      '@plinth/user-agent > ua-parser-js',
    ],
  },
  build: {
    sourcemap: true,
    rolldownOptions: {
      output: {
        // A vendor's lazy chunk is named after the vendor (its adapter, `src/adapter/posthog.ts` →
        // `posthog-[hash].js`), so blocking one vendor is one route pattern. scripts/budget.mjs checks that
        // nothing loaded at start-up carries a vendor's name or code.
        // A chunk split out of a vendor's SDK (e.g. posthog-js's extensions) carries the vendor's name too.
        chunkFileNames: (chunk) => {
          const adapter = /[\\/]src[\\/]adapter[\\/]([\w-]+)\.tsx?$/.exec(chunk.facadeModuleId ?? '')?.[1];
          if (adapter) return `assets/${adapter}-[hash].js`;
          const vendor = VENDOR_PACKAGES.find(([pattern]) => chunk.moduleIds.some((id) => pattern.test(id)))?.[1];
          return vendor ? `assets/${vendor}-[name]-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
});
