// @vitest-environment node
import { type Sandbox, startSandbox } from '@plinth/sandbox';
import { testFlags } from '../test-flags';
import { createBootstrap, VISITOR_KEY_COOKIE, visitorKeyCookie } from './index';

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
      consent: 'granted',
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
    await expect(
      createBootstrap(testFlags, { clientSideId: 'e', consent: 'granted', baseUrl: sandbox.url }),
    ).resolves.toEqual({});
    sandbox.vendors.launchdarkly.setBehaviour({ status: 200, delayMs: 2000 });
    await expect(
      createBootstrap(testFlags, { clientSideId: 'e', consent: 'granted', baseUrl: sandbox.url, timeoutMs: 50 }),
    ).resolves.toEqual({});
    sandbox.vendors.launchdarkly.setBehaviour({ delayMs: 0 });
    // The positive sentinel: the same call works once the service is back.
    await expect(
      createBootstrap(testFlags, {
        clientSideId: 'e',
        consent: 'granted',
        baseUrl: sandbox.url,
        anonymousKey: 'visitor-1',
      }),
    ).resolves.toMatchObject({
      'price-test': 'a',
    });
    await expect(
      createBootstrap(testFlags, { clientSideId: 'e', consent: 'granted', baseUrl: 'http://127.0.0.1:1' }),
    ).resolves.toEqual({});
  });

  it('sends nothing without functional consent; false means none is needed; a missing or unknown one is an error', async () => {
    const before = sandbox.received({ vendor: 'launchdarkly' }).length;
    const user = { id: 'user-c' };
    for (const consent of ['pending', 'denied'] as const) {
      await expect(
        createBootstrap(testFlags, { clientSideId: 'c', consent, user, baseUrl: sandbox.url }),
      ).resolves.toEqual({});
    }
    for (const consent of [undefined, 'yes', true]) {
      const call = createBootstrap(testFlags, {
        clientSideId: 'c',
        consent: consent as never,
        user,
        baseUrl: sandbox.url,
      });
      await expect(call).rejects.toMatchObject({ name: 'PlinthError', source: 'bootstrap', code: 'consent' });
    }
    // The positive sentinel: with consent not needed, the same call reaches the service, and it is the only one.
    await expect(
      createBootstrap(testFlags, { clientSideId: 'c', consent: false, user, baseUrl: sandbox.url }),
    ).resolves.toMatchObject({ 'price-test': expect.any(String) });
    const sent = sandbox.received({ vendor: 'launchdarkly' }).slice(before);
    expect(sent.map((entry) => (entry.body as { context?: { key?: string } })?.context?.key)).toEqual(['user-c']);
  });

  it("an anonymous visitor is evaluated with the visitor cookie's key, and not at all without one", async () => {
    const before = sandbox.received({ vendor: 'launchdarkly' }).length;
    const cookie = `theme=x; ${visitorKeyCookie('visitor-from-cookie').split(';')[0]}; other=1`;
    await expect(
      createBootstrap(testFlags, { clientSideId: 'c', consent: 'granted', cookie, baseUrl: sandbox.url }),
    ).resolves.toMatchObject({ 'price-test': expect.any(String) });
    // After that sentinel: no key (no cookie, a malformed one) → no request, no shared 'anonymous' bucket.
    for (const none of [undefined, `${VISITOR_KEY_COOKIE}=x;y`, `${VISITOR_KEY_COOKIE}=<script>`]) {
      await expect(
        createBootstrap(testFlags, { clientSideId: 'c', consent: 'granted', cookie: none, baseUrl: sandbox.url }),
      ).resolves.toEqual({});
    }
    const sent = sandbox.received({ vendor: 'launchdarkly' }).slice(before);
    expect(sent.map((entry) => (entry.body as { context?: unknown })?.context)).toEqual([
      { kind: 'user', key: 'visitor-from-cookie', anonymous: true },
    ]);
  });
});
