import { packageConfig } from '../../tooling/tsup';

export default [
  packageConfig({ index: 'src/index.ts', 'testing/index': 'src/testing/index.tsx' }),
  // Pure functions for servers and React Server Components: no 'use client' directive.
  packageConfig({ server: 'src/server.ts' }, { banner: {}, clean: false }),
];
