// @vitest-environment node
import { createHmac } from 'node:crypto';
import { type Sandbox, startSandbox } from '@plinth/sandbox';
import { testFlags } from '../test-flags';
import { createBootstrap, VISITOR_KEY_COOKIE, visitorKeyCookie } from './index';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
}, 60_000);
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

  it('resolves {} when the service fails, is too slow or unreachable, never rejects, and says why (onError)', async () => {
    const user = { id: 'user-f' };
    const heard: unknown[] = [];
    const onError = (error: { code?: string }) => heard.push(error.code);
    const options = { clientSideId: 'e', consent: 'granted' as const, baseUrl: sandbox.url, user, onError };
    sandbox.vendors.launchdarkly.setBehaviour({ status: 500 });
    await expect(createBootstrap(testFlags, options)).resolves.toEqual({});
    sandbox.vendors.launchdarkly.setBehaviour({ status: 200, delayMs: 2000 });
    await expect(createBootstrap(testFlags, { ...options, timeoutMs: 50 })).resolves.toEqual({});
    sandbox.vendors.launchdarkly.setBehaviour({ delayMs: 0 });
    await expect(createBootstrap(testFlags, { ...options, baseUrl: 'http://127.0.0.1:1' })).resolves.toEqual({});
    expect(heard).toEqual(['failed', 'timeout', 'failed']);
    // The positive sentinel: the same call works once the service is back, and nothing more is heard.
    await expect(createBootstrap(testFlags, options)).resolves.toMatchObject({ 'price-test': expect.any(String) });
    expect(heard).toHaveLength(3);
  });

  it('secure mode: without the hash LaunchDarkly answers 400 — {} and loud (onError rejected, a development warning); with it, the values; with kinds, the multi-kind canonical key', async () => {
    const secure = await startSandbox({
      port: 0,
      quiet: true,
      vendorOptions: { launchdarkly: { secureModeKey: 'sdk-key' } },
    });
    try {
      const user = { id: 'user-b' };
      const options = { clientSideId: 'env-secure', consent: 'granted' as const, baseUrl: secure.url, user };
      const heard: { source: string; code?: string; message: string }[] = [];
      await expect(createBootstrap(testFlags, { ...options, onError: (e) => heard.push(e) })).resolves.toEqual({});
      // A refused key is source 'server', as in every server entry (analytics' too).
      expect(heard).toEqual([
        expect.objectContaining({ source: 'server', code: 'rejected', message: expect.stringContaining('(400)') }),
      ]);
      // Without onError: a console warning in development.
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      await expect(createBootstrap(testFlags, options)).resolves.toEqual({});
      expect(warn).toHaveBeenCalledWith(
        expect.stringMatching(/^\[plinth\] createBootstrap: LaunchDarkly refused .*hash/),
      );
      warn.mockRestore();
      const hash = createHmac('sha256', 'sdk-key').update('user-b').digest('hex');
      await expect(createBootstrap(testFlags, { ...options, hash })).resolves.toMatchObject({ 'price-test': 'b' });

      // With context kinds LaunchDarkly signs the multi-kind canonical key: the user's hash is refused, the
      // function form is given the key of the context this call builds (and the context).
      const contexts = { organization: { key: 'acme:eu' } };
      const refused: string[] = [];
      const withKinds = { ...options, contexts, onError: (e: { code?: string }) => refused.push(String(e.code)) };
      await expect(createBootstrap(testFlags, { ...withKinds, hash })).resolves.toEqual({});
      expect(refused).toEqual(['rejected']);
      const given: unknown[] = [];
      const sign = (context: { canonicalKey: string; context: unknown }) => {
        given.push(context);
        return createHmac('sha256', 'sdk-key').update(context.canonicalKey).digest('hex');
      };
      await expect(createBootstrap(testFlags, { ...withKinds, hash: sign })).resolves.toMatchObject({
        'price-test': expect.any(String),
      });
      expect(given).toEqual([
        {
          canonicalKey: 'organization:acme%3Aeu:user:user-b',
          context: { kind: 'multi', user: { key: 'user-b' }, organization: { key: 'acme:eu' } },
        },
      ]);
      expect(refused).toHaveLength(1);
    } finally {
      await secure.close();
    }
  }, 60_000); // it starts a sandbox of its own: 5 s passed on a loaded machine (a CI run from a fresh clone)

  it('sends the app’s user attributes, as the browser does; a reserved name is an error', async () => {
    await expect(
      createBootstrap(testFlags, {
        clientSideId: 'attrs',
        consent: 'granted',
        baseUrl: sandbox.url,
        user: { id: 'user-a' },
        userAttributes: { plan: 'pro', seats: 3 },
      }),
    ).resolves.toMatchObject({ 'price-test': expect.any(String) });
    expect(sandbox.received({ vendor: 'launchdarkly' }).at(-1)?.body).toEqual({
      context: { kind: 'user', key: 'user-a', plan: 'pro', seats: 3 },
    });
    await expect(
      createBootstrap(testFlags, {
        clientSideId: 'attrs',
        consent: 'granted',
        baseUrl: sandbox.url,
        user: { id: 'user-a' },
        userAttributes: { anonymous: false },
      }),
    ).rejects.toMatchObject({ source: 'config', code: 'invalid_option' });
  });

  it('sends nothing without functional consent; false means none is needed; a missing or unknown one is an error', async () => {
    const before = sandbox.received({ vendor: 'launchdarkly' }).length;
    const user = { id: 'user-c' };
    for (const consent of ['pending', 'denied'] as const) {
      await expect(
        createBootstrap(testFlags, { clientSideId: 'c', consent, user, baseUrl: sandbox.url }),
      ).resolves.toEqual({});
    }
    for (const [consent, code] of [
      [undefined, 'consent_required'],
      ['yes', 'invalid_option'],
      [true, 'invalid_option'],
    ] as const) {
      const call = createBootstrap(testFlags, {
        clientSideId: 'c',
        consent: consent as never,
        user,
        baseUrl: sandbox.url,
      });
      await expect(call).rejects.toMatchObject({ name: 'PlinthError', source: 'config', code });
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
