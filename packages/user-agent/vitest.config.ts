import { packageTestConfig } from '../../vitest.shared.ts';

// Files share a worker (8 files: 18 → 11 CPU-s), except the one that mocks the parser (`vi.mock` would leak: shared, it failed).
export default packageTestConfig({}, ['src/parseUserAgent.failure.test.ts']);
