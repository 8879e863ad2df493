// @vitest-environment node
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { vendors } from '../src/vendors/index';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const outDir = `${packageDir}node_modules/.cache/plinth-sandbox-test`;
const cli = `${outDir}/cli.mjs`;
const children: ChildProcess[] = [];

beforeAll(async () => {
  // Bundle src/cli.ts the way tsup does (esbuild, dependencies external) so the test runs the real
  // CLI in a real process without a prior build.
  const esbuild = await import('esbuild');
  mkdirSync(outDir, { recursive: true });
  await esbuild.build({
    entryPoints: [`${packageDir}src/cli.ts`],
    outfile: cli,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
  });
});

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function run(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [cli, ...args], {
    cwd: packageDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const firstLine = new Promise<string>((resolve, reject) => {
    const check = () => {
      const line = stdout.split('\n')[0];
      if (stdout.includes('\n') && line) resolve(line);
    };
    child.stdout!.on('data', check);
    child.once('exit', () => reject(new Error(`exited early: ${stderr}`)));
  });
  firstLine.catch(() => undefined); // awaited only by the tests that expect a URL
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  return { child, firstLine, exited, output: () => ({ stdout, stderr }) };
}

describe('plinth-sandbox CLI', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)('prints the URL, serves, and stops cleanly on %s', async (signal) => {
    const cli = run(['--port', '0']);
    const url = await cli.firstLine;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const health = await (await fetch(`${url}/_sandbox/health`)).json();
    expect(health).toMatchObject({ ok: true, vendors: vendors.map((vendor) => vendor.name) });
    expect(health.serves.oidc).toEqual(['/oidc/.well-known/openid-configuration']);
    const discovery = await (await fetch(`${url}/oidc/.well-known/openid-configuration`)).json();
    expect(discovery.issuer).toBe(`${url}/oidc`);
    cli.child.kill(signal);
    expect(await cli.exited).toBe(0);
    const { stdout, stderr } = cli.output();
    expect(stdout).toContain(`stopped (${signal})`);
    // oidc-provider's start-up notices (Node 20 "unsupported runtime", dev interactions) are silenced.
    expect(stderr).toBe('');
  });

  it('reads the port from PLINTH_SANDBOX_PORT', async () => {
    const first = run(['--port', '0', '--quiet']);
    const taken = Number(new URL(await first.firstLine).port);
    first.child.kill('SIGTERM');
    await first.exited;
    const cli = run(['--quiet'], { PLINTH_SANDBOX_PORT: String(taken) });
    expect(await cli.firstLine).toBe(`http://127.0.0.1:${taken}`);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('exits 1 with a clear message when the port is taken', async () => {
    const first = run(['--port', '0', '--quiet']);
    const port = new URL(await first.firstLine).port;
    const second = run(['--port', port]);
    expect(await second.exited).toBe(1);
    expect(second.output().stderr).toMatch(/already in use/);
    first.child.kill('SIGTERM');
    await first.exited;
  });

  it('passes vendor options given with --set, and refuses malformed or unknown ones', async () => {
    const cli = run(['--port', '0', '--set', 'collect.status=503', '-s', 'oidc.clientId=my-app']);
    const url = await cli.firstLine;
    expect((await fetch(`${url}/collect/x`, { method: 'POST', body: '{}' })).status).toBe(503);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    expect(cli.output().stdout).toContain('(client_id my-app,');

    const malformed = run(['--set', 'collect']);
    expect(await malformed.exited).toBe(2);
    expect(malformed.output().stderr).toContain('invalid --set collect (expected vendor.option=value)');
    const unknown = run(['--port', '0', '--set', 'nope.x=1']);
    expect(await unknown.exited).toBe(1);
    expect(unknown.output().stderr).toContain('vendorOptions.nope given, but no vendor module named "nope"');
  });

  it('rejects a bad port with exit code 2', async () => {
    const cli = run(['--port', 'abc']);
    expect(await cli.exited).toBe(2);
    expect(cli.output().stderr).toMatch(/invalid port/);
  });
});
