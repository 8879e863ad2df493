#!/usr/bin/env node
// Real consumers, from a real npm registry the release published to, not the workspace or files:
//   1. build every published package, start a registry (Verdaccio, scripts/release-registry.mjs) on 127.0.0.1, and on
//      a throwaway copy of the workspace run the release as the workflow does: `changeset version` (the pending
//      changesets give the versions) and `changeset publish`; every public package must be on the registry at its new
//      version, with its `workspace:` ranges written out (the registry's packuments, what `npm view` reads). Then a
//      second release after a patch changeset on @plinth/core must publish core alone, and every dependent's
//      published range must admit core's new version;
//   2. install @plinth/* by version range from that registry (an .npmrc with `@plinth:registry`; everything else from
//      the npm registry) with npm into a fresh project under the system temp dir, beside React 18.3, Vite and
//      TypeScript (exact versions); its package-lock.json must resolve every @plinth package to the registry, at the
//      latest version (core's patch through the dependents' ranges), then
//      a. import every entry of every package in Node, as ESM and as CommonJS (no console output allowed),
//      b. server-render an app that uses them with React 18's renderToString,
//      c. `vite build` the same app for the browser, and hydrate the server markup in Chromium: no error, no warning,
//      d. type-check imports of every entry with `moduleResolution: node16`, from CommonJS and from ESM files
//         (skipLibCheck off, so an error inside a published .d.ts/.d.cts counts), and the rich-text quickstart;
//      e. every package README's quickstart block as written (scripts/quickstarts.mjs): type-checked with a fresh
//         create-vite React + TypeScript app's tsconfig, built by Vite, rendered on the server (renderToString) and in
//         Chromium (createRoot under StrictMode), with no console output;
//   3. a Next.js 16 App Router app (React 19) from the same registry, installed with pnpm (strict layout) at the
//      same time as the first (its pnpm-lock.yaml checked likewise):
//      a server component renders rich text (directly, and through a client file with custom components), reads the
//      visitor's consent from core's cookie and bootstraps a flag (createBootstrap, the catalogue from
//      @plinth/flags/server) against the sandbox; client components draw the banner, the consent state and the flag.
//      `next build` type-checks and builds it; `next start` serves it to Chromium: a first visit (the banner and the
//      flag's default in the server's HTML), "Accept all" then a reload (no banner, the flag's live value from the
//      server), "Reject all" then a reload, each hydrated with no console error or warning and no layout shift.
//
// Usage (from the repository root):
//   node scripts/consumer-test.mjs [--no-next] [--keep] [--built]
//   --no-next skips the Next.js app (a quicker local run); --keep leaves the temp dir (apps, release copy, registry
//   storage) for inspection; --built publishes what is built without running the (cached) build first (the suite
//   builds before, and its other lanes read the packages' dist meanwhile).
import { execFile, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { delimiter, dirname, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { readQuickstarts } from './quickstarts.mjs';
import {
  checkNpmInstall,
  checkPnpmInstall,
  checkRegistry,
  copyWorkspace,
  expectedRelease,
  readManifests,
  startRegistry,
  writeChangeset,
} from './release-registry.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = new Set(process.argv.slice(2));
const withNext = !args.has('--no-next');
const built = args.has('--built');
const started = Date.now();

// Exact versions of what a consumer brings along.
const V = {
  react18: '18.3.1',
  typesReact18: '18.3.8',
  typesReactDom18: '18.3.7',
  vite: '8.3.8',
  vitePluginReact: '6.3.0',
  typescript: '5.9.3',
  next: '16.4.6',
  react19: '19.3.1',
  typesReact19: '19.3.0',
  typesReactDom19: '19.3.0',
  typesNode: '20.19.43',
};

let checksStarted;
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;
const step = (text) => console.log(`\n▸ ${text} (${elapsed()})`);
function run(cmd, argv, options = {}) {
  const result = spawnSync(cmd, argv, { stdio: 'inherit', encoding: 'utf8', ...options });
  if (result.status !== 0) {
    const output = options.stdio === 'pipe' ? `\n${result.stdout}${result.stderr}` : '';
    throw new Error(`\`${cmd} ${argv.join(' ')}\` failed (exit ${result.status ?? result.signal})${output}`);
  }
  return result;
}
// Inside `pnpm run`, npm_execpath is pnpm itself; otherwise the pinned pnpm through npx (the README's form).
const pnpmCommand = process.env.npm_execpath?.match(/pnpm/)
  ? [process.execPath, process.env.npm_execpath]
  : ['npx', '-y', 'pnpm@10.34.9'];
const pnpmAsync = (argv, cwd, env) => runAsync(pnpmCommand[0], [...pnpmCommand.slice(1), ...argv], cwd, env);
const bin = (name) => join(root, 'node_modules', '.bin', name);
// npm with an empty user config (no stray settings from the machine), quiet, and no install scripts. Async, so
// the two consumers install side by side (npm's cache and pnpm's store are safe to share between processes).
const npm = (cwd, argv) =>
  runAsync(
    'npm',
    [...argv, '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'],
    cwd,
    {
      ...consumerEnv(),
      npm_config_userconfig: join(cwd, '.npmrc-empty'),
      npm_config_update_notifier: 'false',
    },
  );
/**
 * pnpm for the Next.js consumer: its isolated node_modules (a package sees only what it declares) is the strict
 * layout, so a dependency a tarball forgot to declare fails here; and it links from the store instead of
 * unpacking Next.js's ~300 MB again, which keeps the Next.js app inside the suite's time budget.
 */
const pnpmInstall = (cwd) =>
  pnpmAsync(['install', '--prefer-offline', '--reporter=append-only'], cwd, {
    ...consumerEnv(),
    npm_config_userconfig: join(cwd, '.npmrc-empty'),
    npm_config_update_notifier: 'false',
  });
/** The environment a consumer's tools see: the workspace's pnpm/npm run variables left out. */
function consumerEnv() {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(npm_|PNPM_|pnpm_)/i.test(key)));
}
/** Runs a command without blocking, output captured; rejects with the output on failure. */
const runAsync = (cmd, argv, cwd, env = process.env) =>
  promisify(execFile)(cmd, argv, { cwd, env, maxBuffer: 64 * 1024 * 1024 }).catch((error) => {
    throw new Error(`\`${cmd} ${argv.join(' ')}\` failed (exit ${error.code})\n${error.stdout}${error.stderr}`);
  });

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const pnpmOnPath = () => (process.env.PATH ?? '').split(delimiter).some((dir) => existsSync(join(dir, 'pnpm')));

