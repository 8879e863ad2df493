import { packageTestConfig } from '../../vitest.shared.ts';

// One file per environment: a shared worker let an uncaught error from one file land in another (a CI run).
export default packageTestConfig({ isolate: true });
