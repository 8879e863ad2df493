// The release, checked before it happens: what a published tarball may hold (scripts/release-check.mjs, applied by
// scripts/check-packages.mjs to every package's `pnpm pack`), the LICENSE every published package ships, and what
// `changeset version` does with this repository's config to a sample changeset (versions, changelogs, internal
// dependents, private apps), down to the dependency range `pnpm pack` writes into a dependent's tarball.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without declarations
import { checkTarballContents } from './release-check.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const mitText = readFileSync(join(root, 'LICENSE'), 'utf8');

type Manifest = {
  name: string;
  version: string;
  private?: boolean;
  license?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

/** The workspace's package directories (relative), from the globs in pnpm-workspace.yaml (`dir/*` or `dir`). */
function workspaceDirs(): string[] {
  const yaml = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const section = yaml.match(/^packages:\n((?:[ \t]+-.*\n?)+)/m)?.[1] ?? '';
  const globs = [...section.matchAll(/-\s*['"]?([^'"\s]+)/g)].map((m) => m[1] ?? '');
  if (!globs.length) throw new Error('pnpm-workspace.yaml lists no packages');
  return globs.flatMap((glob) =>
    glob.endsWith('/*')
      ? readdirSync(join(root, glob.slice(0, -2)), { withFileTypes: true })
          .filter((d) => d.isDirectory() && existsSync(join(root, glob.slice(0, -2), d.name, 'package.json')))
          .map((d) => `${glob.slice(0, -2)}/${d.name}`)
      : [glob],
  );
}
const workspace = workspaceDirs().map((dir) => ({ dir, pkg: readJson(join(root, dir, 'package.json')) as Manifest }));
const published = workspace.filter(({ pkg }) => !pkg.private);

const good = [
  'package/package.json',
  'package/README.md',
  'package/LICENSE',
  'package/dist/index.js',
  'package/dist/index.d.ts',
];
const mit = { license: 'MIT', licenseText: mitText };

describe('tarball contents (check:package)', () => {
  it('passes dist/, README.md, LICENSE and package.json, and the CHANGELOG.md a release adds', () => {
    expect(checkTarballContents(good, mit)).toEqual([]);
    expect(checkTarballContents([...good, 'package/CHANGELOG.md', 'package/dist/'], mit)).toEqual([]);
  });

  it.each([
    ['package/LICENSE', 'the tarball has no LICENSE'],
    ['package/README.md', 'the tarball has no README.md'],
    ['package/package.json', 'the tarball has no package.json'],
  ])('fails a tarball without %s', (missing, failure) => {
    expect(
      checkTarballContents(
        good.filter((f) => f !== missing),
        mit,
      ),
    ).toEqual([failure]);
  });

  it('fails a tarball without dist/ or with an empty one', () => {
    const noDist = good.filter((f) => !f.startsWith('package/dist/'));
    expect(checkTarballContents(noDist, mit)).toEqual(['the tarball has no dist/']);
    expect(checkTarballContents([...noDist, 'package/dist/'], mit)).toEqual(['the tarball has no dist/']);
  });

  it('fails anything else, including near-misses of the allowed names', () => {
    const extra = ['package/src/index.ts', 'package/.turbo/turbo-build.log', 'package/LICENSE.md', 'package/readme.md'];
    expect(checkTarballContents([...good, ...extra], mit)).toEqual([
      `the tarball holds files outside dist/, README.md, LICENSE, package.json: ${extra.map((f) => f.slice(8)).join(', ')}`,
    ]);
    expect(checkTarballContents([...good, 'other/x.js'], mit)).toEqual([
      'the tarball holds other/x.js outside package/',
    ]);
  });

  it('fails a LICENSE that is not the declared license, and a package.json without a license', () => {
    expect(checkTarballContents(good, { license: 'MIT', licenseText: 'All rights reserved.\n' })).toEqual([
      'package.json declares MIT but LICENSE is not the MIT license text',
    ]);
    expect(checkTarballContents(good, { licenseText: mitText })).toEqual(['package.json declares no license']);
  });

  it('every published package declares MIT and carries the root LICENSE (MIT, Plinth contributors, 2026)', () => {
    expect(mitText).toMatch(/^MIT License\n\nCopyright \(c\) 2026 Plinth contributors\n/);
    expect(published.map(({ pkg }) => pkg.name)).toContain('@plinth/core');
    for (const { dir, pkg } of published) {
      expect(pkg.license, pkg.name).toBe('MIT');
      expect(readFileSync(join(root, dir, 'LICENSE'), 'utf8'), `${dir}/LICENSE`).toBe(mitText);
    }
  });
});

// ---- changeset version -----------------------------------------------------------------------------------------

/** `pnpm` as the suite runs it (npm_execpath inside `pnpm run`), else the pinned version through npx. */
const pnpm = (args: string[], cwd: string) =>
  process.env.npm_execpath?.match(/pnpm/)
    ? execFileSync(process.execPath, [process.env.npm_execpath, ...args], { cwd, stdio: 'pipe' })
    : execFileSync('npx', ['-y', 'pnpm@10.34.9', ...args], { cwd, stdio: 'pipe' });
const parts = (version: string) => {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  return [major, minor, patch] as const;
};
const bump = (version: string, part: 'minor' | 'patch') => {
  const [major, minor, patch] = parts(version);
  return part === 'minor' ? `${major}.${minor + 1}.0` : `${major}.${minor}.${patch + 1}`;
};
/** npm's caret for a `next` bumped from `base`: `^base` holds it when base's left-most non-zero part is unchanged. */
const inCaret = (next: string, base: string) => {
  const [a, b] = [parts(next), parts(base)];
  const lead = b[0] ? 0 : b[1] ? 1 : 2;
  return a.slice(0, lead + 1).join('.') === b.slice(0, lead + 1).join('.');
};
const runtimeDeps = (pkg: Manifest) => ({ ...pkg.dependencies, ...pkg.optionalDependencies, ...pkg.peerDependencies });

describe('changeset version on a sample changeset (@plinth/core: minor)', () => {
  let temp: string;
  const summary = 'Sample release: a new consent category.';
  const core = published.find(({ pkg }) => pkg.name === '@plinth/core') as { dir: string; pkg: Manifest };
  const coreNext = bump(core.pkg.version, 'minor');
  // Packages that depend on core at run time, directly or through another package: they are republished with it
  // when its new version leaves the range they were published with (always while core is 0.x).
  const dependents = new Set<string>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const { pkg } of published) {
      const deps = Object.keys(runtimeDeps(pkg));
      if (!dependents.has(pkg.name) && deps.some((d) => d === core.pkg.name || dependents.has(d))) {
        dependents.add(pkg.name);
        grew = true;
      }
    }
  }
  const leavesRange = !inCaret(coreNext, core.pkg.version);
  const bumped = (pkg: Manifest) => pkg.name === core.pkg.name || (leavesRange && dependents.has(pkg.name));
  const after = (dir: string) => readJson(join(temp, dir, 'package.json')) as Manifest;
  const changelog = (dir: string) => join(temp, dir, 'CHANGELOG.md');

  beforeAll(() => {
    // Only what changesets reads: no sources, no node_modules, and none of the repository's pending changesets.
    temp = mkdtempSync(join(tmpdir(), 'plinth-release-'));
    for (const file of [
      'package.json',
      'pnpm-workspace.yaml',
      '.changeset/config.json',
      ...workspace.map(({ dir }) => `${dir}/package.json`),
    ])
      cpSync(join(root, file), join(temp, file));
    writeFileSync(join(temp, '.changeset/sample-core.md'), `---\n"${core.pkg.name}": minor\n---\n\n${summary}\n`);
    execFileSync(join(root, 'node_modules/.bin/changeset'), ['version'], { cwd: temp, stdio: 'pipe' });
  }, 30_000);
  afterAll(() => {
    if (temp) rmSync(temp, { recursive: true, force: true });
  });

  it('consumes the changeset and bumps core a minor, with a changelog entry holding the summary', () => {
    expect(existsSync(join(temp, '.changeset/sample-core.md'))).toBe(false);
    expect(after(core.dir).version).toBe(coreNext);
    const text = readFileSync(changelog(core.dir), 'utf8');
    expect(text).toContain(`# ${core.pkg.name}\n\n## ${coreNext}\n\n### Minor Changes\n\n`);
    expect(text).toContain(`- ${summary}`);
  });

  it("bumps every package depending on core a patch, recording core's new version in its changelog", () => {
    expect(dependents.size).toBeGreaterThan(0);
    expect(dependents).toContain('@plinth/analytics');
    for (const { dir, pkg } of published.filter(({ pkg }) => pkg.name !== core.pkg.name && bumped(pkg))) {
      const next = bump(pkg.version, 'patch');
      expect(after(dir).version, pkg.name).toBe(next);
      const text = readFileSync(changelog(dir), 'utf8');
      expect(text, pkg.name).toContain(`## ${next}\n\n### Patch Changes\n\n- Updated dependencies\n`);
      expect(text, pkg.name).toContain(`  - ${core.pkg.name}@${coreNext}\n`);
    }
  });

  it('leaves the packages that do not depend on core at run time untouched', () => {
    const untouched = published.filter(({ pkg }) => !bumped(pkg));
    expect(untouched.length).toBeGreaterThan(0);
    for (const { dir, pkg } of untouched) {
      expect(after(dir), pkg.name).toEqual(pkg);
      expect(existsSync(changelog(dir)), `${dir}/CHANGELOG.md`).toBe(false);
    }
  });

  it('never versions the private apps, even those depending on core', () => {
    const apps = workspace.filter(({ pkg }) => pkg.private);
    expect(apps.map(({ pkg }) => pkg.name)).toContain('@plinth/demo');
    for (const { dir } of apps) {
      expect(readFileSync(join(temp, dir, 'package.json'), 'utf8')).toBe(
        readFileSync(join(root, dir, 'package.json'), 'utf8'),
      );
      expect(existsSync(changelog(dir)), `${dir}/CHANGELOG.md`).toBe(false);
    }
  });

  it("publishes each dependent requiring core's new version (pnpm pack replaces workspace:^)", () => {
    const packedDependents = published.filter(({ pkg }) => dependents.has(pkg.name));
    // `pnpm pack` resolves a workspace: range through the dependency's node_modules link, as an install would make.
    const byName = new Map(workspace.map(({ dir, pkg }) => [pkg.name, dir]));
    for (const { dir, pkg } of packedDependents) {
      const all = { ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies, ...pkg.optionalDependencies };
      for (const [dep, range] of Object.entries(all)) {
        const target = byName.get(dep);
        if (!target || !range.startsWith('workspace:')) continue;
        const link = join(temp, dir, 'node_modules', dep);
        mkdirSync(dirname(link), { recursive: true });
        if (!existsSync(link)) symlinkSync(relative(dirname(link), join(temp, target)), link);
      }
    }
    const out = join(temp, 'tarballs');
    const filters = packedDependents.flatMap(({ pkg }) => ['--filter', pkg.name]);
    pnpm(['-r', ...filters, 'pack', '--pack-destination', out], temp);
    for (const { dir, pkg } of packedDependents) {
      expect(pkg.dependencies?.[core.pkg.name], pkg.name).toBe('workspace:^');
      const tarball = join(out, `${pkg.name.slice(1).replace('/', '-')}-${after(dir).version}.tgz`);
      const packed = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }));
      expect(packed.version, pkg.name).toBe(after(dir).version);
      expect(packed.dependencies[core.pkg.name], pkg.name).toBe(`^${coreNext}`);
    }
  }, 30_000);
});
