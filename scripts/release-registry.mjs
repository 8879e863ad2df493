// The release as it runs, against a real npm registry (Verdaccio) on 127.0.0.1: scripts/consumer-test.mjs starts
// it, publishes a throwaway copy of the workspace to it with `changeset version` + `changeset publish`, installs its
// consumers from it by version range, and publishes a patch to one package to see only what changed go out.
// The checks on what the registry and the consumers' lockfiles hold are plain functions, so
// scripts/release-registry.test.ts runs them on made-up answers (a skipped package, a tarball install).
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The scope the test registry serves; everything else comes from the real npm registry, as for any app. */
const SCOPE = '@plinth';

/**
 * Starts Verdaccio on 127.0.0.1 (a free port) in a child process (so a caller's synchronous spawns cannot stall it),
 * storing under `dir`: anyone may publish and read `@plinth/*`, and it has no uplink, so `@plinth/*` can only come
 * from what was published to it and nothing else is served. `npmrc` is what a publishing client needs: the scope's
 * registry and a token (npm refuses to publish without one) of a user registered on it for the purpose.
 * @param {string} dir
 * @returns {Promise<{ url: string, npmrc: string, close: () => Promise<void> }>}
 */
export async function startRegistry(dir) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      out += chunk;
      const line = /^listening (\S+)$/m.exec(out);
      if (line) resolve(line[1]);
    });
    exited.then((code) => reject(new Error(`the registry exited (${code}) before listening:\n${out}`)));
  });
  const { host } = new URL(url);
  const user = await fetch(new URL('-/user/org.couchdb.user:plinth-release', url), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'plinth-release', password: 'plinth-release-test' }),
  });
  const { token } = await user.json();
  if (!token) throw new Error(`the registry gave no token (${user.status})`);
  return {
    url,
    npmrc: `${SCOPE}:registry=${url}\n//${host}/:_authToken=${token}\n`,
    close: async () => {
      child.kill();
      await exited;
    },
  };
}

