import { readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, PluginOption } from 'vite';
import { defineConfig, mergeConfig, type TestProjectInlineConfiguration, type ViteUserConfig } from 'vitest/config';
import analyticsBrowser from './packages/analytics/vitest.browser.config.ts';
import analyticsUnit from './packages/analytics/vitest.config.ts';
import authUnit from './packages/auth/vitest.config.ts';
import coreUnit from './packages/core/vitest.config.ts';
import flagsBrowser from './packages/flags/vitest.browser.config.ts';
import flagsUnit from './packages/flags/vitest.config.ts';
import lazyBrowser from './packages/lazy/vitest.browser.config.ts';
import lazyUnit from './packages/lazy/vitest.config.ts';
import loggingBrowser from './packages/logging/vitest.browser.config.ts';
import loggingUnit from './packages/logging/vitest.config.ts';
import richTextBrowser from './packages/rich-text/vitest.browser.config.ts';
import richTextUnit from './packages/rich-text/vitest.config.ts';
import sandboxUnit from './packages/sandbox/vitest.config.ts';
import svgBrowser from './packages/svg/vitest.browser.config.ts';
import svgUnit from './packages/svg/vitest.config.ts';
import userAgentBrowser from './packages/user-agent/vitest.browser.config.ts';
import userAgentUnit from './packages/user-agent/vitest.config.ts';

// Every package's unit, SSR and browser tests as the projects of one Vitest run, as the suite runs them
// (scripts/test-all.mjs): each package's own configs, unchanged, rather than one Vitest process per config (which
// `pnpm test` in a package still runs).
const configs: [string, ViteUserConfig][] = [
  ['packages/analytics/vitest.browser.config.ts', analyticsBrowser],
  ['packages/analytics/vitest.config.ts', analyticsUnit],
  ['packages/auth/vitest.config.ts', authUnit],
  ['packages/core/vitest.config.ts', coreUnit],
  ['packages/flags/vitest.browser.config.ts', flagsBrowser],
  ['packages/flags/vitest.config.ts', flagsUnit],
  ['packages/lazy/vitest.browser.config.ts', lazyBrowser],
  ['packages/lazy/vitest.config.ts', lazyUnit],
  ['packages/logging/vitest.browser.config.ts', loggingBrowser],
  ['packages/logging/vitest.config.ts', loggingUnit],
  ['packages/rich-text/vitest.browser.config.ts', richTextBrowser],
  ['packages/rich-text/vitest.config.ts', richTextUnit],
  ['packages/sandbox/vitest.config.ts', sandboxUnit],
  ['packages/svg/vitest.browser.config.ts', svgBrowser],
  ['packages/svg/vitest.config.ts', svgUnit],
  ['packages/user-agent/vitest.browser.config.ts', userAgentBrowser],
  ['packages/user-agent/vitest.config.ts', userAgentUnit],
];

// Every package config on disk is in the list above.
const here = fileURLToPath(new URL('.', import.meta.url));
const onDisk = readdirSync(`${here}packages`).flatMap((name) =>
  readdirSync(`${here}packages/${name}`)
    .filter((file) => /^vitest(\.browser)?\.config\.ts$/.test(file))
    .map((file) => `packages/${name}/${file}`),
);
const missing = onDisk.filter((file) => !configs.some(([listed]) => listed === file));
if (missing.length > 0) throw new Error(`vitest.packages.config.ts: add ${missing.join(', ')}`);

/** One project of a package: its config (a part, for a config split in two), the package's folder, its kind. */
interface Part {
  config: ViteUserConfig;
  folder: string;
  kind: string;
}
const parts: Part[] = configs.flatMap(([file, config]) => {
  const kind = file.includes('.browser.') ? 'browser' : 'unit';
  // A config that runs some files isolated (vitest.shared.ts's `isolated`) is itself two projects.
  const split = config.test?.projects as ViteUserConfig[] | undefined;
  return (split ?? [config]).map((part, index) => ({
    config: part,
    folder: dirname(file),
    kind: index === 0 ? kind : `${kind} (isolated)`,
  }));
});

/** A config's plugins, flattened (a plugin option may be a list of them; none here is a promise). */
const pluginsOf = (option: PluginOption): Plugin[] =>
  Array.isArray(option) ? option.flatMap(pluginsOf) : option && 'name' in option ? [option as Plugin] : [];

/**
 * The projects that run alike (the same environment, isolation and time limits; for browser tests the same Chromium
 * launched the same way) as one project: one worker's modules and environment (one Chromium and one dev server for
 * browser tests) for all their packages' files, each browser test file still in a page of its own and one after
 * another. A project's fixed cost (its workers and environment; for browser tests Chromium, the dev server and its
 * dependency pre-bundling) was 2 to 3 CPU-s for unit tests and 11 to 15 for browser tests (rich text's: 11 CPU-s for
 * 1 s of tests). Each package's globs are taken under its folder; plugins, pre-bundled dependencies and global setups
 * are merged (a global setup named twice with the same text runs once: the sandbox the vendor packages share).
 */
