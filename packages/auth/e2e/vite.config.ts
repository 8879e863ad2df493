import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/** The journeys' app: served from e2e/app, @plinth/* resolved to their source. */
export default defineConfig({
  root: fileURLToPath(new URL('./app', import.meta.url)),
  plugins: [react()],
  resolve: { conditions: ['@plinth/source', ...defaultClientConditions] },
  // Pre-bundled up front: a mid-journey re-optimisation would reload the page.
  optimizeDeps: { include: ['react', 'react-dom/client', 'react/jsx-dev-runtime', 'oidc-client-ts'] },
  // No watcher, no HMR: a source file saved during a run (this package's or a workspace dependency's) would
  // reload the journey's page half-way (two copies of a context, an iframe removed twice).
  server: { hmr: false, watch: null },
  envPrefix: 'VITE_',
  clearScreen: false,
});
