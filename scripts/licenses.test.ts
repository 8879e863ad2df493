// Tests the foundation's license check (scripts/licenses.mjs, scripts/check-licenses.mjs), which
// guards @plinth/user-agent's reason to exist: ua-parser-js 2.x is AGPL, 1.0.x is MIT.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error: a plain .mjs script without declarations
import { classifyLicense, declaredLicense } from './licenses.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const script = join(here, 'check-licenses.mjs');
const verdict = (pkg: unknown) => classifyLicense(pkg).verdict;

describe('classifyLicense', () => {
  it('rejects ua-parser-js 2.x (AGPL-3.0-or-later) and accepts the installed 1.0.41 (MIT)', () => {
    expect(verdict({ name: 'ua-parser-js', version: '2.0.0', license: 'AGPL-3.0-or-later' })).toBe('denied');
    const installed = JSON.parse(
      readFileSync(join(here, '../packages/user-agent/node_modules/ua-parser-js/package.json'), 'utf8'),
    );
    expect(installed.version).toBe('1.0.41');
    expect(verdict(installed)).toBe('ok');
  });

  it.each([
    ['GPL-3.0', 'denied'],
    ['GPL-2.0-only', 'denied'],
    ['GPL-2.0+', 'denied'],
    ['GPLv3', 'denied'],
    ['AGPL-1.0', 'denied'],
    ['SSPL-1.0', 'denied'],
    ['UNLICENSED', 'denied'],
    ['GPL-2.0 WITH Classpath-exception-2.0', 'denied'],
    ['MIT AND GPL-3.0-or-later', 'denied'],
    ['(MIT OR GPL-3.0)', 'ok'],
    ['(GPL-3.0 OR AGPL-3.0)', 'denied'],
    ['GNU General Public License v3', 'denied'],
    ['LGPL-3.0-or-later', 'ok'],
    ['GNU Lesser General Public License', 'ok'],
    ['MIT', 'ok'],
    ['ISC', 'ok'],
    ['Apache-2.0', 'ok'],
    ['(MIT AND Zlib)', 'ok'],
    ['Unlicense', 'ok'],
    ['MPL-2.0', 'ok'],
    ['SEE LICENSE IN LICENSE.md', 'missing'],
  ])('%s → %s', (license, expected) => {
    expect(verdict({ license })).toBe(expected);
  });

  it('reads legacy fields and reports a missing license', () => {
    expect(declaredLicense({ license: { type: 'MIT' } })).toBe('MIT');
    expect(declaredLicense({ licenses: [{ type: 'MIT' }, { type: 'GPL-2.0' }] })).toBe('(MIT OR GPL-2.0)');
    expect(verdict({ licenses: [{ type: 'GPL-2.0' }] })).toBe('denied');
    expect(verdict({ licenses: [{ type: 'MIT' }, { type: 'GPL-2.0' }] })).toBe('ok');
    expect(verdict({ name: 'x' })).toBe('missing');
    expect(verdict({ license: '' })).toBe('missing');
  });
});

describe('scripts/check-licenses.mjs on a fake workspace', () => {
  let root: string;
  const write = (path: string, json: object) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), JSON.stringify(json));
  };
  const run = () => spawnSync(process.execPath, [script, '--root', root], { encoding: 'utf8' });

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'plinth-licenses-'));
    write('package.json', { name: 'fake-root', private: true });
    write('packages/ua/package.json', { name: '@fake/ua', version: '1.0.0', dependencies: { middle: '1.0.0' } });
    // pnpm-style: the package's node_modules entry is a symlink into a store directory
    write('node_modules/.pnpm/middle@1.0.0/node_modules/middle/package.json', {
      name: 'middle',
      version: '1.0.0',
      license: 'MIT',
      dependencies: { 'ua-parser-js': '2.0.0' },
    });
    mkdirSync(join(root, 'packages/ua/node_modules'), { recursive: true });
    symlinkSync(
      join(root, 'node_modules/.pnpm/middle@1.0.0/node_modules/middle'),
      join(root, 'packages/ua/node_modules/middle'),
    );
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('exits non-zero and names the chain for an AGPL dependency deep in the closure', () => {
    write('node_modules/.pnpm/middle@1.0.0/node_modules/ua-parser-js/package.json', {
      name: 'ua-parser-js',
      version: '2.0.0',
      license: 'AGPL-3.0-or-later',
    });
    const result = run();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('@fake/ua > middle > ua-parser-js@2.0.0: AGPL-3.0-or-later');
  });

  it('passes with the MIT 1.0.41, warns for a missing license, and skips private packages', () => {
    write('node_modules/.pnpm/middle@1.0.0/node_modules/ua-parser-js/package.json', {
      name: 'ua-parser-js',
      version: '1.0.41',
      license: 'MIT',
      dependencies: { nolicense: '1.0.0' },
    });
    write('node_modules/nolicense/package.json', { name: 'nolicense', version: '1.0.0' });
    write('packages/demo/package.json', { name: 'demo', private: true, dependencies: { gpl: '1.0.0' } });
    write('packages/demo/node_modules/gpl/package.json', { name: 'gpl', license: 'GPL-3.0' });
    const result = run();
    expect(result.stderr).toContain('warn  @fake/ua > middle > ua-parser-js > nolicense@1.0.0: no license');
    expect(result.stderr).not.toContain('gpl');
    expect(result.status).toBe(0);
  });
});
