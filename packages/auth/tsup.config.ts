import { packageConfig } from '../../tooling/tsup';

export default packageConfig(
  { index: 'src/index.ts', 'testing/index': 'src/testing/index.ts' },
  {},
  // The token-mediating backend: server code, no 'use client', no React.
  { 'server/index': 'src/server/index.ts' },
);
