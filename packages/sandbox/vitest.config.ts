import { packageTestConfig } from '../../vitest.shared.ts';

// Node-only package: every test runs in Node (real sockets, no DOM).
export default packageTestConfig({ environment: 'node', testTimeout: 20_000, hookTimeout: 20_000 });
