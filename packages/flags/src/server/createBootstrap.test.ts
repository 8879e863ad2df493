// @vitest-environment node
import { type Sandbox, startSandbox } from '@plinth/sandbox';
import { testFlags } from '../test-flags';
import { createBootstrap } from './index';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
});
afterAll(async () => {
  await sandbox?.close();
});

describe('createBootstrap (server)', () => {
  it("evaluates the catalogue for the request's user against the flag service", async () => {
    const bootstrap = await createBootstrap(testFlags, {
      clientSideId: 'env-server',
      baseUrl: sandbox.url,
      user: { id: 'user-b', email: 'bea@example.com' },
      contextAttributes: ['email', 'name'],
    });
    // Only catalogue keys (the sandbox also serves home-banner), exactly as named.
    expect(bootstrap).toEqual({ 'new-checkout': false, theme: 'light', 'price-test': 'b', fpImprovedUI: true });
    const [entry] = sandbox.received({ vendor: 'launchdarkly' });
    expect(entry?.body).toEqual({
      context: {
        kind: 'user',
        key: 'user-b',
        email: 'bea@example.com',
        _meta: { privateAttributes: ['email'] },
      },
    });
  });

  it('resolves {} when the service fails or is too slow, never rejects', async () => {
    sandbox.vendors.launchdarkly.setBehaviour({ status: 500 });
    await expect(createBootstrap(testFlags, { clientSideId: 'e', baseUrl: sandbox.url })).resolves.toEqual({});
    sandbox.vendors.launchdarkly.setBehaviour({ status: 200, delayMs: 2000 });
    await expect(
      createBootstrap(testFlags, { clientSideId: 'e', baseUrl: sandbox.url, timeoutMs: 50 }),
    ).resolves.toEqual({});
    sandbox.vendors.launchdarkly.setBehaviour({ delayMs: 0 });
    // The positive sentinel: the same call works once the service is back.
    await expect(createBootstrap(testFlags, { clientSideId: 'e', baseUrl: sandbox.url })).resolves.toMatchObject({
      'price-test': 'a',
    });
    await expect(createBootstrap(testFlags, { clientSideId: 'e', baseUrl: 'http://127.0.0.1:1' })).resolves.toEqual({});
  });
});
