#!/usr/bin/env node
// Scaffolds a published package with the rooms every Plinth package has.
// Usage: pnpm new-package <name> "<one-line description>"
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [name, description = ''] = process.argv.slice(2);
if (!name || !/^[a-z][a-z0-9-]*$/.test(name)) {
  console.error('usage: pnpm new-package <name> "<description>"   (name: lower-case, dashes)');
  process.exit(1);
}
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = join(root, 'packages', name);
if (existsSync(dir)) {
  console.error(`packages/${name} already exists`);
  process.exit(1);
}

const entry = (file) => ({
  '@plinth/source': `./src/${file}.ts`,
  import: { types: `./dist/${file}.d.ts`, default: `./dist/${file}.js` },
  require: { types: `./dist/${file}.d.cts`, default: `./dist/${file}.cjs` },
});
const published = (e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== '@plinth/source'));
const exportsMap = { '.': entry('index'), './testing': entry('testing/index'), './package.json': './package.json' };
const pkg = {
  name: `@plinth/${name}`,
  version: '0.0.0',
  description,
  license: 'MIT',
  type: 'module',
  sideEffects: false,
  files: ['dist'],
  main: './dist/index.cjs',
  module: './dist/index.js',
  types: './dist/index.d.cts',
  exports: exportsMap,
  publishConfig: {
    access: 'public',
    provenance: true,
    exports: Object.fromEntries(
      Object.entries(exportsMap).map(([k, v]) => [k, typeof v === 'string' ? v : published(v)]),
    ),
  },
  scripts: {
    build: 'tsup',
    typecheck: 'tsc --noEmit',
    test: 'vitest run',
    size: 'size-limit',
    'check:package': 'node ../../scripts/check-package.mjs',
  },
  engines: { node: '>=20.19' },
  peerDependencies: { react: '^18.0.0 || ^19.0.0' },
  dependencies: { '@plinth/core': 'workspace:^' },
};
const w = (rel, text) => {
  mkdirSync(dirname(join(dir, rel)), { recursive: true });
  writeFileSync(join(dir, rel), text);
};
w('package.json', `${JSON.stringify(pkg, null, 2)}\n`);
w(
  'tsup.config.ts',
  `import { packageConfig } from '../../tooling/tsup';\n\nexport default packageConfig({ index: 'src/index.ts', 'testing/index': 'src/testing/index.ts' });\n`,
);
w(
  'vitest.config.ts',
  `import { packageTestConfig } from '../../vitest.shared';\n\nexport default packageTestConfig();\n`,
);
w('tsconfig.json', `${JSON.stringify({ extends: '../../tsconfig.base.json', include: ['src', '*.ts'] }, null, 2)}\n`);
w(
  '.size-limit.json',
  `${JSON.stringify([{ name: `@plinth/${name}`, path: 'dist/index.js', limit: '2.5 kB', ignore: ['react', 'react-dom', '@plinth/core'] }], null, 2)}\n`,
);
w('src/index.ts', `export {};\n`);
w('src/testing/index.ts', `export {};\n`);
w(
  'README.md',
  `# @plinth/${name}\n\n${description}\n\n## Quickstart\n\n\`\`\`sh\nnpm install @plinth/${name}\n\`\`\`\n`,
);
console.log(`created packages/${name}: run pnpm install, then fill in src/ and README.md`);
