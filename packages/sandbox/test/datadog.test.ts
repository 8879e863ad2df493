// @vitest-environment node
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../src/index';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(() => {
  sandbox.vendors.datadog.setStatus(202);
  sandbox.clear();
});

const origin = 'http://127.0.0.1:5173';
/** What @datadog/browser-logs 7.16 builds with `proxy: '<sandbox>/datadog/intake'`. */
const intake = (track = '/api/v2/logs', extra = '') =>
  `${sandbox.url}/datadog/intake?ddforward=${encodeURIComponent(
    `${track}?ddsource=browser&dd-api-key=pub123&dd-evp-origin-version=7.16.2&dd-evp-origin=browser&dd-request-id=r-1${extra}`,
  )}`;
const log = (message: string, extra: Record<string, unknown> = {}) => ({
  date: 1_763_900_000_000,
  message,
  status: 'info',
  origin: 'logger',
  view: { url: 'http://127.0.0.1:5173/a', referrer: '' },
  ...extra,
});

describe('datadog vendor', () => {
  it('records one entry per NDJSON line posted as text/plain to the proxy path, with the forwarded parameters', async () => {
    const body = [log('one', { component: 'Checkout' }), log('two'), log('three', { status: 'error' })]
      .map((l) => JSON.stringify(l))
      .join('\n');
    const res = await fetch(intake(), {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin },
      body,
    });
    expect(res.status).toBe(202);
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    const entries = sandbox.received({ vendor: 'datadog' });
    expect(entries.map((e) => [e.route, (e.body as { message: string }).message])).toEqual([
      ['logs', 'one'],
      ['logs', 'two'],
      ['logs', 'three'],
    ]);
    expect(entries[0]).toMatchObject({
      method: 'POST',
      path: '/datadog/intake',
      body: { component: 'Checkout', status: 'info' },
      decoding: ['ndjson'],
      meta: { ddsource: 'browser', 'dd-request-id': 'r-1', batch: 3 },
    });
    // the client token is public but still a key: not kept in the recording
    expect(JSON.stringify(entries)).not.toContain('pub123');
  });

  it('records a single-log batch (plain JSON line) and a sendBeacon-style body without a content type', async () => {
    await fetch(intake(), { method: 'POST', body: JSON.stringify(log('alone')) });
    await fetch(intake(), { method: 'POST', body: new Blob([JSON.stringify(log('beacon'))]) });
    expect(sandbox.received({ vendor: 'datadog' }).map((e) => (e.body as { message: string }).message)).toEqual([
      'alone',
      'beacon',
    ]);
  });

  it('records SDK telemetry sent to /api/v2/rum under route telemetry, and inflates a deflate-encoded batch', async () => {
    const telemetry = { type: 'telemetry', telemetry: { type: 'configuration' } };
    await fetch(intake('/api/v2/rum'), { method: 'POST', body: JSON.stringify(telemetry) });
    await fetch(intake('/api/v2/logs', '&dd-evp-encoding=deflate'), {
      method: 'POST',
      body: deflateSync(`${JSON.stringify(log('packed-1'))}\n${JSON.stringify(log('packed-2'))}`),
    });
    const entries = sandbox.received({ vendor: 'datadog' });
    expect(entries.map((e) => e.route)).toEqual(['telemetry', 'logs', 'logs']);
    expect(entries[0]!.body).toEqual(telemetry);
    expect(entries[1]).toMatchObject({ decoding: ['deflate', 'ndjson'], body: { message: 'packed-1' } });
  });

  it('answers the status set through the control route (500 for a failing intake), still recording what came', async () => {
    const put = await fetch(`${sandbox.url}/_sandbox/datadog/status`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ status: 500 }),
    });
    expect(put.status).toBe(200);
    expect(await (await fetch(`${sandbox.url}/_sandbox/datadog/status`)).json()).toEqual({ status: 500 });
    const res = await fetch(intake(), { method: 'POST', body: JSON.stringify(log('retry me')) });
    expect(res.status).toBe(500);
    expect(sandbox.received({ vendor: 'datadog' })).toMatchObject([{ status: 500, body: { message: 'retry me' } }]);
    const bad = await fetch(`${sandbox.url}/_sandbox/datadog/status`, { method: 'PUT', body: '{"status":"x"}' });
    expect(bad.status).toBe(400);
    expect(sandbox.vendors.datadog.status()).toBe(500);
  });

  it('answers a CORS preflight, rejects other methods, unknown tracks and malformed lines, and keeps serving', async () => {
    const preflight = await fetch(intake(), {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBeLessThan(300);
    expect((await fetch(intake())).status).toBe(405);
    expect((await fetch(intake('/api/v2/unknown'), { method: 'POST', body: '{}' })).status).toBe(400);
    const malformed = await fetch(intake(), { method: 'POST', body: '{"message":"ok"}\n{"message":' });
    expect(malformed.status).toBe(400);
    expect(sandbox.received({ vendor: 'datadog' }).at(-1)?.malformed).toBeTruthy();
    expect((await fetch(intake(), { method: 'POST', body: JSON.stringify(log('after')) })).status).toBe(202);
  });

  it('serves a configured proxy path', async () => {
    const custom = await startSandbox({ port: 0, quiet: true, vendorOptions: { datadog: { path: '/logs-proxy' } } });
    try {
      const res = await fetch(
        `${custom.url}/logs-proxy?ddforward=${encodeURIComponent('/api/v2/logs?ddsource=browser')}`,
        {
          method: 'POST',
          body: JSON.stringify(log('custom')),
        },
      );
      expect(res.status).toBe(202);
      expect(custom.received({ vendor: 'datadog' })).toMatchObject([{ route: 'logs', body: { message: 'custom' } }]);
    } finally {
      await custom.close();
    }
  });
});
