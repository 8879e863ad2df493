// @vitest-environment node
import { request } from 'node:http';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError, type ReceivedRequest, type Sandbox, startSandbox, type VendorModule, vendors } from '../src/index';

/** A vendor module as a future PostHog/Datadog file would write it: decode the body, answer 200. */
const capture: VendorModule = {
  name: 'capture',
  defaults: {},
  create: () => ({
    match: (req) => req.path.startsWith('/capture'),
    async handle(ctx) {
      if (ctx.cors()) return;
      if (ctx.path === '/capture/throw') throw new Error('handler bug');
      if (ctx.path === '/capture/teapot') throw new HttpError(418, 'short and stout');
      if (ctx.path === '/capture/each') {
        const { body } = await ctx.body();
        for (const item of body as unknown[]) ctx.record({ body: item });
        return ctx.json(200, { ok: true });
      }
      const { body } = await ctx.body();
      ctx.json(200, { ok: true, received: body });
    },
  }),
};

const LIMIT = 64 * 1024;
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true, bodyLimit: LIMIT, vendors: [...vendors, capture] });
});

afterAll(async () => {
  await sandbox?.close();
});

function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return fetch(`${sandbox.url}${path}`, { method: 'POST', body, headers });
}

function last(): ReceivedRequest {
  const entries = sandbox.received();
  return entries[entries.length - 1]!;
}

