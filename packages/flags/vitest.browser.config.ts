import { browserTestConfig } from '../../vitest.shared.ts';

export default browserTestConfig({
  test: { globalSetup: ['./test/sandbox.global.ts'], fileParallelism: false },
  // Pre-bundle up front: a mid-run re-optimisation reloads the page.
  optimizeDeps: { include: ['launchdarkly-js-client-sdk', 'react', 'react-dom/client'] },
});
