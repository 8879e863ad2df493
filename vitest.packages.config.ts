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

/** A package config's project name: `<package> unit` or `<package> browser`. */
const nameOf = (file: string) => `${file.split('/')[1]} ${file.includes('.browser.') ? 'browser' : 'unit'}`;

const unitProjects = configs
  .filter(([file]) => !file.includes('.browser.'))
  .flatMap(([file, config]) => {
    // A config that runs some files isolated (vitest.shared.ts's `isolated`) is itself two projects.
    const parts = (config.test?.projects as ViteUserConfig[] | undefined) ?? [config];
    return parts.map(
      (part, index) =>
        ({
          ...part,
          root: `${here}${dirname(file)}`,
          test: { ...part.test, name: index === 0 ? nameOf(file) : `${nameOf(file)} (isolated)` },
        }) as TestProjectInlineConfiguration,
    );
  });

/** A config's plugins, flattened (a plugin option may be a list of them; none here is a promise). */
const pluginsOf = (option: PluginOption): Plugin[] =>
  Array.isArray(option) ? option.flatMap(pluginsOf) : option && 'name' in option ? [option as Plugin] : [];

/**
 * The browser configs launched alike (the same Chromium, the same flags) as one project: one browser and one dev
 * server for all their files, each file still in a page of its own and one after another. A browser project's fixed
 * cost (Chromium, the dev server, its dependency pre-bundling) was 11 to 15 CPU-s (rich text's: 11 CPU-s for 1 s of
 * tests); the packages' plugins, pre-bundled dependencies and global setups are merged (a global setup named twice
 * with the same text runs once: the sandbox the vendor packages share).
 */
function merged(group: [string, ViteUserConfig][]): TestProjectInlineConfiguration {
  const [[firstFile, first]] = group as [[string, ViteUserConfig]];
  if (group.length === 1)
    return {
      ...first,
      root: `${here}${dirname(firstFile)}`,
      test: { ...first.test, name: nameOf(firstFile) },
    } as TestProjectInlineConfiguration;
  const plugins = new Map<string, Plugin>();
  for (const [, config] of group) for (const plugin of pluginsOf(config.plugins)) plugins.set(plugin.name, plugin);
  const setups = new Map<string, string>();
  for (const [file, config] of group)
    for (const setup of [config.test?.globalSetup ?? []].flat()) {
      const path = resolve(here, dirname(file), setup);
      setups.set(readFileSync(path, 'utf8'), path);
    }
  const options = group.map(([, config]) => config.test ?? {});
  // The first config without what the group's configs give together.
  const base = {
    ...first,
    plugins: [],
    optimizeDeps: { ...first.optimizeDeps, include: [] },
    test: { ...first.test, include: [], globalSetup: [] },
  };
  return mergeConfig(
    base,
    {
      root: here,
      plugins: [...plugins.values()],
      optimizeDeps: { include: [...new Set(group.flatMap(([, config]) => config.optimizeDeps?.include ?? []))] },
      test: {
        name: `${group.map(([file]) => file.split('/')[1]).join(', ')} browser`,
        include: group.flatMap(([file, config]) =>
          (config.test?.include ?? []).map((glob) => `${dirname(file)}/${glob}`),
        ),
        globalSetup: [...setups.values()],
        // One after another if any package's files must be.
        fileParallelism: options.every((test) => test.fileParallelism !== false),
      },
    },
    false,
  ) as TestProjectInlineConfiguration;
}

const browserGroups = new Map<string, [string, ViteUserConfig][]>();
for (const entry of configs.filter(([file]) => file.includes('.browser.'))) {
  const launch = JSON.stringify(entry[1].test?.browser?.provider?.options);
  browserGroups.set(launch, [...(browserGroups.get(launch) ?? []), entry]);
}

export default defineConfig({ test: { projects: [...unitProjects, ...[...browserGroups.values()].map(merged)] } });
