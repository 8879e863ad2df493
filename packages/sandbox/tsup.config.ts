import { packageConfig } from '../../tooling/tsup';

// Node-only: ESM, no 'use client' banner, the CLI gets a shebang; keep `node:` specifiers so
// built-ins are never mistaken for (undeclared) packages.
export default packageConfig(
  { index: 'src/index.ts', cli: 'src/cli.ts' },
  { format: ['esm'], platform: 'node', target: 'node20', banner: {}, external: [], removeNodeProtocol: false },
);
