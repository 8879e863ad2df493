import { packageConfig } from '../../tooling/tsup';

// `./server`: the Node logger (JSON lines on stdout), without 'use client' and without the SDK.
export default packageConfig(
  { index: 'src/index.ts', 'testing/index': 'src/testing/index.tsx' },
  {},
  { server: 'src/server.ts' },
);