/**
 * The release's environment: the workspace's npm/pnpm variables left out, `@plinth` pointed at the test registry
 * (the copy's .npmrc holds its token, the only one: no other registry could take a publish), and
 * `pnpm` on PATH for `changeset publish` (it runs `pnpm publish`, which writes out `workspace:` ranges).
 */
function releaseEnv(work, release, registry) {
  writeFileSync(join(release, '.npmrc'), registry.npmrc);
  const env = {
    ...consumerEnv(),
    npm_config_userconfig: join(release, '.npmrc'),
    'npm_config_@plinth:registry': registry.url,
    npm_config_update_notifier: 'false',
  };
  if (pnpmOnPath()) return env;
  if (pnpmCommand[0] === process.execPath) {
    // Inside `pnpm run`: the running pnpm's own script.
    const shim = join(work, 'bin', 'pnpm');
    mkdirSync(dirname(shim), { recursive: true });
    writeFileSync(shim, `#!/bin/sh\nexec '${pnpmCommand.join("' '")}' "$@"\n`);
    chmodSync(shim, 0o755);
    env.PATH = `${dirname(shim)}${delimiter}${env.PATH}`;
  } else {
    // Otherwise the pinned pnpm from npx's cache, looked up once (not one npx per package published).
    const pnpmBin = run('npx', ['-y', '-p', 'pnpm@10.34.9', '-c', 'command -v pnpm'], { stdio: 'pipe' }).stdout.trim();
    env.PATH = `${dirname(pnpmBin)}${delimiter}${env.PATH}`;
  }
  return env;
}

/**
 * What `npm view <name> --json` answers, for each name, from the registry's packument (one HTTP request each, not one
 * npm process each: 20 of them cost about 20 CPU-s): the latest version's manifest with `versions` and `dist-tags`.
 * name → answer (null for a 404).
 */
async function npmView(registryUrl, names) {
  const view = async (name) => {
    const response = await fetch(
      new URL(name.replace('/', '%2f'), registryUrl.endsWith('/') ? registryUrl : `${registryUrl}/`),
    );
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`GET ${name} from ${registryUrl}: ${response.status}`);
    const packument = await response.json();
    const tags = packument['dist-tags'] ?? {};
    return { ...packument.versions[tags.latest], versions: Object.keys(packument.versions), 'dist-tags': tags };
  };
  const answers = await Promise.all(names.map(view));
  return new Map(names.map((name, i) => [name, answers[i]]));
}

// ---- which packages ------------------------------------------------------------------------------
const packages = readdirSync(join(root, 'packages'))
  .map((dir) => ({ dir: join(root, 'packages', dir), json: join(root, 'packages', dir, 'package.json') }))
  .filter(({ json }) => existsSync(json))
  .map(({ dir, json }) => ({ dir, pkg: JSON.parse(readFileSync(json, 'utf8')) }))
  .filter(({ pkg }) => !pkg.private && pkg.name !== '@plinth/sandbox');
/** Every entry a consumer can import (`@plinth/x`, `@plinth/x/testing`, …): from the published manifests. */
const entries = [];
const entriesOf = (pkg) =>
  Object.keys(pkg.exports ?? { '.': null })
    .filter((key) => key !== './package.json')
    .map((key) => (key === '.' ? pkg.name : `${pkg.name}/${key.slice(2)}`));
console.log(`consumer test: ${packages.length} packages: ${packages.map(({ pkg }) => pkg.name).join(', ')}`);

// ---- helpers -----------------------------------------------------------------------------------------

function writeProject(dir, files) {
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
  }
}

/**
 * A static server for the built app and a Chromium page on `path`; `fn(page, problems)` waits for what it needs.
 * Every console error or warning and every page error is a problem, and problems fail the check.
 */
