import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/** The journeys' app, built by e2e/serve.mjs from e2e/app (development mode), @plinth/* resolved to their source. */
export default defineConfig({
  root: fileURLToPath(new URL('./app', import.meta.url)),
  plugins: [react()],
  resolve: { conditions: ['@plinth/source', ...defaultClientConditions] },
  envPrefix: 'VITE_',
  clearScreen: false,
});
