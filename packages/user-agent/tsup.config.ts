import { packageConfig } from '../../tooling/tsup';

// Two builds run in parallel, so neither cleans `dist` (the build script empties it first).
export default [
  packageConfig({ index: 'src/index.ts', 'testing/index': 'src/testing/index.tsx' }, { clean: false }),
  // Pure functions for servers and React Server Components: no 'use client' directive.
  packageConfig({ server: 'src/server.ts' }, { banner: {}, clean: false }),
];