async function inChromium(dist, path, fn) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.svg': 'image/svg+xml', '.css': 'text/css' };
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname);
    const file = join(dist, pathname === '/' ? 'index.html' : pathname);
    if (relative(dist, file).startsWith('..') || !existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { chromium } = await import('playwright');
  const { chromiumLaunchOptions } = await import('../tooling/chromium.mjs');
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const page = await browser.newPage();
    const problems = [];
    page.on(
      'console',
      (m) =>
        ['error', 'warning'].includes(m.type()) &&
        problems.push(`console.${m.type()}: ${m.text()} (${m.location().url})`),
    );
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    const { port } = server.address();
    await page.goto(`http://127.0.0.1:${port}${path}`);
    await fn(page, problems).catch((error) => {
      throw new Error([error.message, ...problems].join('\n    '));
    });
    if (problems.length) throw new Error(problems.join('\n    '));
  } finally {
    await browser.close();
    server.close();
  }
}

/** Hydrate the server markup: wait for hydration and the inlined SVG. */
const hydrate = (dist) =>
  inChromium(dist, '/', async (page, problems) => {
    // Positive sentinels: the app's effect ran (hydrated) and the icon was fetched, sanitised and inlined.
    await page.waitForSelector('main[data-hydrated="yes"]', { timeout: 15_000 });
    await page.waitForSelector('main svg', { timeout: 15_000 });
    const html = await page.$eval('main', (el) => el.innerHTML);
    if (!html.includes('<h2 id="hello-consumer">Hello consumer</h2>')) problems.push(`unexpected markup: ${html}`);
  });

// ---- the README quickstarts (scripts/quickstarts.mjs) ---------------------------------------------------------

/** Quickstarts that could be read (a README without a usable block is a failed check, the others still run). */
const { quickstarts, problems: quickstartProblems } = readQuickstarts(root);
const quickstartNames = Object.keys(quickstarts);
/** Each quickstart mounted as a Vite app mounts its App (create-vite's main.tsx: createRoot, StrictMode). */
const quickstartsClient = `import { createElement, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// One chunk per quickstart, so one that throws at import is named and the others still render.
const quickstarts = { ${quickstartNames.map((name) => `${JSON.stringify(name)}: () => import('./quickstarts/${name}.tsx')`).join(', ')} };
Promise.all(
  Object.entries(quickstarts).map(async ([name, load]) => {
    const section = document.createElement('section');
    section.dataset.quickstart = name;
    document.body.append(section);
    try {
      const { App } = await load();
      createRoot(section).render(createElement(StrictMode, null, createElement(App)));
    } catch (error) {
      console.error(\`quickstart \${name}: \${error?.stack ?? error}\`);
    }
  }),
).then(() => {
  document.body.dataset.mounted = 'yes';
});
`;

/** In Chromium: every quickstart rendered something, with no error or warning in the console. */
const renderQuickstarts = (dist) =>
  inChromium(dist, '/quickstarts.html', async (page, problems) => {
    await page.waitForSelector('body[data-mounted="yes"]', { timeout: 15_000 });
    // Effects (consent read, user-agent hints, an icon fetch) settle; a render error empties its section.
    await page.waitForLoadState('networkidle');
    const rendered = await page.$$eval('section[data-quickstart]', (sections) =>
      sections.map((s) => [s.dataset.quickstart, s.innerHTML.length]),
    );
    const empty = rendered.filter(([, length]) => length === 0).map(([name]) => name);
    if (rendered.length !== quickstartNames.length) problems.push(`rendered ${rendered.length} quickstarts`);
    if (empty.length) problems.push(`quickstarts rendered nothing: ${empty.join(', ')}`);
  });

/** The app every consumer renders: rich text, consent, a lazy section and an inline SVG. Plain JS, no JSX step. */
const appSource = `import { ConsentProvider, createConsent } from '@plinth/core';
import { LazyRender } from '@plinth/lazy';
import { RichText } from '@plinth/rich-text';
import { InlineSvg } from '@plinth/svg';
import { createElement as h, useEffect, useState } from 'react';

const doc = [
  { _type: 'block', _key: 'a', style: 'h2', markDefs: [], children: [{ _type: 'span', _key: 'a1', text: 'Hello consumer', marks: [] }] },
  {
    _type: 'block', _key: 'b', style: 'normal',
    markDefs: [{ _type: 'link', _key: 'l1', href: 'javascript:alert(1)' }, { _type: 'link', _key: 'l2', href: 'https://example.com/' }],
    children: [
      { _type: 'span', _key: 'b1', text: 'unsafe', marks: ['l1'] },
      { _type: 'span', _key: 'b2', text: ' and ', marks: [] },
      { _type: 'span', _key: 'b3', text: 'safe', marks: ['l2', 'strong'] },
    ],
  },
];
const consent = createConsent();

export function App() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return h('main', { 'data-hydrated': hydrated ? 'yes' : 'no' },
    h(ConsentProvider, { store: consent },
      h(RichText, { value: doc }),
      h(LazyRender, { minHeight: 40 }, h('div', { style: { height: 40 } }, 'Lazy section')),
      h(InlineSvg, { src: '/icon.svg', title: 'Icon', width: 24, height: 24 }),
    ),
  );
}
`;

/** Fails the process on any console output: a package must not log on import or while rendering. */
const silence = `for (const level of ['log', 'info', 'warn', 'error', 'debug']) {
  console[level] = (...a) => { process.stderr.write(\`unexpected console.\${level}: \${a.join(' ')}\\n\`); process.exitCode = 1; };
}
`;

