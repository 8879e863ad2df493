import { packageTestConfig } from '../../vitest.shared.ts';

// Node-only package: every test runs in Node (real sockets, no DOM).
// The CLI tests start the sandbox twice in one test: on a loaded 2-core machine that passed 20 s (a CI run from a fresh clone).
export default packageTestConfig({ environment: 'node', testTimeout: 60_000, hookTimeout: 60_000 });
