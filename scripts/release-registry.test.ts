// The checks behind the consumer test's release through a real registry (scripts/consumer-test.mjs): what the
// registry must answer after a release, and what a consumer's lockfile must show to count as installed from it.
// They run here on made-up answers, so a publish that skips a package or a consumer fed a tarball is seen to fail;
// and the registry itself is started once to see that it serves @plinth and nothing else (no uplink).
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkNpmInstall,
  checkPnpmInstall,
  checkRegistry,
  copyWorkspace,
  expectedRelease,
  satisfies,
  startRegistry,
  // @ts-expect-error: a plain .mjs script without declarations
} from './release-registry.mjs';

const manifests = (core: string, analytics: string, lazy = '0.1.0') =>
  new Map<string, object>([
    ['@plinth/core', { name: '@plinth/core', version: core }],
    [
      '@plinth/analytics',
      {
        name: '@plinth/analytics',
        version: analytics,
        dependencies: { '@plinth/core': 'workspace:^', 'posthog-js': '1.449.2' },
      },
    ],
    ['@plinth/lazy', { name: '@plinth/lazy', version: lazy }],
    ['@plinth/demo', { name: '@plinth/demo', version: '0.0.0', private: true }],
  ]);
type View = { version: string; versions: string[]; 'dist-tags': { latest: string }; dependencies?: object };
const view = (versions: string[], dependencies?: object): View => {
  const latest = versions.at(-1) as string;
  return { version: latest, versions, 'dist-tags': { latest }, ...(dependencies && { dependencies }) };
};
const published = ['@plinth/core', '@plinth/analytics', '@plinth/lazy'];
const firstRelease = new Map<string, View | null>([
  ['@plinth/core', view(['0.1.0'])],
  ['@plinth/analytics', view(['0.1.0'], { '@plinth/core': '^0.1.0', 'posthog-js': '1.449.2' })],
  ['@plinth/lazy', view(['0.1.0'])],
]);

describe('expectedRelease', () => {
  it('expects every public package at its version, workspace ranges written out as pnpm publish does', () => {
    const expected = expectedRelease(manifests('0.1.0', '0.1.0'), published);
    expect([...expected.keys()]).toEqual(['@plinth/core', '@plinth/analytics', '@plinth/lazy']);
    expect(expected.get('@plinth/analytics')).toEqual({
      version: '0.1.0',
      dependencies: { '@plinth/core': '^0.1.0', 'posthog-js': '1.449.2' },
    });
  });
});

describe('checkRegistry', () => {
  it('passes a first release that published every public package', () => {
    expect(checkRegistry(expectedRelease(manifests('0.1.0', '0.1.0'), published), firstRelease)).toEqual([]);
  });

  it('fails a release that skipped a package, or published it with its workspace range left in', () => {
    const skipped = new Map(firstRelease).set('@plinth/lazy', null);
    expect(checkRegistry(expectedRelease(manifests('0.1.0', '0.1.0'), published), skipped)).toEqual([
      '@plinth/lazy is not on the registry',
    ]);
    const raw = new Map(firstRelease).set('@plinth/analytics', view(['0.1.0'], { '@plinth/core': 'workspace:^' }));
    expect(checkRegistry(expectedRelease(manifests('0.1.0', '0.1.0'), published), raw)).toEqual([
      '@plinth/analytics@0.1.0 depends on {"@plinth/core":"workspace:^"}, expected {"@plinth/core":"^0.1.0","posthog-js":"1.449.2"}',
      '@plinth/analytics@0.1.0 asks for @plinth/core@workspace:^, which leaves out its latest 0.1.0',
    ]);
  });

  it('passes a patch that published core alone, the dependent range admitting it', () => {
    const second = new Map(firstRelease).set('@plinth/core', view(['0.1.0', '0.1.1']));
    expect(checkRegistry(expectedRelease(manifests('0.1.1', '0.1.0'), published), second, firstRelease)).toEqual([]);
  });

  it('fails a second release that republished what did not change, or missed what did', () => {
    const extra = new Map(firstRelease)
      .set('@plinth/core', view(['0.1.0', '0.1.1']))
      .set('@plinth/lazy', view(['0.1.0', '0.1.1']));
    expect(checkRegistry(expectedRelease(manifests('0.1.1', '0.1.0'), published), extra, firstRelease)).toEqual([
      '@plinth/lazy did not change, yet 0.1.1 was published',
      '@plinth/lazy: latest is 0.1.1, expected 0.1.0',
    ]);
    expect(checkRegistry(expectedRelease(manifests('0.1.1', '0.1.0'), published), firstRelease, firstRelease)).toEqual([
      '@plinth/core: expected 0.1.1 to be published, the registry gained []',
      '@plinth/core: latest is 0.1.0, expected 0.1.1',
    ]);
  });

  it("fails a dependent left behind: its published range leaves out its dependency's new version", () => {
    // core goes 0.1.0 → 0.2.0 (a minor on 0.x leaves ^0.1.0) and analytics is not republished.
    const second = new Map(firstRelease).set('@plinth/core', view(['0.1.0', '0.2.0']));
    expect(checkRegistry(expectedRelease(manifests('0.2.0', '0.1.0'), published), second, firstRelease)).toEqual([
      '@plinth/analytics@0.1.0 asks for @plinth/core@^0.1.0, which leaves out its latest 0.2.0',
    ]);
  });
});

