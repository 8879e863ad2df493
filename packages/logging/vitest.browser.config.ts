import { browserTestConfig } from '../../vitest.shared.ts';

export default browserTestConfig({
  // One sandbox for all files; files run one after another (the intake status is shared state).
  test: { globalSetup: ['./test/sandbox.global.ts'], fileParallelism: false },
  // Pre-bundle up front: a mid-run re-optimisation reloads the page.
  optimizeDeps: { include: ['@datadog/browser-logs', 'react', 'react-dom/client'] },
});
