import { packageConfig } from '../../tooling/tsup';

// `./plain-text`: `toPlainText` for server code (React Server Components, generateMetadata), without 'use client'.
export default packageConfig(
  { index: 'src/index.ts', 'testing/index': 'src/testing/index.ts' },
  {},
  { 'plain-text': 'src/toPlainText.ts' },
);
