import { readdir, readFile, writeFile } from 'node:fs/promises';
import { packageConfig } from '../../tooling/tsup';

const DIRECTIVE = "'use client';";

export default packageConfig(
  { index: 'src/index.ts', 'testing/index': 'src/testing/index.ts', 'plain-text': 'src/toPlainText.ts' },
  {
    // Only the component entry is a client module. `@plinth/rich-text/plain-text` is for server code
    // (React Server Components, generateMetadata), so neither it nor the shared chunks carry the
    // directive (a chunk is client code anyway once a 'use client' entry imports it). tsup's
    // tree-shaking pass drops the banner, so it is (re)applied here after the build.
    async onSuccess() {
      const files = await readdir('dist');
      await Promise.all(
        files
          .filter((f) => /\.c?js$/.test(f))
          .map(async (f) => {
            const code = (await readFile(`dist/${f}`, 'utf8')).replace(/^'use client';\r?\n?/, '');
            await writeFile(`dist/${f}`, /^index\.c?js$/.test(f) ? `${DIRECTIVE}\n${code}` : code);
          }),
      );
    },
  },
);