function react18Files(deps, npmrc) {
  const typeImports = entries.map((entry, i) => `import * as m${i} from '${entry}';`).join('\n');
  const typeFile = `${typeImports}\nexport const modules = [${entries.map((_, i) => `m${i}`).join(', ')}];\n`;
  const tsconfig = {
    compilerOptions: {
      module: 'node16',
      moduleResolution: 'node16',
      target: 'es2022',
      lib: ['es2022', 'dom'],
      jsx: 'react-jsx',
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      types: [],
    },
    // One program, two module formats: under node16 each file's format follows its nearest package.json.
    include: ['cjs', 'esm'],
  };
  // The quickstart's custom components, type-checked against React 18's types.
  const usage = `import { RichText, type RichTextComponents, type RichTextValue } from '@plinth/rich-text';
import { toPlainText } from '@plinth/rich-text/plain-text';

const components: RichTextComponents = {
  types: { callout: ({ value }) => <aside className={value.tone}>{value.text}</aside> },
  marks: { highlight: ({ children }) => <mark>{children}</mark> },
};
export const Article = ({ body }: { body: RichTextValue }) => (
  <article title={toPlainText(body).slice(0, 160)}>
    <RichText value={body} components={components} origin="https://www.example.com" />
  </article>
);
`;
  return {
    '.npmrc-empty': '',
    '.npmrc': npmrc,
    'package.json': {
      name: 'plinth-consumer-react18',
      private: true,
      type: 'module',
      dependencies: {
        ...deps,
        react: V.react18,
        'react-dom': V.react18,
        '@types/react': V.typesReact18,
        '@types/react-dom': V.typesReactDom18,
        vite: V.vite,
        '@vitejs/plugin-react': V.vitePluginReact,
        typescript: V.typescript,
      },
    },
    // The quickstarts' own build (create-vite's React + TypeScript template: its plugin), apart from the app's.
    'vite.quickstarts.config.js': `import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist-quickstarts', rolldownOptions: { input: 'quickstarts.html' } },
});
`,
    ...Object.fromEntries(Object.entries(quickstarts).map(([name, code]) => [`src/quickstarts/${name}.tsx`, code])),
    'src/quickstarts-client.js': quickstartsClient,
    // One server entry per quickstart (so a failure at import names its quickstart), Node resolving the packages.
    'vite.quickstarts-ssr.config.js': `import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    ssr: true,
    outDir: 'dist-ssr',
    rolldownOptions: { input: ${JSON.stringify(Object.fromEntries(quickstartNames.map((name) => [name, `src/quickstarts/${name}.tsx`])))} },
  },
});
`,
    'quickstarts.html': `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><link rel="icon" href="data:," /><title>Plinth quickstarts</title></head>
  <body><script type="module" src="/src/quickstarts-client.js"></script></body>
</html>
`,
    // What the svg quickstart's <InlineSvg src="/icons/cart.svg"> fetches.
    'public/icons/cart.svg':
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M3 4h2l3 12h11l2-8H7"/></svg>\n',
    // Each quickstart is imported after console is silenced: output at import or render fails the check.
    // Each quickstart imported and rendered with React 18's renderToString after console is silenced: an error or
    // any console output at import or render fails the check, named by quickstart.
    'render-quickstarts.mjs': `${silence}import { createElement } from 'react';
import { renderToString } from 'react-dom/server';

let failed = 0;
for (const name of ${JSON.stringify(quickstartNames)}) {
  try {
    const { App } = await import(\`./dist-ssr/\${name}.js\`);
    if (!renderToString(createElement(App))) throw new Error('rendered nothing');
  } catch (error) {
    failed++;
    process.stderr.write(\`\${name}: \${error?.stack ?? error}\\n\`);
  }
}
if (failed) process.exitCode = 1;
`,
    // The tsconfig.app.json of a fresh `npm create vite -- --template react-ts` app, over the quickstarts.
    'tsconfig.quickstarts.json': {
      compilerOptions: {
        target: 'ES2022',
        useDefineForClassFields: true,
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        module: 'ESNext',
        types: ['vite/client'],
        skipLibCheck: true,
        moduleResolution: 'bundler',
        allowImportingTsExtensions: true,
        verbatimModuleSyntax: true,
        moduleDetection: 'force',
        noEmit: true,
        jsx: 'react-jsx',
        strict: true,
        noUnusedLocals: true,
        noUnusedParameters: true,
        erasableSyntaxOnly: true,
        noFallthroughCasesInSwitch: true,
        noUncheckedSideEffectImports: true,
      },
      include: ['src/quickstarts'],
    },
    'import-all.mjs': `${silence}const entries = ${JSON.stringify(entries)};
for (const entry of entries) {
  const mod = await import(entry);
  if (!Object.keys(mod).length) throw new Error(\`\${entry} has no exports\`);
}
`,
    'require-all.cjs': `${silence}for (const entry of ${JSON.stringify(entries)}) {
  const mod = require(entry);
  if (!Object.keys(mod).length) throw new Error(\`\${entry} has no exports\`);
}
`,
    'src/app.js': appSource,
    'src/main.js': `import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { App } from './app.js';

hydrateRoot(document.getElementById('root'), createElement(App));
`,
    'public/icon.svg':
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle id="c" cx="12" cy="12" r="10"/></svg>\n',
    'index.html': `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><link rel="icon" href="data:," /><title>Plinth consumer (React 18)</title></head>
  <body><div id="root">@@SSR@@</div><script type="module" src="/src/main.js"></script></body>
</html>
`,
    // Server render with Node's own resolution of the installed packages, into the built page.
    'server.mjs': `${silence}import { readFileSync, writeFileSync } from 'node:fs';
import { createElement, version } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from './src/app.js';

if (!version.startsWith('18.3.')) throw new Error(\`expected React 18.3, got \${version}\`);
const html = renderToString(createElement(App));
for (const expected of ['<h2 id="hello-consumer">Hello consumer</h2>', 'rel="noopener noreferrer"', 'unsafe']) {
  if (!html.includes(expected)) throw new Error(\`server markup lacks \${expected}: \${html}\`);
}
if (html.includes('javascript:')) throw new Error('an unsafe link was rendered');
const page = readFileSync('dist/index.html', 'utf8');
if (!page.includes('@@SSR@@')) throw new Error('dist/index.html has no @@SSR@@ slot');
writeFileSync('dist/index.html', page.replace('@@SSR@@', html));
`,
    'types/tsconfig.json': tsconfig,
    'types/cjs/package.json': { type: 'commonjs' },
    'types/cjs/entries.ts': typeFile,
    'types/esm/package.json': { type: 'module' },
    'types/esm/entries.ts': typeFile,
    'types/esm/article.tsx': usage,
  };
}

