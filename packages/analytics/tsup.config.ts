import { packageConfig } from '../../tooling/tsup';

export default packageConfig(
  { index: 'src/index.ts', 'testing/index': 'src/testing/index.tsx' },
  {},
  { 'server/index': 'src/server/index.ts' },
);