function merged(group: Part[]): TestProjectInlineConfiguration {
  const [first] = group as [Part];
  const name = `${group.map(({ folder }) => folder.split('/')[1]).join(', ')} ${first.kind}`;
  const under = (folder: string, globs: string[] = []) =>
    globs.map((glob) => (glob.startsWith('**/') ? glob : `${folder}/${glob}`));
  const plugins = new Map<string, Plugin>();
  for (const { config } of group) for (const plugin of pluginsOf(config.plugins)) plugins.set(plugin.name, plugin);
  const setups = new Map<string, string>();
  for (const { config, folder } of group)
    for (const setup of [config.test?.globalSetup ?? []].flat()) {
      const path = resolve(here, folder, setup);
      setups.set(readFileSync(path, 'utf8'), path);
    }
  // Anything else a package's config sets must be the same in the whole group: it would be the first's for all.
  const rest = ({ config }: Part) =>
    JSON.stringify({
      ...config,
      plugins: undefined,
      optimizeDeps: { ...config.optimizeDeps, include: undefined },
      test: {
        ...config.test,
        name: undefined,
        include: undefined,
        exclude: undefined,
        globalSetup: undefined,
        fileParallelism: undefined,
      },
    });
  const differs = group.filter((part) => rest(part) !== rest(first));
  if (differs.length > 0)
    throw new Error(
      `vitest.packages.config.ts: ${differs.map(({ folder }) => folder).join(', ')} set options ${first.folder} does not; ` +
        'merge them here or keep them out of the group (alike)',
    );
  // The first config without what the group's configs give together.
  const base = {
    ...first.config,
    plugins: [],
    optimizeDeps: { ...first.config.optimizeDeps, include: [] },
    test: { ...first.config.test, include: [], exclude: [], globalSetup: [] },
  };
  return mergeConfig(
    base,
    {
      root: here,
      plugins: [...plugins.values()],
      optimizeDeps: { include: [...new Set(group.flatMap(({ config }) => config.optimizeDeps?.include ?? []))] },
      test: {
        name,
        include: group.flatMap(({ config, folder }) => under(folder, config.test?.include)),
        exclude: [...new Set(group.flatMap(({ config, folder }) => under(folder, config.test?.exclude)))],
        globalSetup: [...setups.values()],
        // One after another if any package's files must be.
        fileParallelism: group.every(({ config }) => config.test?.fileParallelism !== false),
      },
    },
    false,
  ) as TestProjectInlineConfiguration;
}

/**
 * What makes projects alike: their environment, isolation, time limits and browser launch. Files that share a worker
 * (`isolate: false`) share it across packages too (101 CPU-s of unit tests as a project per package, 61 so, measured
 * 2026-12-07): tooling/vitest.setup.ts gives each file a new page's storage and core's channel, and `unstubEnvs`
 * (vitest.shared.ts) undoes a stubbed NODE_ENV. Shuffled (`--sequence.shuffle.files`), the merged files first failed
 * on both: a test's `vi.resetModules()` left a copy of core whose reset missed the page's channel (each channel now
 * carries its own reset), and a NODE_ENV stubbed to production reached later files' React.
 */
const alike = ({ config: { test = {} } }: Part) =>
  JSON.stringify([
    test.environment,
    test.isolate,
    test.testTimeout,
    test.hookTimeout,
    test.browser?.enabled ?? false,
    test.browser?.provider?.options,
  ]);
const groups = new Map<string, Part[]>();
for (const part of parts) groups.set(alike(part), [...(groups.get(alike(part)) ?? []), part]);

/**
 * scripts/vendor-ranges.mjs: each vendor SDK named in PLINTH_VENDOR_SDKS resolved to another version's install (a
 * range's other end), with Vite's cache of its own (the pre-bundled SDK is checked from it, and the usual cache stays).
 */
const vendorSdks = process.env.PLINTH_VENDOR_SDKS
  ? (JSON.parse(process.env.PLINTH_VENDOR_SDKS) as { sdks: Record<string, string>; cacheDir: string })
  : undefined;
const withVendorSdks = (project: TestProjectInlineConfiguration): TestProjectInlineConfiguration =>
  vendorSdks
    ? (mergeConfig(project, {
        cacheDir: vendorSdks.cacheDir,
        resolve: {
          alias: Object.entries(vendorSdks.sdks).map(([name, dir]) => ({
            find: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?=/|$)`),
            replacement: dir,
          })),
        },
      }) as TestProjectInlineConfiguration)
    : project;

export default defineConfig({ test: { projects: [...groups.values()].map(merged).map(withVendorSdks) } });