/** The registry process itself (`node scripts/release-registry.mjs <dir>`): prints `listening <url>`. */
async function serve(dir) {
  const { runServer } = await import('verdaccio');
  const server = await runServer({
    self_path: dir,
    storage: join(dir, 'storage'),
    auth: { htpasswd: { file: join(dir, 'htpasswd'), max_users: 1 } },
    uplinks: {},
    packages: { [`${SCOPE}/*`]: { access: '$all', publish: '$all', unpublish: '$all' } },
    web: { enable: false },
    middlewares: { audit: { enabled: false } },
    max_body_size: '50mb',
    log: { type: 'stdout', format: 'pretty', level: 'error' },
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  process.stdout.write(`listening http://127.0.0.1:${server.address().port}/\n`);
  process.once('SIGTERM', () => process.exit(0));
}
if (process.argv[1] === fileURLToPath(import.meta.url)) await serve(process.argv[2]);

/**
 * A throwaway copy of the workspace as a release sees it (the working tree is never touched: every file is copied,
 * symlinks followed, so nothing the release writes or deletes can reach the original): the root manifest,
 * pnpm-workspace.yaml, .changeset/ (config and pending changesets), every app's manifest, and every package as it is
 * on disk without node_modules (its built dist/ included). Each package gets node_modules links to the workspace
 * packages it depends on, as `pnpm install` would make: `pnpm publish` reads a `workspace:` dependency's version
 * through them. `publishConfig.provenance` is dropped from the copies: provenance needs the CI's OIDC identity
 * (the release workflow has it), a local publish has none.
 * @param {string} root
 * @param {string} dest
 * @returns {{ dir: string, name: string, private: boolean }[]} the workspace's packages (dir relative to dest)
 */
export function copyWorkspace(root, dest) {
  // Dereferenced: a symlink copied as a link would let `changeset version` consume the real pending changesets.
  const copy = { recursive: true, dereference: true };
  for (const file of ['package.json', 'pnpm-workspace.yaml']) cpSync(join(root, file), join(dest, file), copy);
  cpSync(join(root, '.changeset'), join(dest, '.changeset'), copy);
  const workspace = [];
  for (const group of ['packages', 'apps']) {
    for (const name of readdirSync(join(root, group))) {
      const dir = `${group}/${name}`;
      const manifest = join(root, dir, 'package.json');
      if (!existsSync(manifest)) continue;
      if (group === 'apps') cpSync(manifest, join(dest, dir, 'package.json'), copy);
      else
        cpSync(join(root, dir), join(dest, dir), {
          ...copy,
          filter: (source) => !/[\\/](node_modules|\.turbo)$/.test(source),
        });
      const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
      workspace.push({ dir, name: pkg.name, private: Boolean(pkg.private), pkg });
    }
  }
  const byName = new Map(workspace.map((entry) => [entry.name, entry.dir]));
  for (const { dir, pkg } of workspace) {
    if (pkg.publishConfig?.provenance) {
      const { provenance: _, ...publishConfig } = pkg.publishConfig;
      writeFileSync(join(dest, dir, 'package.json'), `${JSON.stringify({ ...pkg, publishConfig }, null, 2)}\n`);
    }
    const all = { ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies, ...pkg.optionalDependencies };
    for (const dep of Object.keys(all).filter((d) => byName.has(d))) {
      const link = join(dest, dir, 'node_modules', dep);
      mkdirSync(dirname(link), { recursive: true });
      if (!existsSync(link)) symlinkSync(relative(dirname(link), join(dest, byName.get(dep))), link);
    }
  }
  return workspace.map(({ dir, name, private: isPrivate }) => ({ dir, name, private: isPrivate }));
}

/** Writes a changeset into the copy (replacing none): `{ '@plinth/core': 'patch' }` and a summary. */
export function writeChangeset(dest, id, bumps, summary) {
  const front = Object.entries(bumps).map(([name, bump]) => `"${name}": ${bump}`);
  writeFileSync(join(dest, '.changeset', `${id}.md`), `---\n${front.join('\n')}\n---\n\n${summary}\n`);
}

/** Each package's manifest in the copy now (after `changeset version`). */
export const readManifests = (dest, workspace) =>
  new Map(workspace.map(({ dir, name }) => [name, JSON.parse(readFileSync(join(dest, dir, 'package.json'), 'utf8'))]));

/** A workspace dependency's range as `pnpm publish` writes it (`workspace:^` → `^1.2.3`). */
const publishedRange = (range, version) => {
  const spec = range.slice('workspace:'.length);
  if (spec === '^' || spec === '~') return `${spec}${version}`;
  if (spec === '*') return version;
  return spec;
};

/**
 * What the registry must hold for each public package after a publish: its version, and as its dependencies the
 * manifest's, with each `workspace:` range written out against the dependency's version in the copy. Which packages
 * are public is the workspace's word (`published`), not the copy's: a release that drops one must not go unseen.
 * @param {Map<string, any>} manifests by name, from readManifests after `changeset version`
 * @param {string[]} published the names of the workspace's public packages
 * @returns {Map<string, { version: string, dependencies: Record<string, string> }>}
 */
export function expectedRelease(manifests, published) {
  const expected = new Map();
  for (const name of published) {
    const pkg = manifests.get(name);
    const dependencies = Object.fromEntries(
      Object.entries(pkg.dependencies ?? {}).map(([dep, range]) => [
        dep,
        range.startsWith('workspace:') ? publishedRange(range, manifests.get(dep)?.version) : range,
      ]),
    );
    expected.set(name, { version: pkg.version, dependencies });
  }
  return expected;
}

/**
 * Compares what the registry answers (`npm view <name> --json`: versions, dist-tags and the latest version's
 * manifest; null for a 404) with a publish's expectation. `before` is the registry's answer before this publish
 * (none for the first). A package whose version changed must have gained exactly that version, as `latest`, with
 * the expected dependencies; one whose version did not change must have gained nothing. And for every package,
 * each `@plinth/*` range it was published with must admit that dependency's latest version: dependents left behind
 * by a release would otherwise pin their users to the old one.
 * @param {Map<string, { version: string, dependencies: Record<string, string> }>} expected
 * @param {Map<string, { versions: string[], 'dist-tags': Record<string, string>, dependencies?: Record<string, string> } | null>} views
 * @param {Map<string, { versions: string[] } | null>} [before]
 * @returns {string[]} failures
 */
export function checkRegistry(expected, views, before = new Map()) {
  const failures = [];
  for (const [name, { version, dependencies }] of expected) {
    const view = views.get(name);
    if (!view) {
      failures.push(`${name} is not on the registry`);
      continue;
    }
    const had = before.get(name)?.versions ?? [];
    const gained = view.versions.filter((v) => !had.includes(v));
    const changed = !had.includes(version);
    if (changed && gained.join() !== version)
      failures.push(`${name}: expected ${version} to be published, the registry gained [${gained.join(', ')}]`);
    if (!changed && gained.length) failures.push(`${name} did not change, yet ${gained.join(', ')} was published`);
    if (view['dist-tags']?.latest !== version)
      failures.push(`${name}: latest is ${view['dist-tags']?.latest}, expected ${version}`);
    else if (changed && JSON.stringify(sorted(view.dependencies)) !== JSON.stringify(sorted(dependencies)))
      failures.push(
        `${name}@${version} depends on ${JSON.stringify(view.dependencies ?? {})}, expected ${JSON.stringify(dependencies)}`,
      );
    for (const [dep, range] of Object.entries(view.dependencies ?? {})) {
      const latest = views.get(dep)?.['dist-tags']?.latest;
      if (dep.startsWith(`${SCOPE}/`) && latest && !satisfies(latest, range))
        failures.push(
          `${name}@${view['dist-tags']?.latest} asks for ${dep}@${range}, which leaves out its latest ${latest}`,
        );
    }
  }
  for (const name of views.keys())
    if (!expected.has(name) && views.get(name)) failures.push(`${name} is on the registry but is not a public package`);
  return failures;
}

/** npm's `^`, `~` and exact ranges over plain x.y.z versions (all a release writes here). */
export function satisfies(version, range) {
  const parse = (v) => v.split('.').map(Number);
  const match = /^([\^~]?)(\d+\.\d+\.\d+)$/.exec(range);
  if (!match || !/^\d+\.\d+\.\d+$/.test(version)) return false;
  const [op, base] = [match[1], parse(match[2])];
  const v = parse(version);
  const cmp = v[0] - base[0] || v[1] - base[1] || v[2] - base[2];
  if (op === '') return cmp === 0;
  if (cmp < 0) return false;
  // The parts that must stay: `~` keeps major.minor; `^` keeps everything up to the left-most non-zero part.
  const keep = op === '~' ? 2 : base[0] ? 1 : base[1] ? 2 : 3;
  return v.slice(0, keep).join('.') === base.slice(0, keep).join('.');
}
const sorted = (record = {}) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));

