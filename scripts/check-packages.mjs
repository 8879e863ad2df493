#!/usr/bin/env node
// Package checks and size budgets for every published package (packages/*, not private), in ONE node process
// (TypeScript, publint and esbuild load once, not once per package). Run after the builds. For each package:
//  1. entry guard (scripts/entry-guard.mjs): the main entry's static import graph holds nothing from ./testing
//     and imports no dependency statically unless package.json lists it in `plinth.staticDependencies`;
//  2. the tarball `pnpm publish` would upload (one `pnpm -r pack` for all: publishConfig applied, workspace:
//     ranges replaced) holds exactly dist/, README.md, LICENSE and package.json, plus the CHANGELOG.md that
//     `changeset version` writes at release (scripts/release-check.mjs);
//  3. publint --strict on that tarball (publint's JS API; an error or warning fails, suggestions are printed);
//  4. attw on that tarball (@arethetypeswrong/core, the library the attw CLI runs): profile esm-only when
//     package.json sets `plinth.esmOnly`, else node16; node10 (no subpath exports) is not a target;
//  5. size budgets: size-limit as its CLI runs in the package directory (its own `.size-limit*` config, peers
//     ignored), here in this process.
// Usage: node scripts/check-packages.mjs [--checks | --size] [--only <package dir>]...
//   --checks: 1-4 only; --size: 5 only; neither: all. `--only .` from a package directory is its
//   `check:package` script. Prints one line per package per check, then the failures; exits 1 on any.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { checkEntryGraph } from './entry-guard.mjs';
import { checkTarballContents } from './release-check.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: options } = parseArgs({
  options: {
    only: { type: 'string', multiple: true },
    checks: { type: 'boolean', default: false },
    size: { type: 'boolean', default: false },
  },
});
const runChecks = options.checks || !options.size;
const runSize = options.size || !options.checks;

// ---- which packages ----------------------------------------------------------------------------------
const published = readdirSync(join(root, 'packages'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(root, 'packages', entry.name, 'package.json')))
  .map((entry) => {
    const dir = join(root, 'packages', entry.name);
    return { dir, pkg: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) };
  })
  .filter(({ pkg }) => !pkg.private);
const only = options.only?.map((dir) => resolve(dir));
const unknown = only?.filter((dir) => !published.some((p) => p.dir === dir));
if (unknown?.length) {
  console.error(`✗ not a published package under packages/: ${unknown.join(', ')}`);
  process.exit(2);
}
const packages = only ? published.filter((p) => only.includes(p.dir)) : published;

const failures = [];
const width = Math.max(...packages.map(({ pkg }) => pkg.name.length));
/** One line per package per check; a failure is also kept for the summary at the end. */
const report = (pkg, check, ok, detail, problems = []) => {
  console.log(`${ok ? '✓' : '✗'} ${pkg.name.padEnd(width)}  ${check.padEnd(11)} ${detail}`);
  for (const problem of problems) {
    console.log(`    ${problem}`);
    failures.push(`${pkg.name} ${check}: ${problem}`);
  }
  if (!ok && !problems.length) failures.push(`${pkg.name} ${check}: ${detail}`);
};
const firstLine = (error) => String(error?.stack ?? error).split('\n')[0];

