import { packageConfig } from '../../tooling/tsup';

export default packageConfig(
  { index: 'src/index.ts', 'testing/index': 'src/testing/index.tsx', 'openfeature/index': 'src/openfeature/index.ts' },
  {},
  { 'server/index': 'src/server/index.ts' },
);