/** What the Next.js server must render for a first visit (no consent cookie): checked in the HTML it sends. */
const nextExpected = [
  '<h1 id="hello-next">Hello Next</h1>', // RichText rendered straight from the server component
  '<aside class="info">From a client file</aside>', // custom components, passed inside a 'use client' file
  '<p data-consent="pending">analytics: pending</p>', // a client component under core's ConsentProvider
  '<meta name="description" content="Server-rendered rich text."/>', // toPlainText on the server
  'data-banner="open"', // the banner, for a visitor who has not chosen
  // A flag in the server's HTML: the catalogue defined once (defineFlags from @plinth/flags/server), evaluated by
  // createBootstrap in the server component, rendered by useFlag under FlagsProvider in a client one (its default
  // until the visitor grants functional consent).
  '<p data-flag="price-test">price test: control</p>',
];

/** The smallest App Router app that proves the point: server component + client file + a provider. */
function nextFiles(deps, npmrc) {
  return {
    '.npmrc-empty': '',
    '.npmrc': npmrc,
    'package.json': {
      name: 'plinth-consumer-next16',
      private: true,
      dependencies: {
        ...deps,
        next: V.next,
        react: V.react19,
        'react-dom': V.react19,
        '@types/react': V.typesReact19,
        '@types/react-dom': V.typesReactDom19,
        '@types/node': V.typesNode,
        typescript: V.typescript,
      },
    },
    'tsconfig.json': {
      compilerOptions: {
        target: 'es2022',
        lib: ['dom', 'es2022'],
        strict: true,
        noEmit: true,
        module: 'esnext',
        moduleResolution: 'bundler',
        jsx: 'react-jsx',
        isolatedModules: true,
        skipLibCheck: true,
        plugins: [{ name: 'next' }],
      },
      include: ['**/*.ts', '**/*.tsx', '.next/types/**/*.ts'],
      exclude: ['node_modules'],
    },
    // Built once in a temp dir: Turbopack's on-disk cache (on by default in 16.4) would only cost time writing it.
    'next.config.mjs': 'export default { experimental: { turbopackFileSystemCacheForBuild: false } };\n',
    // The consent configuration, shared by the server components (reading the cookie) and the client ones (the store).
    'app/consent.ts': `export const categories = ['analytics', 'monitoring', 'functional'];
export const revision = '2026-11-27';
`,
    // A server component: the visitor's decisions from core's consent cookie, handed to the client provider.
    'app/layout.tsx': `import { readConsentCookie } from '@plinth/core/server';
import { cookies } from 'next/headers';
import { categories, revision } from './consent';
import { Providers } from './Providers';

export default async function Layout({ children }: { children: React.ReactNode }) {
  const serverState = readConsentCookie((await cookies()).toString(), { categories, revision });
  return (
    <html lang="en">
      <body>
        <Providers serverState={serverState}>{children}</Providers>
      </body>
    </html>
  );
}
`,
    'app/Providers.tsx': `'use client';
import { type ConsentStatus, ConsentProvider, createConsent, useConsent } from '@plinth/core';
import { mirrorConsentCookie } from '@plinth/core/cookie';
import { categories, revision } from './consent';

const consent = createConsent({ categories, revision });
if (typeof window !== 'undefined') mirrorConsentCookie(consent);

export function Providers({
  serverState,
  children,
}: {
  serverState: Record<string, ConsentStatus>;
  children: React.ReactNode;
}) {
  return (
    <ConsentProvider store={consent} serverState={serverState}>
      {children}
    </ConsentProvider>
  );
}

export function ConsentState() {
  const consent = useConsent();
  return <p data-consent={consent.pending ? 'pending' : 'decided'}>{\`analytics: \${consent.status('analytics')}\`}</p>;
}

/** Shown while any category is pending: in the server's HTML too, so nothing appears or vanishes at hydration. */
export function Banner() {
  const consent = useConsent();
  if (!consent.pending) return null;
  return (
    <div data-banner="open">
      <button type="button" onClick={() => consent.grant()}>Accept all</button>{' '}
      <button type="button" onClick={() => consent.deny()}>Reject all</button>
    </div>
  );
}
`,
    // The README's server-component recipe: components (functions) live in a 'use client' file.
    'app/Article.tsx': `'use client';
import { RichText, type RichTextComponents, type RichTextValue } from '@plinth/rich-text';

const components: RichTextComponents = {
  types: { callout: ({ value }) => <aside className={value.tone}>{value.text}</aside> },
};

export function Article({ body }: { body: RichTextValue }) {
  return <RichText value={body} components={components} origin="https://www.example.com" />;
}
`,
    // The catalogue, one module for server and client code: \`defineFlags\` from the server entry (the main one is a
    // 'use client' module, whose functions a server component cannot call).
    'app/flags.ts': `import { defineFlags } from '@plinth/flags/server';

export const flags = defineFlags({ 'price-test': 'control' as 'control' | 'a' | 'b' });
`,
    'app/Checkout.tsx': `'use client';
import { FlagsProvider, useFlag } from '@plinth/flags';
import { useEffect, useState } from 'react';
import { flags } from './flags';

function PriceTest() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <p data-flag="price-test" data-hydrated={hydrated ? 'yes' : undefined}>
      {\`price test: \${String(useFlag('price-test'))}\`}
    </p>
  );
}

/** Follows the nearest ConsentProvider (the layout's): no SDK before \`functional\` consent. */
export function Checkout({ bootstrap, sandbox }: { bootstrap: Partial<typeof flags.defaults>; sandbox?: string }) {
  return (
    <FlagsProvider
      config={{ flags, clientSideId: 'consumer-test', bootstrap, baseUrl: sandbox, streamUrl: sandbox, eventsUrl: sandbox }}
    >
      <PriceTest />
    </FlagsProvider>
  );
}
`,
    'app/page.tsx': `import { readConsentCookie } from '@plinth/core/server';
import { createBootstrap } from '@plinth/flags/server';
import { RichText, type RichTextValue } from '@plinth/rich-text';
import { toPlainText } from '@plinth/rich-text/plain-text';
import { cookies } from 'next/headers';
import { Article } from './Article';
import { Checkout } from './Checkout';
import { categories, revision } from './consent';
import { flags } from './flags';
import { Banner, ConsentState } from './Providers';

const title: RichTextValue = [
  { _type: 'block', _key: 'a', style: 'h1', markDefs: [], children: [{ _type: 'span', _key: 'a1', text: 'Hello Next', marks: [] }] },
];
const body: RichTextValue = [
  { _type: 'block', _key: 'b', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 'b1', text: 'Server-rendered rich text.', marks: [] }] },
  { _type: 'callout', _key: 'c', tone: 'info', text: 'From a client file' },
];

export function generateMetadata() {
  return { description: toPlainText(body).trim() };
}

export default async function Page() {
  // The visitor's functional consent and flag key from their cookies: only 'granted' asks the flag service.
  const cookie = (await cookies()).toString();
  const sandbox = process.env.PLINTH_SANDBOX_URL;
  const { functional = 'pending' } = readConsentCookie(cookie, { categories, revision });
  const bootstrap = await createBootstrap(flags, { clientSideId: 'consumer-test', consent: functional, cookie, baseUrl: sandbox });
  return (
    <main>
      <RichText value={title} />
      <Article body={body} />
      <ConsentState />
      <Checkout bootstrap={bootstrap} sandbox={sandbox} />
      <Banner />
    </main>
  );
}
`,
  };
}