// ---- 5. size budgets (started first: esbuild bundles in its own process while the checks run here) -------
const sizeLimitRun = async () => {
  // size-limit's CLI is `run(process)` (its bin.js is `run(process)`); its module is not in the package's
  // exports, so it is imported by file. Called with a process whose cwd is the package directory, it finds
  // that package's config and the root's plugins exactly as `size-limit` run there does.
  const { default: run } = await import(new URL('run.js', import.meta.resolve('size-limit')).href);
  const results = [];
  for (const { dir, pkg } of packages) {
    const hasConfig = 'size-limit' in pkg || readdirSync(dir).some((file) => file.startsWith('.size-limit'));
    if (!hasConfig) {
      results.push(() => console.log(`- ${pkg.name.padEnd(width)}  size        no size-limit config`));
      continue;
    }
    let output = '';
    let exitCode = 0;
    await run({
      argv: [process.execPath, 'size-limit', '--json'],
      env: process.env,
      cwd: () => dir,
      exit: (code = 0) => {
        exitCode = code;
      },
      stdout: { write: (text) => (output += text) },
      stderr: { write: (text) => (output += text) },
    });
    results.push(() => reportSize(pkg, dir, output, exitCode));
  }
  return results;
};
const kB = (bytes) => `${(bytes / 1000).toFixed(3)} kB`;
function reportSize(pkg, dir, output, exitCode) {
  let checks;
  try {
    checks = JSON.parse(output);
  } catch {
    return report(pkg, 'size', false, `size-limit printed no result (exit ${exitCode})`, [output.trim()]);
  }
  if (!Array.isArray(checks))
    return report(pkg, 'size', false, 'size-limit failed', [
      // the error's message, not its stack (esbuild's message names the file and the import it could not resolve)
      String(checks.error)
        .split('\n')
        .filter((line) => line.trim() && !/^\s+at /.test(line))
        .slice(0, 6)
        .join(' / '),
    ]);
  const config = readdirSync(dir).find((file) => file.startsWith('.size-limit')) ?? 'package.json';
  const where = relative(root, join(dir, config));
  // A check whose path matches no file has no size (size-limit then exits 1 but reports it as passed).
  const problems = checks
    .filter((check) => check.passed === false || !(check.size > 0))
    .map((check) =>
      check.passed === false
        ? `"${check.name}" is ${kB(check.size)}, over its budget of ${kB(check.sizeLimit)} (${where})`
        : `"${check.name}" measured nothing: its path matches no file (${where})`,
    );
  if (exitCode !== 0 && !problems.length) problems.push(`size-limit exited with ${exitCode}: ${output.trim()}`);
  const closest = checks
    .filter((check) => check.sizeLimit)
    .sort((a, b) => b.size / b.sizeLimit - a.size / a.sizeLimit)[0];
  const detail = problems.length
    ? `${problems.length} of ${checks.length} budget(s) broken`
    : `${checks.length} budget(s) met${closest ? `; closest: ${kB(closest.size)} of ${kB(closest.sizeLimit)} ("${closest.name.slice(0, 60)}${closest.name.length > 60 ? '…' : ''}")` : ''}`;
  report(pkg, 'size', !problems.length, detail, problems);
}
// Its failure is handled now (not only when awaited below), so a broken size-limit is reported, not unhandled.
const sizes = runSize
  ? sizeLimitRun().catch((error) => [
      () => {
        failures.push(`size budgets failed: ${firstLine(error)}`);
        console.error(`✗ size budgets: ${firstLine(error)}`);
      },
    ])
  : Promise.resolve([]);

