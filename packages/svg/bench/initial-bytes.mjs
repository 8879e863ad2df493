// What an app that renders <InlineSvg> pays up front: bundles a one-line app entry
// (`export { InlineSvg } from '@plinth/svg'`, from this package's src, or another src directory given as
// the first argument) with Vite's production build (minified, code-split at every import()), React and
// @plinth/core left external, and prints the gzip size of the initial chunk (entry plus its static
// imports) and of the lazy chunks.
//
//   node bench/initial-bytes.mjs            # this package's src
//   node bench/initial-bytes.mjs /tmp/src   # another copy (e.g. an older commit's src, placed in this package)
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const here = fileURLToPath(new URL('..', import.meta.url));
const src = resolve(process.argv[2] ?? resolve(here, 'src'));
const ENTRY = '\0plinth-svg-app';

const result = await build({
  configFile: false,
  logLevel: 'silent',
  root: here,
  plugins: [
    {
      name: 'app-entry',
      resolveId: (id) => (id === ENTRY ? ENTRY : undefined),
      load: (id) =>
        id === ENTRY ? `export { InlineSvg } from ${JSON.stringify(resolve(src, 'index.ts'))};` : undefined,
    },
  ],
  build: {
    write: false,
    minify: true,
    target: 'es2022',
    modulePreload: false,
    rollupOptions: {
      input: ENTRY,
      preserveEntrySignatures: 'strict',
      external: (id) => /^(react|react-dom|@plinth\/core)(\/|$)/.test(id),
    },
  },
});

const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
const chunks = new Map(outputs.filter((o) => o.type === 'chunk').map((c) => [c.fileName, c]));
const gz = (chunk) => gzipSync(chunk.code, { level: 9 }).length;
const initial = new Set();
const visit = (name) => {
  if (initial.has(name)) return;
  initial.add(name);
  for (const dep of chunks.get(name).imports) if (chunks.has(dep)) visit(dep);
};
for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
let initialBytes = 0;
let lazyBytes = 0;
for (const chunk of chunks.values()) {
  const bytes = gz(chunk);
  const isInitial = initial.has(chunk.fileName);
  if (isInitial) initialBytes += bytes;
  else lazyBytes += bytes;
  const modules = Object.keys(chunk.modules)
    .map((id) =>
      id
        .replace('\0', '')
        .replace(/^.*node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?/, '')
        .replace(here, ''),
    )
    .map((id) =>
      id.includes('/') && !id.startsWith('/')
        ? id
            .split('/')
            .slice(0, id.startsWith('@') ? 2 : 1)
            .join('/')
        : id,
    );
  console.log(
    `${isInitial ? 'initial' : 'lazy   '}  ${kb(bytes).padStart(8)}  ${chunk.fileName}  (${[...new Set(modules)].join(', ')})`,
  );
}
console.log(`initial JS: ${kb(initialBytes)} gz · lazy chunks: ${kb(lazyBytes)} gz (React and @plinth/core external)`);
