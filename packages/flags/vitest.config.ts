import { packageTestConfig } from '../../vitest.shared.ts';

// One file per environment: suspend.test.tsx's wait saw an earlier file's state in a shared worker (a CI run).
export default packageTestConfig({ isolate: true });
