// @vitest-environment node
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../src/index';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(() => sandbox.clear());

describe('collect vendor', () => {
  it('records a JSON beacon sent as text/plain, under its stream', async () => {
    const res = await fetch(`${sandbox.url}/collect/demo`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: 'http://127.0.0.1:5173' },
      body: JSON.stringify({ type: 'page_view', properties: { url: '/a' } }),
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    const [entry, ...rest] = sandbox.received({ vendor: 'collect' });
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      route: 'demo',
      method: 'POST',
      body: { type: 'page_view', properties: { url: '/a' } },
    });
  });

  it('records one entry per NDJSON line, gzip detected by magic bytes', async () => {
    const body = gzipSync('{"n":1}\n{"n":2}\n{"n":3}\n');
    const res = await fetch(`${sandbox.url}/collect/logs`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body,
    });
    expect(res.status).toBe(204);
    expect(sandbox.received({ vendor: 'collect' }).map((e) => e.body)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('answers 405 to other methods and 400 to a malformed body, recorded, and keeps serving', async () => {
    expect((await fetch(`${sandbox.url}/collect/demo`)).status).toBe(405);
    const bad = await fetch(`${sandbox.url}/collect/demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"truncated":',
    });
    expect(bad.status).toBe(400);
    expect(sandbox.received({ vendor: 'collect' }).at(-1)?.malformed).toBeTruthy();
    const ok = await fetch(`${sandbox.url}/collect/demo`, { method: 'POST', body: '{}' });
    expect(ok.status).toBe(204);
  });
});
