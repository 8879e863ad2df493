// The quickstart of each package README, as a product engineer copies it: the first ```tsx block under
// "## Quickstart". scripts/consumer-test.mjs writes each one, unchanged, into its React 18 + Vite consumer (installed
// from the packed tarballs), type-checks it with that app's tsc and a create-vite tsconfig, builds it with Vite,
// renders it on the server (renderToString) and in Chromium. So the README and the test cannot drift.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The packages whose README quickstart is tested as written: adding one is one line. */
export const QUICKSTARTS = ['core', 'analytics', 'flags', 'logging', 'auth', 'rich-text', 'lazy', 'svg', 'user-agent'];

/**
 * The first ```tsx block of the "## Quickstart" section of a README. It must be a complete module that exports
 * the component to render as `App` (no props): the test imports it as `import { App } from './<package>'`.
 */
export function quickstartOf(readme, label = 'README') {
  const section = /^## Quickstart[^\n]*\n([\s\S]*?)(?=^## )/m.exec(`${readme}\n## end\n`)?.[1];
  if (section === undefined) throw new Error(`${label}: no "## Quickstart" section`);
  const block = /^```tsx\n([\s\S]*?)^```$/m.exec(section)?.[1];
  if (block === undefined) throw new Error(`${label}: no \`\`\`tsx block under "## Quickstart"`);
  if (!/^export (function|const) App\b/m.test(block)) {
    throw new Error(`${label}: the quickstart block does not export \`App\` (the component the test renders)`);
  }
  return block;
}

/**
 * `{ quickstarts: { package directory name → quickstart source }, problems }` for the packages in `QUICKSTARTS`; a
 * README whose block cannot be used is left out of `quickstarts` and named in `problems`.
 */
export function readQuickstarts(root, names = QUICKSTARTS) {
  const quickstarts = {};
  const problems = [];
  for (const name of names) {
    const file = join('packages', name, 'README.md');
    try {
      quickstarts[name] = quickstartOf(readFileSync(join(root, file), 'utf8'), file);
    } catch (error) {
      problems.push(error.message);
    }
  }
  return { quickstarts, problems };
}
