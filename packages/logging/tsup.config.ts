import { packageConfig } from '../../tooling/tsup';

// `./server`: the Node logger (JSON lines on stdout), and `./proxy`: the intake proxy's request handler (Node
// 18+ and edge runtimes); both without 'use client' and without the SDK.
export default packageConfig(
  { index: 'src/index.ts', 'testing/index': 'src/testing/index.tsx' },
  {},
  { server: 'src/server.ts', proxy: 'src/proxy.ts' },
);
