#!/usr/bin/env node
// Scaffolds a published package with the rooms every Plinth package has.
// Usage: pnpm new-package <name> "<one-line description>" [--vendor <npm-package>]
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const vendorAt = args.indexOf('--vendor');
const vendor = vendorAt >= 0 ? args.splice(vendorAt, 2)[1] : undefined;
const [name, description = ''] = args;
if (!name || !/^[a-z][a-z0-9-]*$/.test(name)) {
  console.error('usage: pnpm new-package <name> "<description>" [--vendor <npm-package>]   (name: lower-case, dashes)');
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
    typecheck: 'node ../../node_modules/typescript-7/bin/tsc --noEmit',
    test: 'vitest run',
    size: 'size-limit',
    'check:package': 'node ../../scripts/check-packages.mjs --checks --only .',
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
const Name = name.replace(/(^|-)([a-z])/g, (_, __, c) => c.toUpperCase());
const vendorFile = (vendor ?? 'vendor').replace(/^@/, '').replace(/[/]/g, '-');
w(
  `src/adapter/${vendorFile}.ts`,
  `/**
 * The one door to ${vendor ?? 'the vendor SDK'}: the only file that imports it. The rest of the package reaches
 * it with \`await import('./adapter/${vendorFile}')\` inside a \`createVendorLoader({ load })\` from @plinth/core,
 * so the SDK is a lazy chunk loaded after consent. No vendor type leaves this file.
 */
export async function init(): Promise<{ ready: true }> {
  return { ready: true };
}
`,
);
w(
  'src/index.ts',
  `export { ${Name}Provider, type ${Name}ProviderProps, use${Name} } from './${Name}Provider';
`,
);
w(
  `src/${Name}Provider.tsx`,
  `import { createVendorLoader, MissingProviderError, useConsentStore } from '@plinth/core';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';

export interface ${Name}ProviderProps {
  children?: ReactNode;
}

const ${Name}Context = createContext<{ status: string } | null>(null);

/** Loads the vendor after \`analytics\` consent (change the category), once, StrictMode included. */
export function ${Name}Provider({ children }: ${Name}ProviderProps) {
  const store = useConsentStore();
  if (!store) throw new MissingProviderError('${Name}Provider', 'core');
  const [loader] = useState(() =>
    createVendorLoader({
      name: '${name}',
      consent: { store, category: 'analytics' },
      load: async () => (await import('./adapter/${vendorFile}')).init(),
    }),
  );
  const [status, setStatus] = useState(loader.status());
  useEffect(() => {
    const off = loader.subscribe(setStatus);
    void loader.start();
    return () => {
      off();
      loader.dispose();
    };
  }, [loader]);
  return <${Name}Context.Provider value={{ status }}>{children}</${Name}Context.Provider>;
}

export function use${Name}() {
  const value = useContext(${Name}Context);
  if (!value) throw new MissingProviderError('use${Name}', '${name}');
  return value;
}
`,
);
w(
  'src/testing/index.ts',
  `/** Network-free helpers for tests and stories: \`Test${Name}Provider\`, a recording fake and \`reset${Name}()\`. */

/** Forget everything the testing helpers recorded (call it in \`afterEach\`). */
export function reset${Name}(): void {}
`,
);
w(
  'src/ssr.test.tsx',
  `// @vitest-environment node
import { renderToString } from 'react-dom/server';

describe('SSR', () => {
  it('imports and renders without touching window or starting the vendor', async () => {
    const { ConsentProvider } = await import('@plinth/core');
    const { ${Name}Provider } = await import('./index');
    const html = renderToString(
      <ConsentProvider config={{ storage: null }}>
        <${Name}Provider>
          <p>ok</p>
        </${Name}Provider>
      </ConsentProvider>,
    );
    expect(html).toBe('<p>ok</p>');
    expect(typeof window).toBe('undefined');
  });
});
`,
);
w(
  `src/${Name}Provider.stories.tsx`,
  `import type { Meta, StoryObj } from '@storybook/react-vite';
import { TestConsentProvider } from '@plinth/core/testing';
import { ${Name}Provider, use${Name} } from './${Name}Provider';

function Status() {
  return <p>status: {use${Name}().status}</p>;
}

const meta = {
  title: '${name}/${Name}Provider',
  render: () => (
    <TestConsentProvider decisions={{ analytics: 'pending' }}>
      <${Name}Provider>
        <Status />
      </${Name}Provider>
    </TestConsentProvider>
  ),
} satisfies Meta;
export default meta;

/** Before consent: nothing is loaded. */
export const WaitingForConsent: StoryObj<typeof meta> = {};
`,
);
w(
  'README.md',
  `# @plinth/${name}

${description}

## Quickstart

\`\`\`tsx
import { ConsentProvider } from '@plinth/core';
import { ${Name}Provider, use${Name} } from '@plinth/${name}';

export const App = () => (
  <ConsentProvider>
    <${Name}Provider>{/* your app */}</${Name}Provider>
  </ConsentProvider>
);
\`\`\`

## Testing

\`@plinth/${name}/testing\`: \`Test${Name}Provider\`, a recording fake, \`reset${Name}()\`.
`,
);
console.log(
  `created packages/${name} (adapter, provider, testing entry with reset${Name}(), SSR test, story, README): ` +
    'run pnpm install, then fill in src/ and README.md, and add a changeset',
);
