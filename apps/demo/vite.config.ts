import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

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
        chunkFileNames: (chunk) => {
          const adapter = /[\\/]src[\\/]adapter[\\/]([\w-]+)\.tsx?$/.exec(chunk.facadeModuleId ?? '')?.[1];
          return `assets/${adapter ?? '[name]'}-[hash].js`;
        },
      },
    },
  },
});