// ---- 1.-4. entry guard, tarball, publint, attw ---------------------------------------------------------
if (runChecks) {
  const [{ publint }, { formatMessage }, attw, { problemKindInfo }] = await Promise.all([
    import('publint'),
    import('publint/utils'),
    import('@arethetypeswrong/core'),
    import('@arethetypeswrong/core/problems'),
  ]);
  const out = mkdtempSync(join(tmpdir(), 'plinth-pack-'));
  try {
    // One pnpm for every package. Inside `pnpm run`, npm_execpath is pnpm itself: run it with this node.
    const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];
    const [cmd, ...pre] = process.env.npm_execpath?.match(/pnpm/)
      ? [process.execPath, process.env.npm_execpath]
      : ['npx', '-y', `pnpm@${version}`];
    const filters = packages.map(({ pkg }) => `--filter=${pkg.name}`);
    // Asynchronous, so that size-limit (started above) goes on meanwhile.
    const { stdout } = await promisify(execFile)(
      cmd,
      [...pre, '-r', ...filters, 'pack', '--pack-destination', out, '--json'],
      { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    const packed = JSON.parse(stdout);
    const tarballOf = new Map([packed].flat().map((p) => [p.name, p.filename]));

    for (const { dir, pkg } of packages) {
      // 1. entry guard
      try {
        const guard = checkEntryGraph(dir);
        report(
          pkg,
          'entry guard',
          !guard.failures.length,
          `${guard.files} file(s) in the main entry's static graph`,
          guard.failures,
        );
      } catch (error) {
        report(pkg, 'entry guard', false, firstLine(error));
      }
      const tarball = tarballOf.get(pkg.name);
      if (!tarball) {
        report(pkg, 'tarball', false, 'pnpm pack made no tarball');
        continue;
      }
      const data = readFileSync(tarball);
      // 2. tarball contents
      let packedPkg;
      try {
        packedPkg = attw.createPackageFromTarballData(new Uint8Array(data));
        const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n');
        const read = (file) => packedPkg.tryReadFile(`/node_modules/${pkg.name}/${file}`);
        const { license } = JSON.parse(read('package.json') ?? '{}');
        const contents = checkTarballContents(files, { license, licenseText: read('LICENSE') });
        const top = [...new Set(files.map((f) => f.replace(/^package\//, '').replace(/\/.*/, '/')))];
        report(
          pkg,
          'tarball',
          !contents.length,
          `${files.length} files in ${top.join(', ')} (license ${license})`,
          contents,
        );
      } catch (error) {
        report(pkg, 'tarball', false, firstLine(error));
      }
      // 3. publint --strict: warnings count as errors; suggestions are shown, as the CLI shows them
      try {
        const buffer = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
        const { messages, pkg: manifest } = await publint({ pack: { tarball: buffer }, strict: true });
        const text = (m) => `${m.type}: ${formatMessage(m, manifest, { color: false })}`;
        const errors = messages.filter((m) => m.type === 'error').map(text);
        const suggestions = messages.filter((m) => m.type !== 'error').map(text);
        report(
          pkg,
          'publint',
          !errors.length,
          `--strict: ${errors.length} error(s), ${suggestions.length} suggestion(s)`,
          errors,
        );
        for (const suggestion of suggestions) console.log(`    ${suggestion}`);
      } catch (error) {
        report(pkg, 'publint', false, firstLine(error));
      }
      // 4. attw, with the CLI's profiles (its `--profile node16` / `esm-only` ignore these resolutions)
      try {
        const profile = pkg.plinth?.esmOnly ? 'esm-only' : 'node16';
        const ignored = profile === 'esm-only' ? ['node10', 'node16-cjs'] : ['node10'];
        const analysis = await attw.checkPackage(packedPkg ?? attw.createPackageFromTarballData(new Uint8Array(data)));
        if (!analysis.types) {
          report(pkg, 'attw', false, 'the package ships no types');
          continue;
        }
        const problems = [
          ...new Set(
            analysis.problems
              .filter((p) => !('resolutionKind' in p) || !ignored.includes(p.resolutionKind))
              .map((p) => {
                // Problems about a file pair (types vs implementation) or a file carry no resolution kind: the
                // CLI counts them under every profile, and so does this.
                const file = (name) => name.replace(`/node_modules/${pkg.name}/`, '');
                const where = p.entrypoint
                  ? `"${p.entrypoint}" under ${p.resolutionKind}`
                  : p.typesFileName
                    ? `types ${file(p.typesFileName)}, implementation ${file(p.implementationFileName)}${p.missing?.length ? `, missing ${p.missing.join(', ')}` : ''}`
                    : `${file(p.fileName ?? '')}${p.moduleSpecifier ? ` importing "${p.moduleSpecifier}" (${p.resolutionOption})` : ''}`;
                return `${problemKindInfo[p.kind]?.title ?? p.kind}: ${where} (${problemKindInfo[p.kind]?.docsUrl ?? ''})`;
              }),
          ),
        ];
        const entrypoints = Object.keys(analysis.entrypoints).length;
        report(
          pkg,
          'attw',
          !problems.length,
          `profile ${profile}: ${entrypoints} entrypoint(s), ${problems.length} problem(s)`,
          problems,
        );
      } catch (error) {
        report(pkg, 'attw', false, firstLine(error));
      }
    }
  } catch (error) {
    failures.push(`package checks failed: ${firstLine(error)}`);
    console.error(`✗ ${error?.message ?? error}`); // for pnpm pack: the command and what it printed
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

for (const print of await sizes) print();

if (failures.length) {
  console.error(`\n${failures.length} failure(s):`);
  for (const failure of failures) console.error(`✗ ${failure}`);
  process.exit(1);
}
console.log(
  `\n✓ ${packages.length} package(s): ${[runChecks && 'entry guard, tarball contents, publint --strict, attw', runSize && 'size budgets'].filter(Boolean).join('; ')} passed`,
);