describe('satisfies', () => {
  it.each([
    ['0.1.1', '^0.1.0', true],
    ['0.2.0', '^0.1.0', false],
    ['0.0.2', '^0.0.1', false],
    ['1.4.0', '^1.2.3', true],
    ['2.0.0', '^1.2.3', false],
    ['1.2.9', '~1.2.3', true],
    ['1.3.0', '~1.2.3', false],
    ['1.2.3', '1.2.3', true],
    ['1.2.2', '^1.2.3', false],
    ['0.1.0', 'workspace:^', false],
  ])('%s in %s: %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });
});

const registry = 'http://127.0.0.1:4873/';
const latest = {
  '@plinth/core': { version: '0.1.1', integrity: 'sha512-core' },
  '@plinth/analytics': { version: '0.1.0', integrity: 'sha512-analytics' },
};

describe('checkNpmInstall', () => {
  const manifest = { dependencies: { '@plinth/core': '^0.1.0', '@plinth/analytics': '^0.1.0', react: '18.3.1' } };
  const entry = (name: string, version: string, integrity: string, at = registry) => ({
    version,
    integrity,
    resolved: `${at}@plinth/${name}/-/${name}-${version}.tgz`,
  });
  const lock = {
    packages: {
      '': manifest,
      'node_modules/@plinth/core': entry('core', '0.1.1', 'sha512-core'),
      'node_modules/@plinth/analytics': entry('analytics', '0.1.0', 'sha512-analytics'),
      'node_modules/react': { version: '18.3.1', resolved: 'https://registry.npmjs.org/react/-/react-18.3.1.tgz' },
    },
  };

  it('passes packages asked for by range and resolved to the registry at its latest', () => {
    expect(checkNpmInstall(manifest, lock, registry, latest)).toEqual([]);
  });

  it('fails a consumer fed a tarball, a package from another registry, or an older version', () => {
    const tarball = '/tmp/tarballs/plinth-core-0.1.1.tgz';
    expect(
      checkNpmInstall(
        { dependencies: { ...manifest.dependencies, '@plinth/core': `file:${tarball}` } },
        {
          packages: {
            ...lock.packages,
            'node_modules/@plinth/core': { version: '0.1.1', integrity: 'sha512-core', resolved: `file:${tarball}` },
          },
        },
        registry,
        latest,
      ),
    ).toEqual([
      `@plinth/core is asked for as file:${tarball}, not a version range`,
      `node_modules/@plinth/core was not installed from ${registry} (resolved: file:${tarball})`,
    ]);
    const elsewhere = entry('core', '0.1.1', 'sha512-other', 'https://registry.npmjs.org/');
    expect(
      checkNpmInstall(
        manifest,
        { packages: { ...lock.packages, 'node_modules/@plinth/core': elsewhere } },
        registry,
        latest,
      ),
    ).toEqual([`node_modules/@plinth/core was not installed from ${registry} (resolved: ${elsewhere.resolved})`]);
    const nested = { 'node_modules/@plinth/analytics/node_modules/@plinth/core': entry('core', '0.1.0', 'sha512-old') };
    expect(checkNpmInstall(manifest, { packages: { ...lock.packages, ...nested } }, registry, latest)).toEqual([
      "@plinth/core@0.1.0 is installed, not the registry's latest 0.1.1",
    ]);
  });
});

describe('checkPnpmInstall', () => {
  const manifest = { dependencies: { '@plinth/core': '^0.1.0', '@plinth/analytics': '^0.1.0' } };
  const lock = (core: string) => `lockfileVersion: '9.0'

importers:

  .:
    dependencies:
      '@plinth/core':
        specifier: ^0.1.0
        version: 0.1.1

packages:

${core}
  '@plinth/analytics@0.1.0':
    resolution: {integrity: sha512-analytics}
    engines: {node: '>=20.19'}

  react@19.3.1:
    resolution: {integrity: sha512-react}

snapshots:

  '@plinth/analytics@0.1.0(react@19.3.1)':
    dependencies:
      '@plinth/core': 0.1.1(react@19.3.1)
`;

  it('passes registry versions carrying the integrity the registry holds', () => {
    const core = `  '@plinth/core@0.1.1':\n    resolution: {integrity: sha512-core}\n`;
    expect(checkPnpmInstall(manifest, lock(core), registry, latest)).toEqual([]);
  });

  it('fails a tarball, an override to one, or a package of the same version from elsewhere', () => {
    const file = `  '@plinth/core@file:../tarballs/plinth-core-0.1.1.tgz':\n    resolution: {integrity: sha512-core, tarball: file:../tarballs/plinth-core-0.1.1.tgz}\n    version: 0.1.1\n`;
    const overrides = { '@plinth/core': 'file:../tarballs/plinth-core-0.1.1.tgz' };
    expect(checkPnpmInstall({ ...manifest, pnpm: { overrides } }, lock(file), registry, latest)).toEqual([
      'pnpm.overrides sends @plinth/core to file:../tarballs/plinth-core-0.1.1.tgz',
      `@plinth/core@file:../tarballs/plinth-core-0.1.1.tgz was not installed from ${registry} (tarball: file:../tarballs/plinth-core-0.1.1.tgz)`,
    ]);
    const other = `  '@plinth/core@0.1.1':\n    resolution: {integrity: sha512-someone-else}\n`;
    expect(checkPnpmInstall(manifest, lock(other), registry, latest)).toEqual([
      '@plinth/core@0.1.1 is not the tarball the registry holds (integrity)',
    ]);
  });
});

describe('copyWorkspace', () => {
  it('copies through symlinks, so the release can never consume the real changesets; drops provenance; links deps', () => {
    const temp = mkdtempSync(join(tmpdir(), 'plinth-copy-test-'));
    try {
      const real = join(temp, 'real');
      const write = (file: string, content: string | object) => {
        mkdirSync(join(real, file, '..'), { recursive: true });
        writeFileSync(join(real, file), typeof content === 'string' ? content : JSON.stringify(content));
      };
      write('package.json', { name: 'root', private: true });
      write('pnpm-workspace.yaml', 'packages:\n  - packages/*\n  - apps/*\n');
      write('.changeset/config.json', '{}');
      write('.changeset/pending.md', '---\n"@plinth/b": patch\n---\n\nPending.\n');
      write('packages/a/package.json', { name: '@plinth/a', version: '0.0.0', publishConfig: { provenance: true } });
      write('packages/a/dist/index.js', 'export {};\n');
      write('packages/a/node_modules/x/index.js', '');
      write('packages/b/package.json', {
        name: '@plinth/b',
        version: '0.0.0',
        dependencies: { '@plinth/a': 'workspace:^' },
      });
      write('apps/demo/package.json', { name: '@plinth/demo', private: true });
      // The root as a broken copy might make it: the changesets a symlink to the real ones.
      const root = join(temp, 'root');
      mkdirSync(root);
      for (const entry of ['package.json', 'pnpm-workspace.yaml', '.changeset', 'packages', 'apps'])
        symlinkSync(join(real, entry), join(root, entry));
      const dest = join(temp, 'copy');
      const workspace = copyWorkspace(root, dest);

      expect(workspace).toEqual([
        { dir: 'packages/a', name: '@plinth/a', private: false },
        { dir: 'packages/b', name: '@plinth/b', private: false },
        { dir: 'apps/demo', name: '@plinth/demo', private: true },
      ]);
      expect(lstatSync(join(dest, '.changeset')).isSymbolicLink()).toBe(false);
      unlinkSync(join(dest, '.changeset/pending.md')); // what `changeset version` does
      expect(existsSync(join(real, '.changeset/pending.md'))).toBe(true);
      expect(JSON.parse(readFileSync(join(dest, 'packages/a/package.json'), 'utf8')).publishConfig).toEqual({});
      expect(existsSync(join(dest, 'packages/a/dist/index.js'))).toBe(true);
      expect(existsSync(join(dest, 'packages/a/node_modules'))).toBe(false);
      expect(readFileSync(join(dest, 'packages/b/node_modules/@plinth/a/package.json'), 'utf8')).toContain('@plinth/a');
    } finally {
      rmSync(temp, { recursive: true, force: true });
    }
  });
});

describe('startRegistry', () => {
  it('serves what is published to @plinth and nothing else: no uplink', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plinth-registry-test-'));
    const registry = await startRegistry(dir);
    try {
      expect(registry.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      expect(registry.npmrc).toContain(`@plinth:registry=${registry.url}`);
      expect((await fetch(new URL('@plinth%2fcore', registry.url))).status).toBe(404);
      // Anything else is refused, never fetched from the npm registry.
      expect((await fetch(new URL('react', registry.url))).status).toBe(401);
    } finally {
      await registry.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
