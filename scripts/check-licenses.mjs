#!/usr/bin/env node
// Fails (exit 1) when a published package's production dependency closure contains AGPL, GPL
// (not LGPL), SSPL or UNLICENSED code (its dependencies and its own peers); warns for dependencies without a license. Walks
// node_modules the way Node resolves (nearest node_modules upwards, following pnpm's symlinks),
// reading each dependency's package.json `dependencies` and `optionalDependencies`.
//
//   node scripts/check-licenses.mjs [--root <repo>]    (default root: this script's repo)
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { classifyLicense } from './licenses.mjs';

const rootFlag = process.argv.indexOf('--root');
const root = resolve(rootFlag > 0 ? process.argv[rootFlag + 1] : join(dirname(fileURLToPath(import.meta.url)), '..'));
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** Node's lookup: <dir>/node_modules/<name>, then the parent's, up to the filesystem root. */
function locate(fromDir, name) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(candidate)) return realpathSync(dirname(candidate));
    if (dirname(dir) === dir) return undefined;
  }
}

const failures = [];
const warnings = [];
const seen = new Set();
let checked = 0;

function walk(dir, chain, optional, peers = false) {
  const pkg = readJson(join(dir, 'package.json'));
  // A published package's own peers are in its closure too: an app installs them to use it (e.g. core's
  // `./tcf` entry needs `@iabtcf/core`); deeper peers are someone else's choice and resolve to one of these.
  const deps = { ...(peers ? pkg.peerDependencies : {}), ...pkg.optionalDependencies, ...pkg.dependencies };
  for (const name of Object.keys(deps)) {
    const found = locate(dir, name);
    const path = [...chain, name];
    if (!found) {
      if (!(name in (pkg.optionalDependencies ?? {})) && !optional) {
        warnings.push(`${path.join(' > ')}: not installed, license not checked`);
      }
      continue;
    }
    if (seen.has(found)) continue;
    seen.add(found);
    const dep = readJson(join(found, 'package.json'));
    const { verdict, license, reason } = classifyLicense(dep);
    checked++;
    const label = `${path.slice(0, -1).join(' > ')} > ${name}@${dep.version ?? '?'}`;
    if (verdict === 'denied') failures.push(`${label}: ${license} — ${reason}`);
    if (verdict === 'missing') warnings.push(`${label}: ${license ?? 'no license'} — ${reason}`);
    walk(found, path, optional || name in (pkg.optionalDependencies ?? {}));
  }
}

const packagesDir = join(root, 'packages');
const published = (existsSync(packagesDir) ? readdirSync(packagesDir) : [])
  .map((entry) => join(packagesDir, entry))
  .filter((dir) => existsSync(join(dir, 'package.json')))
  .filter((dir) => readJson(join(dir, 'package.json')).private !== true);

for (const dir of published) {
  seen.clear(); // each package's closure is reported with its own chain
  walk(realpathSync(dir), [readJson(join(dir, 'package.json')).name], false, true);
}

for (const warning of warnings) console.warn(`warn  ${warning}`);
if (failures.length) {
  for (const failure of failures) console.error(`error ${failure}`);
  console.error(`\n✗ ${failures.length} dependenc${failures.length === 1 ? 'y' : 'ies'} with a disallowed license.`);
  process.exit(1);
}
console.log(`✓ licenses: ${published.length} published packages, ${checked} dependency checks, no AGPL/GPL/SSPL.`);
