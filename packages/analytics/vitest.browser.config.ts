import { browserTestConfig } from '../../vitest.shared.ts';

export default browserTestConfig({
  test: { globalSetup: ['./test/sandbox.global.ts'], fileParallelism: false },
  // Pre-bundle up front: a mid-run re-optimisation reloads the page.
  optimizeDeps: {
    include: [
      'react',
      'react-dom/client',
      'posthog-js/dist/module.slim.no-external.js',
      'posthog-js/dist/extension-bundles.js',
      'posthog-js/dist/web-vitals.js',
      'posthog-js/dist/dead-clicks-autocapture.js',
      'posthog-js/dist/lazy-recorder.js',
      'posthog-js/dist/surveys.js',
    ],
  },
});
