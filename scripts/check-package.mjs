#!/usr/bin/env node
// Packs the current package exactly as `pnpm publish` would (publishConfig applied,
// workspace: ranges replaced) and checks the tarball with publint --strict and attw.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const out = mkdtempSync(join(tmpdir(), 'plinth-pack-'));
const run = (cmd, args) => execFileSync(cmd, args, { stdio: 'inherit' });
try {
  run('pnpm', ['pack', '--pack-destination', out]);
  const tarball = join(
    out,
    readdirSync(out).find((f) => f.endsWith('.tgz')),
  );
  run('publint', ['--strict', tarball]);
  const pkg = JSON.parse(
    execFileSync('node', ['-p', 'JSON.stringify(require("./package.json"))'], { encoding: 'utf8' }),
  );
  // Node-only packages (the sandbox) have no CommonJS consumers to check for.
  const profile = pkg.plinth?.esmOnly ? ['--profile', 'esm-only'] : [];
  run('attw', [tarball, ...profile]);
} finally {
  rmSync(out, { recursive: true, force: true });
}
