import { packageConfig } from '../../tooling/tsup';

// `./server`: pure functions for servers and React Server Components, without 'use client'.
export default packageConfig(
  { index: 'src/index.ts', 'testing/index': 'src/testing/index.tsx' },
  {},
  { server: 'src/server.ts' },
);