await main();

/** React 18.3 + Vite + TypeScript, installed: import every entry, type-check, build, server-render, hydrate. */
async function react18(app, check) {
  await check('every entry imports in Node as ESM and as CommonJS, silently', async () => {
    await runAsync(process.execPath, ['import-all.mjs'], app);
    await runAsync(process.execPath, ['require-all.cjs'], app);
  });
  // Independent: the type-check and the Vite build run side by side.
  const tsc = join(app, 'node_modules', '.bin', 'tsc');
  const vite = join(app, 'node_modules', '.bin', 'vite');
  const names = Object.keys(quickstarts).join(', ');
  await check('every README has a quickstart block that exports App', () => {
    if (quickstartProblems.length) throw new Error(quickstartProblems.join('\n    '));
  });
  const quickstartConfig = ['-c', 'vite.quickstarts.config.js', '--logLevel', 'warn'];
  const [, , , quickstartsBuilt, ssrBuilt] = await Promise.all([
    check('type-check every entry under moduleResolution node16, from CommonJS and from ESM', () =>
      runAsync(tsc, ['-p', 'types'], app),
    ),
    check('vite build of the app', () => runAsync(vite, ['build', '--logLevel', 'warn'], app)),
    check(`type-check the README quickstarts as written (create-vite's tsconfig): ${names}`, () =>
      runAsync(tsc, ['-p', 'tsconfig.quickstarts.json'], app),
    ),
    check('vite build of the quickstarts', () => runAsync(vite, ['build', ...quickstartConfig], app)),
    check('vite build of the quickstarts for the server', () =>
      runAsync(vite, ['build', '-c', 'vite.quickstarts-ssr.config.js', '--logLevel', 'warn'], app),
    ),
  ]);
  await check('server render with React 18 (renderToString), silently', () =>
    runAsync(process.execPath, ['server.mjs'], app),
  );
  await check('hydrate the server markup in Chromium without errors or warnings', () => hydrate(join(app, 'dist')));
  if (ssrBuilt) {
    await check('server render of every quickstart with React 18 (renderToString), silently', () =>
      runAsync(process.execPath, ['render-quickstarts.mjs'], app),
    );
  }
  if (quickstartsBuilt) {
    await check('render every quickstart in Chromium (createRoot, StrictMode) without errors or warnings', () =>
      renderQuickstarts(join(app, 'dist-quickstarts')),
    );
  }
}

