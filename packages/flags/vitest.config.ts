import { packageTestConfig } from '../../vitest.shared.ts';

// Each in a fresh environment: two files mock modules (`vi.mock`); suspend.test.tsx's wait keeps what a page keeps (a
// Suspense above its provider, reported once per page), which an earlier file in a shared worker had set (a CI run);
// the server's bootstrap, in Node's environment, saw its requests time out after jsdom files in the same worker
// (2 of 4 runs in a shuffled order).
export default packageTestConfig({}, [
  'src/FlagsProvider.test.tsx',
  'src/ssr.test.tsx',
  'src/suspend.test.tsx',
  'src/server/createBootstrap.test.ts',
]);
