import { packageConfig } from '../../tooling/tsup';

// `./server`: the scrubber and the error type for servers and React Server Components, without 'use client'.
export default packageConfig(
  { index: 'src/index.ts', 'testing/index': 'src/testing/index.ts' },
  {},
  { server: 'src/server.ts' },
);