/** Sends raw bytes over a socket and returns whatever comes back. */
function raw(payload: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(sandbox.port, '127.0.0.1', () => socket.end(payload));
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

/** A POST through node:http, optionally chunked (no Content-Length). */
function nodePost(path: string, body: Buffer, chunked: boolean): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${sandbox.url}${path}`,
      {
        method: 'POST',
        headers: chunked
          ? { 'content-type': 'text/plain' }
          : { 'content-type': 'text/plain', 'content-length': body.length },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    if (chunked) {
      // Several writes so the body arrives in chunks.
      for (let offset = 0; offset < body.length; offset += 16 * 1024)
        req.write(body.subarray(offset, offset + 16 * 1024));
      req.end();
    } else {
      req.end(body);
    }
  });
}

describe('malformed input answers 4xx, is recorded, and never crashes the sandbox', () => {
  it('records a well-formed gzip body decoded (control case)', async () => {
    const res = await post('/capture', gzipSync(JSON.stringify({ event: 'ok' })), { 'content-type': 'text/plain' });
    expect(res.status).toBe(200);
    expect(last()).toMatchObject({ vendor: 'capture', body: { event: 'ok' }, decoding: ['gzip', 'json'], status: 200 });
    expect(last().malformed).toBeUndefined();
  });

  it('invalid JSON → 400', async () => {
    const res = await post('/capture', '{"event":', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'bad_request' });
    expect(last()).toMatchObject({ vendor: 'capture', status: 400, body: '{"event":' });
    expect(last().malformed).toMatch(/^invalid JSON/);
  });

  it('truncated gzip → 400', async () => {
    const gz = gzipSync(JSON.stringify({ event: 'x'.repeat(200) }));
    const res = await post('/capture', gz.subarray(0, 20), { 'content-type': 'text/plain' });
    expect(res.status).toBe(400);
    expect(last().malformed).toMatch(/^invalid gzip data/);
  });

  it('bad base64 in a beacon → 400', async () => {
    const res = await post('/capture?compression=base64', 'data=%%%%***', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(400);
    expect(last()).toMatchObject({ malformed: 'invalid base64 in the data field', query: { compression: 'base64' } });
  });

  it('a body above the limit → 413 (declared length and chunked)', async () => {
    const big = Buffer.alloc(LIMIT + 1, 0x61);
    const declared = await nodePost('/capture', big, false);
    expect(declared.status).toBe(413);
    expect(last()).toMatchObject({ status: 413 });
    expect(last().malformed).toMatch(/exceeds the 65536-byte limit/);

    const chunked = await nodePost('/capture', Buffer.alloc(LIMIT * 3, 0x61), true);
    expect(chunked.status).toBe(413);
    expect(last()).toMatchObject({ status: 413 });

    // Exactly at the limit is fine.
    const fits = await nodePost('/capture', Buffer.alloc(LIMIT, 0x61), false);
    expect(fits.status).toBe(200);
  });

  it('a decompression bomb → 413', async () => {
    const bomb = gzipSync(Buffer.alloc(LIMIT * 20));
    expect(bomb.length).toBeLessThan(LIMIT);
    const res = await post('/capture', bomb, { 'content-type': 'text/plain' });
    expect(res.status).toBe(413);
    expect(last().malformed).toMatch(/decompresses beyond/);
  });

  it('a handler that throws → 500 recorded with the error; an HttpError keeps its status', async () => {
    const crash = await post('/capture/throw', 'x');
    expect(crash.status).toBe(500);
    expect(last()).toMatchObject({ vendor: 'capture', status: 500, error: 'handler bug' });
    const teapot = await post('/capture/teapot', 'x');
    expect(teapot.status).toBe(418);
    expect(last()).toMatchObject({ status: 418, malformed: 'short and stout' });
  });

  it('bad URLs and unparseable requests', async () => {
    const before = sandbox.received().length;
    const percent = await fetch(`${sandbox.url}/capture/%zz%00?%%=%E0%A4%A`, { method: 'POST', body: '{}' });
    expect(percent.status).toBe(200);
    expect(last().path).toBe('/capture/%zz%00');

    expect(await raw('GET //// HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 404/);
    expect(await raw('GET * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 400/);
    expect(await raw('GARBAGE\r\n\r\n')).toMatch(/^HTTP\/1\.1 400/);
    expect(await raw('GET /a b c HTTP/1.1\r\n\r\n')).toMatch(/^HTTP\/1\.1 400/);
    expect(await raw(`GET /capture HTTP/1.1\r\nHost: x\r\nX-Bad: ${'\u0001'}\r\n\r\n`)).toMatch(/^HTTP\/1\.1 400/);
    // Absolute-form targets are served from the sandbox itself, never proxied.
    expect(
      await raw('GET http://evil.example/_sandbox/health HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n'),
    ).toMatch(/^HTTP\/1\.1 200[\s\S]*"ok":true/);

    const recorded = sandbox.received().slice(before);
    expect(recorded.filter((entry) => entry.malformed).length).toBeGreaterThanOrEqual(4);
    expect(recorded.some((entry) => entry.malformed === 'invalid request target: *')).toBe(true);
    expect(recorded.some((entry) => entry.malformed?.startsWith('unparseable HTTP request (HPE_'))).toBe(true);
  });

  it('garbage at the OpenID provider → 400 invalid_request, recorded as malformed', async () => {
    const res = await post('/oidc/token', '{"grant_type":', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_request' });
    expect(last()).toMatchObject({ vendor: 'oidc', route: 'token', status: 400 });
    expect(last().malformed).toMatch(/content-type bodies are supported/);

    const form = await post('/oidc/token', 'grant_type=authorization_code&code=%%%', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(400);
    expect(last()).toMatchObject({ vendor: 'oidc', route: 'token' });
    expect(last().error).toMatch(/^invalid_(request|client|grant)/);
  });

  it('unknown paths → 404, recorded under "unmatched" with the decoded body', async () => {
    const res = await post('/no-vendor/serves/this', JSON.stringify({ event: 'lost' }), {
      'content-type': 'application/json',
    });
    expect(res.status).toBe(404);
    expect(last()).toMatchObject({
      vendor: 'unmatched',
      path: '/no-vendor/serves/this',
      body: { event: 'lost' },
      status: 404,
    });
  });

  it('a module may record one entry per item of a batch', async () => {
    const before = sandbox.received().length;
    const res = await post('/capture/each', '{"n":1}\n{"n":2}\n{"n":3}\n', { 'content-type': 'text/plain' });
    expect(res.status).toBe(200);
    const recorded = sandbox.received().slice(before);
    expect(recorded.map((entry) => entry.body)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(recorded.every((entry) => entry.status === 200 && entry.decoding?.join() === 'ndjson')).toBe(true);
  });

  it('is still healthy after all of that', async () => {
    const health = await (await fetch(`${sandbox.url}/_sandbox/health`)).json();
    expect(health).toMatchObject({ ok: true, vendors: [...vendors.map((vendor) => vendor.name), 'capture'] });
  });
});

describe('CORS on /_sandbox/*', () => {
  it('answers a preflight from a loopback origin and refuses others', async () => {
    const ask = (origin: string) =>
      fetch(`${sandbox.url}/_sandbox/received`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'DELETE' },
      });
    const ok = await ask('http://localhost:5173');
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(ok.headers.get('access-control-allow-methods')).toContain('DELETE');
    const evil = await ask('http://evil.example');
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('adds the header to GET answers for a loopback origin', async () => {
    const res = await fetch(`${sandbox.url}/_sandbox/received?vendor=oidc`, {
      headers: { origin: 'http://127.0.0.1:4173' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173');
  });

  it('DELETE /_sandbox/received clears the recording', async () => {
    expect(sandbox.received().length).toBeGreaterThan(0);
    const res = await fetch(`${sandbox.url}/_sandbox/received`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(sandbox.received()).toEqual([]);
  });
});
