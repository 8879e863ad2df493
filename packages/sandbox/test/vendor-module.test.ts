// @vitest-environment node
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox, type VendorModule, vendors } from '../src/index';
import { dummy } from './support/dummy';
import { reader } from './support/sse';

const modules = [...vendors, dummy] as const;
let sandbox: Sandbox<typeof modules>;

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    quiet: true,
    heartbeatMs: 50,
    vendors: modules,
    vendorOptions: { dummy: { value: 'from-options' }, collect: { status: 202 } },
  });
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(() => sandbox.clear());

describe('a vendor module plugs in without touching startSandbox', () => {
  it('startSandbox and the control code name no vendor', () => {
    for (const file of ['startSandbox.ts', 'control.ts', 'vendors/types.ts']) {
      // The code, not the comments (which may use a vendor as an example).
      const source = readFileSync(new URL(`../src/${file}`, import.meta.url), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      expect(source, file).toMatch(/startSandbox|handleControl|VendorModule/);
      expect(source, file).not.toMatch(/oidc|issuer|collect|posthog|launchdarkly|datadog|dummy/i);
    }
  });

  it("serves the module's routes with its options merged over its defaults, recording one entry per item", async () => {
    const value = await (await fetch(`${sandbox.url}/dummy/value`)).json();
    expect(value).toEqual({ value: 'from-options' });
    const res = await fetch(`${sandbox.url}/dummy/items`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ n: 1 }, { n: 2 }]),
    });
    expect(res.status).toBe(202); // the default status: only `value` was overridden
    const recorded = sandbox.received({ vendor: 'dummy', route: 'items' });
    expect(recorded.map((entry) => entry.body)).toEqual([{ n: 1 }, { n: 2 }]);
    // The built-in collector got its own option too.
    expect((await fetch(`${sandbox.url}/collect/x`, { method: 'POST', body: '{}' })).status).toBe(202);
  });

  it('exposes typed values to tests and lists the module in health and on the index page', async () => {
    expect(sandbox.vendors.dummy.prefix).toBe('/dummy');
    expect(sandbox.vendors.oidc.issuer).toBe(`${sandbox.url}/oidc`);
    const health = await (await fetch(`${sandbox.url}/_sandbox/health`)).json();
    expect(health.vendors).toEqual([...vendors.map((vendor) => vendor.name), 'dummy']);
    expect(health.serves.dummy).toEqual(['POST /dummy/items', 'GET /dummy/stream']);
    const index = await (await fetch(`${sandbox.url}/`)).json();
    expect(index.vendors.dummy).toEqual([`POST ${sandbox.url}/dummy/items`, `GET ${sandbox.url}/dummy/stream`]);
    expect(index.vendors.collect).toEqual([`POST ${sandbox.url}/collect/<stream>`]);
    expect(index.vendors.oidc).toEqual([`${sandbox.url}/oidc/.well-known/openid-configuration`]);
  });

  it('changes state through its control route and pushes it to every open stream', async () => {
    const res = await fetch(`${sandbox.url}/dummy/stream`);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = reader(res);
    expect(await events.next((block) => block.startsWith('event: put'))).toContain('data: {"value":"from-options"}');
    // Recorded as it opened, while it is still open.
    expect(sandbox.received({ vendor: 'dummy', route: 'stream' })).toMatchObject([
      { method: 'GET', path: '/dummy/stream', status: 200 },
    ]);

    const put = await fetch(`${sandbox.url}/_sandbox/dummy/value`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ value: { theme: 'dark' } }),
    });
    expect(await put.json()).toEqual({ value: { theme: 'dark' }, pushed: 1 });
    expect(await events.next((block) => block.startsWith('event: put'))).toContain('data: {"value":{"theme":"dark"}}');
    // Heartbeats keep the stream open.
    await events.next((block) => block === ': heartbeat');

    // The exposed function does the same from a test.
    expect(sandbox.vendors.dummy.setValue('from-test')).toBe(1);
    expect(await events.next((block) => block.startsWith('event: put'))).toContain('data: {"value":"from-test"}');
    await events.cancel();
    // Still one recording of that stream: closing it added none.
    await fetch(`${sandbox.url}/dummy/items`, { method: 'POST', body: '[{"sentinel":true}]' });
    await expect.poll(() => sandbox.received().at(-1)?.body).toEqual({ sentinel: true });
    expect(sandbox.received({ vendor: 'dummy', route: 'stream' })).toHaveLength(1);
  });

  it('does not record control requests, answers CORS preflights and 404s unknown control routes', async () => {
    const preflight = await fetch(`${sandbox.url}/_sandbox/dummy/value`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'PUT' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    const evil = await fetch(`${sandbox.url}/_sandbox/dummy/value`, { headers: { origin: 'https://evil.example' } });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();

    const missing = await fetch(`${sandbox.url}/_sandbox/dummy/nope`, { method: 'POST' });
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toContain('has no control route POST /_sandbox/dummy/nope');
    const bad = await fetch(`${sandbox.url}/_sandbox/dummy/value`, { method: 'PUT', body: '{"other":1}' });
    expect(bad.status).toBe(400);
    const invalid = await fetch(`${sandbox.url}/_sandbox/dummy/value`, { method: 'PUT', body: '{not json' });
    expect(invalid.status).toBe(400);

    // A sentinel that is recorded, after the control calls: nothing before it came from /_sandbox.
    await fetch(`${sandbox.url}/dummy/items`, { method: 'POST', body: '[{"sentinel":true}]' });
    const recorded = sandbox.received();
    expect(recorded.at(-1)?.body).toEqual({ sentinel: true });
    expect(recorded.filter((entry) => entry.path.startsWith('/_sandbox'))).toEqual([]);
  });

  it('refuses option and naming mistakes before listening', async () => {
    await expect(
      // @ts-expect-error: no module named "dumy" is served
      startSandbox({ port: 0, quiet: true, vendors: modules, vendorOptions: { dumy: { value: 1 } } }),
    ).rejects.toThrow('vendorOptions.dumy given, but no vendor module named "dumy" is served');
    await expect(startSandbox({ port: 0, quiet: true, vendors: [dummy, dummy] })).rejects.toThrow(
      'two vendor modules are named "dummy"',
    );
    const health: VendorModule<'health'> = { name: 'health', defaults: {}, create: dummy.create as never };
    await expect(startSandbox({ port: 0, quiet: true, vendors: [health] })).rejects.toThrow('reserved');
    await expect(
      startSandbox({ port: 0, quiet: true, vendorOptions: { oidc: { accessTokenTtl: 0 } } }),
    ).rejects.toThrow('accessTokenTtl must be a whole number of seconds');
  });

  it('types vendorOptions and sandbox.vendors from the module list', () => {
    type Options = NonNullable<Parameters<typeof startSandbox<typeof modules>>[0]>['vendorOptions'];
    const ok: Options = { dummy: { status: 200 }, oidc: { accessTokenTtl: 5 } };
    // @ts-expect-error: status is a number
    const wrong: Options = { dummy: { status: 'ok' } };
    // @ts-expect-error: the default sandbox has no dummy vendor
    const absent = (s: Sandbox) => s.vendors.dummy;
    expect([ok, wrong, absent]).toHaveLength(3);
  });

  it('ends the module streams when the sandbox closes', async () => {
    const own = await startSandbox({ port: 0, quiet: true, vendors: [dummy] });
    const events = reader(await fetch(`${own.url}/dummy/stream`));
    await events.next((block) => block.startsWith('event: put'));
    expect(own.vendors.dummy.streams()).toBe(1);
    await own.close();
    await expect(events.next(() => false)).rejects.toThrow('stream ended');
    expect(own.vendors.dummy.streams()).toBe(0);
  });
});