/** A free port on 127.0.0.1 (for `next start`, which takes a number). */
function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Next.js 16 App Router (React 19), installed: `next build` (type-check, compile), then `next start` beside the
 * sandbox (LaunchDarkly's stand-in) and a visitor's life in Chromium: a first visit (the banner and the flag's
 * default in the server's HTML), "Accept all" then a reload (no banner, the flag's live value bootstrapped on the
 * server), "Reject all" then a reload (no banner, the default): each page hydrated with no console error or
 * warning and no layout shift.
 */
async function nextjs(next, check) {
  (await check(
    'next build: App Router, rich text from a server component, a core provider in a client one, a flag bootstrapped on the server',
    () =>
      // Without pnpm's variables: Next.js picks the package manager it installs missing types with from them.
      runAsync(join(next, 'node_modules', '.bin', 'next'), ['build'], next, {
        ...consumerEnv(),
        NEXT_TELEMETRY_DISABLED: '1',
      }),
  )) &&
    (await check(
      'next start: a first visit, "Accept all" and "Reject all" then a reload: the banner and the flag from the server, no hydration warning, no layout shift',
      () => nextVisits(next),
    ));
}

async function nextVisits(next) {
  const { startSandbox } = await import(join(root, 'packages', 'sandbox', 'dist', 'index.js'));
  const port = await freePort();
  const sandbox = await startSandbox({ port: 0, quiet: true });
  const server = execFile(
    join(next, 'node_modules', '.bin', 'next'),
    ['start', '-p', String(port), '-H', '127.0.0.1'],
    {
      cwd: next,
      env: { ...consumerEnv(), NEXT_TELEMETRY_DISABLED: '1', PLINTH_SANDBOX_URL: sandbox.url },
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  const { chromium } = await import('playwright');
  const { chromiumLaunchOptions } = await import('../tooling/chromium.mjs');
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    for (
      let tries = 0;
      !(await fetch(origin).then(
        (r) => r.ok,
        () => false,
      ));
      tries++
    ) {
      if (tries > 100) throw new Error(`next start did not answer on ${origin}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const problems = [];
    /** Loads the page, returns the server's HTML once hydrated; console errors and warnings, page errors and any
     * layout shift are problems. */
    const visit = async (page, label) => {
      const response = await page.goto(origin);
      const html = (await response?.text()) ?? '';
      await page.waitForSelector('[data-hydrated="yes"]', { timeout: 15_000 });
      await page.waitForTimeout(300); // a shift would come with the first frames after hydration
      const shift = await page.evaluate(
        () =>
          new Promise((resolve) => {
            let total = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries()) total += entry.value;
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve(total), 50);
          }),
      );
      if (shift > 0) problems.push(`${label}: layout shift ${shift}`);
      return html;
    };
    const expect = (label, html, present, absent = []) => {
      for (const text of present) if (!html.includes(text)) problems.push(`${label}: the server's HTML lacks ${text}`);
      for (const text of absent) if (html.includes(text)) problems.push(`${label}: the server's HTML has ${text}`);
    };
    for (const choice of ['Accept all', 'Reject all']) {
      const context = await browser.newContext();
      const page = await context.newPage();
      page.on(
        'console',
        (m) => ['error', 'warning'].includes(m.type()) && problems.push(`${choice}: console.${m.type()}: ${m.text()}`),
      );
      page.on('pageerror', (e) => problems.push(`${choice}: page error: ${e.message}`));
      expect(`first visit (${choice})`, await visit(page, 'first visit'), nextExpected);
      await page.getByRole('button', { name: choice }).click();
      const granted = choice === 'Accept all';
      // The browser's part done: the consent cookie written, and after a grant the flag SDK's visitor key.
      for (let tries = 0; ; tries++) {
        const names = (await context.cookies()).map((c) => c.name);
        if (names.includes('plinth_consent') && (!granted || names.includes('plinth_flags_visitor'))) break;
        if (tries > 75) throw new Error(`${choice}: cookies after the choice: ${names.join(', ') || 'none'}`);
        await page.waitForTimeout(200);
      }
      expect(
        `after "${choice}", reloaded`,
        await visit(page, `after "${choice}"`),
        [
          '<p data-consent="decided">',
          granted ? '<p data-flag="price-test">price test: a</p>' : '<p data-flag="price-test">price test: control</p>',
        ],
        ['data-banner="open"'],
      );
      await context.close();
    }
    if (problems.length) throw new Error(problems.join('\n    '));
  } finally {
    await browser.close();
    server.kill();
    await sandbox.close();
  }
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'plinth-consumers-'));
  const failures = [];
  /** Runs one named check; resolves whether it passed (a failure is recorded, never thrown). */
  const check = async (name, fn) => {
    step(name);
    try {
      await fn();
      console.log(`  ✓ ${name} (${elapsed()})`);
      return true;
    } catch (error) {
      console.error(`  ✗ ${name}: ${error.message}`);
      failures.push(name);
      return false;
    }
  };

  let registry;
  /** The registry's latest version of each package after both releases (and its integrity): what consumers get. */
  const latest = {};
  try {
    // ---- 1. build, then the release into a real registry -----------------------------------------------------------
    if (!built) {
      step('build (turbo, cached)');
      // turbo looks for pnpm on PATH: inside `pnpm run`/`pnpm exec` it is there, else through the pinned pnpm.
      const [turbo, ...turboArgs] = pnpmOnPath() ? [bin('turbo')] : ['npx', '-y', 'pnpm@10.34.9', 'exec', 'turbo'];
      run(turbo, [
        ...turboArgs,
        'run',
        'build',
        '--output-logs=errors-only',
        ...packages.map(({ pkg }) => `--filter=${pkg.name}`),
      ]);
    }
    const release = join(work, 'release');
    let workspace;
    let env;
    let first;
    await check('registry (Verdaccio on 127.0.0.1) and a throwaway copy of the workspace', async () => {
      registry = await startRegistry(join(work, 'registry'));
      workspace = copyWorkspace(root, release);
      env = releaseEnv(work, release, registry);
    });
    if (!registry) throw new Error('no registry, no release');
    const publish = async (label, before) => {
      await runAsync(bin('changeset'), ['version'], release, env);
      await runAsync(bin('changeset'), ['publish', '--no-git-tag'], release, env);
      const published = workspace.filter((entry) => !entry.private).map((entry) => entry.name);
      const expected = expectedRelease(readManifests(release, workspace), published);
      const views = await npmView(registry.url, [...expected.keys()]);
      const failures = checkRegistry(expected, views, before);
      if (failures.length) throw new Error(`${label}:\n    ${failures.join('\n    ')}`);
      return views;
    };
    await check(
      'changeset version + changeset publish: every public package on the registry, as its packuments show',
      async () => {
        first = await publish('the first release', new Map());
        console.log(`  ${[...first].map(([name, view]) => `${name}@${view.version}`).join(', ')}`);
      },
    );
    if (!first) throw new Error('the first release failed: nothing to install');
    await check(
      'a patch changeset on @plinth/core, then version + publish: core alone goes out, ranges admit it',
      async () => {
        writeChangeset(release, 'registry-test-core-patch', { '@plinth/core': 'patch' }, 'A patch (registry test).');
        const second = await publish('the second release', first);
        const gained = [...second].filter(([name, view]) => view.versions.length > first.get(name).versions.length);
        console.log(`  published: ${gained.map(([name, view]) => `${name}@${view.version}`).join(', ')}`);
        for (const [name, view] of second) latest[name] = { version: view.version, integrity: view.dist.integrity };
      },
    );

    // What the consumers ask for: each package by the range a user would write for the first release's version.
    checksStarted = Date.now();
    const deps = {};
    for (const { pkg } of packages) {
      const view = first.get(pkg.name);
      deps[pkg.name] = `^${view.version}`;
      entries.push(...entriesOf(view));
    }
    console.log(`${entries.length} entries: ${entries.join(', ')}`);
    // An app that imports an entry with an optional peer (`@plinth/flags/openfeature`) installs that peer:
    // the consumers do, at the version the package is tested with.
    for (const { pkg } of packages)
      for (const [peer, meta] of Object.entries(pkg.peerDependenciesMeta ?? {}))
        if (meta?.optional && !deps[peer]) deps[peer] = pkg.devDependencies?.[peer] ?? pkg.peerDependencies[peer];

    // ---- 2. + 3. the two consumers, side by side ----------------------------------------------------------
    // On 2 cores the installs (cache and disk) and the builds (mostly single-threaded phases, process start-ups,
    // Chromium) overlap well enough that running both apps at once costs far less than one after the other.
    const npmrc = `@plinth:registry=${registry.url}\n`;
    const app = join(work, 'react18');
    writeProject(app, react18Files(deps, npmrc));
    const next = join(work, 'next16');
    if (withNext) writeProject(next, nextFiles(deps, npmrc));
    const fromRegistry = (failures) => {
      if (failures.length) throw new Error(failures.join('\n    '));
    };
    await Promise.all([
      check('npm install (React 18.3, Vite, TypeScript; @plinth by range from the registry)', async () => {
        await npm(app, ['install']);
        fromRegistry(
          checkNpmInstall(
            readJson(join(app, 'package.json')),
            readJson(join(app, 'package-lock.json')),
            registry.url,
            latest,
          ),
        );
      }).then((ok) => ok && react18(app, check)),
      withNext &&
        check('pnpm install (Next.js 16, React 19; @plinth by range from the registry)', async () => {
          await pnpmInstall(next);
          const lock = readFileSync(join(next, 'pnpm-lock.yaml'), 'utf8');
          fromRegistry(checkPnpmInstall(readJson(join(next, 'package.json')), lock, registry.url, latest));
        }).then((ok) => ok && nextjs(next, check)),
    ]);
  } catch (error) {
    console.error(`✗ ${error.message}`);
    failures.push('setup');
  } finally {
    await registry?.close();
    if (args.has('--keep')) console.log(`kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }

  const checks = checksStarted ? `, ${((Date.now() - checksStarted) / 1000).toFixed(1)}s after build and release` : '';
  console.log(
    `\nconsumer test: ${failures.length ? `${failures.length} failed (${failures.join('; ')})` : 'passed'} in ${elapsed()}${checks}`,
  );
  process.exitCode = failures.length ? 1 : 0;
}
