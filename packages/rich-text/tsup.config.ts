import { packageConfig } from '../../tooling/tsup';

// `./plain-text`: `toPlainText` for server code (React Server Components, generateMetadata), without 'use client'.
// `dts.resolve`: the Portable Text types are inlined into the declarations. @portabletext/types is ESM-only, so a
// `.d.cts` importing it fails (TS1479) for a CommonJS consumer under `moduleResolution: node16`.
export default packageConfig(
  { index: 'src/index.ts', 'testing/index': 'src/testing/index.ts' },
  { dts: { resolve: ['@portabletext/types'] } },
  { 'plain-text': 'src/toPlainText.ts' },
);