/**
 * An npm consumer got every `@plinth/*` package from the registry by version range: its package.json asks for
 * ranges (no file:, link:, tarball or URL), and its package-lock.json resolved each `@plinth/*` it installed to a
 * tarball under `registry`, at the registry's latest version and with that version's integrity.
 * @param {{ dependencies?: Record<string, string> }} manifest the consumer's package.json
 * @param {{ packages: Record<string, { version?: string, resolved?: string, integrity?: string, link?: boolean }> }} lock
 * @param {string} registry e.g. http://127.0.0.1:4873/
 * @param {Record<string, { version: string, integrity: string }>} latest the registry's latest of each package
 * @returns {string[]} failures
 */
export function checkNpmInstall(manifest, lock, registry, latest) {
  const failures = rangeFailures(manifest);
  const installed = Object.entries(lock.packages ?? {}).filter(([path]) =>
    /(^|\/)node_modules\/@plinth\/[^/]+$/.test(path),
  );
  if (!installed.length) failures.push('package-lock.json holds no @plinth package');
  for (const [path, entry] of installed) {
    const name = path.slice(path.lastIndexOf('@plinth/'));
    if (entry.link || !entry.resolved?.startsWith(registry))
      failures.push(`${path} was not installed from ${registry} (resolved: ${entry.resolved ?? 'nothing'})`);
    else failures.push(...latestFailures(name, entry.version, entry.integrity, latest));
  }
  return failures;
}

/**
 * The same for a pnpm consumer, from its pnpm-lock.yaml (lockfile v9), which records no tarball URL for a package
 * from a configured registry: each `@plinth/*` entry must be a registry version (`'@plinth/x@1.2.3':`, not
 * `file:`/`link:`), with no tarball elsewhere, and carry the integrity of the registry's latest version (the tarball
 * published here, so it cannot have come from anywhere else); and no override may send a `@plinth/*` package away.
 * @param {{ dependencies?: Record<string, string>, pnpm?: { overrides?: Record<string, string> } }} manifest
 * @param {string} lockText pnpm-lock.yaml
 * @param {string} registry
 * @param {Record<string, { version: string, integrity: string }>} latest
 * @returns {string[]} failures
 */
export function checkPnpmInstall(manifest, lockText, registry, latest) {
  const failures = rangeFailures(manifest);
  for (const [name, spec] of Object.entries(manifest.pnpm?.overrides ?? {}))
    if (name.startsWith(`${SCOPE}/`)) failures.push(`pnpm.overrides sends ${name} to ${spec}`);
  const packagesSection = lockText.split(/^snapshots:$/m)[0].split(/^packages:$/m)[1] ?? '';
  const entries = [...packagesSection.matchAll(/^ {2}'?(@plinth\/[^@\s']+)@([^'\n]+?)'?:\n((?: {4}.*\n?)*)/gm)];
  if (!entries.length) failures.push('pnpm-lock.yaml holds no @plinth package');
  for (const [, name, version, body] of entries) {
    const tarball = /tarball: ([^,}\s]+)/.exec(body)?.[1];
    const integrity = /integrity: ([^,}\s]+)/.exec(body)?.[1];
    if (!/^\d+\.\d+\.\d+$/.test(version) || (tarball && !tarball.startsWith(registry)))
      failures.push(`${name}@${version} was not installed from ${registry} (tarball: ${tarball ?? 'none'})`);
    else failures.push(...latestFailures(name, version, integrity, latest));
  }
  return failures;
}

/** An installed `@plinth/*` package is the registry's latest version, byte for byte (its integrity). */
function latestFailures(name, version, integrity, latest) {
  const want = latest[name];
  if (!want) return [`${name} is installed but is not on the registry`];
  if (version !== want.version) return [`${name}@${version} is installed, not the registry's latest ${want.version}`];
  if (integrity !== want.integrity) return [`${name}@${version} is not the tarball the registry holds (integrity)`];
  return [];
}

/** Every `@plinth/*` dependency of a consumer is asked for by semver range, not a file, link, tarball or URL. */
function rangeFailures({ dependencies = {} }) {
  return Object.entries(dependencies)
    .filter(([name, spec]) => name.startsWith(`${SCOPE}/`) && !/^[\^~]?\d+\.\d+\.\d+/.test(spec))
    .map(([name, spec]) => `${name} is asked for as ${spec}, not a version range`);
}
