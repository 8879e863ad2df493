// @vitest-environment node
import { readFileSync } from 'node:fs';
import { type Sandbox, startSandbox } from '@plinth/sandbox';
import { createServerAnalytics } from './index';

type Events = { invoice_paid: { plan: 'free' | 'pro'; receipt_url?: string }; app_opened: undefined };

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true, vendorOptions: { posthog: { projectTokens: ['phc_server'] } } });
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(() => sandbox.clear());

interface Received {
  event: string;
  distinct_id: string;
  timestamp: string;
  properties: Record<string, unknown>;
}
const received = () => sandbox.received({ vendor: 'posthog' }).map((entry) => entry.body as Received);

describe('createServerAnalytics (server: no SDK, no window)', () => {
  it('captures a typed event with person properties and groups, scrubbed, in one request to /batch/', async () => {
    const analytics = createServerAnalytics<Events>({ token: 'phc_server', apiHost: sandbox.url });
    const at = new Date('2026-11-25T10:00:00Z');
    const result = await analytics.capture({
      distinctId: 'user-9',
      event: 'invoice_paid',
      properties: { plan: 'pro', receipt_url: 'https://app.example/r?token=SECRET1&email=hal@example.com' },
      set: { plan: 'pro' },
      groups: { company: 'acme' },
      timestamp: at,
    });
    expect(result).toEqual({ ok: true, status: 200 });
    await analytics.identify({ distinctId: 'user-9', setOnce: { first_plan: 'free' } });
    await analytics.alias({ distinctId: 'user-9', alias: 'crm-9' });
    await analytics.groupIdentify({ type: 'company', key: 'acme', properties: { seats: 12 } });
    const [paid, set, alias, group] = received();
    expect(paid).toMatchObject({
      event: 'invoice_paid',
      distinct_id: 'user-9',
      timestamp: at.toISOString(),
      properties: { plan: 'pro', distinct_id: 'user-9', $set: { plan: 'pro' }, $groups: { company: 'acme' } },
    });
    expect(JSON.stringify(paid)).not.toMatch(/SECRET1|hal@example/);
    expect(String(paid?.properties.receipt_url)).toContain('https://app.example/r'); // scrubbed, not dropped
    expect(set).toMatchObject({ event: '$set', properties: { $set: {}, $set_once: { first_plan: 'free' } } });
    expect(alias).toMatchObject({ event: '$create_alias', properties: { alias: 'crm-9', distinct_id: 'user-9' } });
    expect(group).toMatchObject({
      event: '$groupidentify',
      properties: { $group_type: 'company', $group_key: 'acme', $group_set: { seats: 12 } },
    });
  });

  it('a refused token resolves { ok: false } with a typed error and one warning, never a rejection', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const analytics = createServerAnalytics<Events>({ token: 'phc_wrong', apiHost: sandbox.url });
      const first = await analytics.capture({ distinctId: 'u', event: 'app_opened' });
      const second = await analytics.capture({ distinctId: 'u', event: 'app_opened' });
      expect(first).toMatchObject({ ok: false, status: 401, error: { source: 'server', code: 'rejected' } });
      expect(second.ok).toBe(false);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toMatch(/refused the project token/);
    } finally {
      warn.mockRestore();
    }
  });

  it('an unreachable host resolves { ok: false, network }; a wrong region or a relative apiHost throws at creation', async () => {
    const analytics = createServerAnalytics({ token: 'phc_server', apiHost: 'http://127.0.0.1:9', timeoutMs: 2000 });
    await expect(analytics.capture({ distinctId: 'u', event: 'x' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'network' },
    });
    // @ts-expect-error not a region
    expect(() => createServerAnalytics({ token: 't', region: 'ap' })).toThrow(/unknown PostHog region/);
    expect(() => createServerAnalytics({ token: 't', apiHost: '/ingest' })).toThrow(/absolute URL/);
  });

  it('typed by the catalogue', () => {
    const analytics = createServerAnalytics<Events>({ token: 'phc_server', apiHost: 'http://127.0.0.1:9' });
    const typeOnly = (fn: () => unknown) => fn;
    typeOnly(() => {
      // @ts-expect-error unknown event
      void analytics.capture({ distinctId: 'u', event: 'invoice_pay', properties: { plan: 'pro' } });
      // @ts-expect-error a wrong value
      void analytics.capture({ distinctId: 'u', event: 'invoice_paid', properties: { plan: 'gold' } });
      // @ts-expect-error required properties
      void analytics.capture({ distinctId: 'u', event: 'invoice_paid' });
    });
  });

  it('imports no browser SDK and no React, at any depth (edge runtimes)', () => {
    // The entry's module graph as it runs: relative imports followed, type-only imports left out.
    const bare = new Set<string>();
    const seen = new Set<string>();
    const visit = (url: URL) => {
      if (seen.has(url.href)) return;
      seen.add(url.href);
      const code = readFileSync(url, 'utf8');
      for (const [, kind, name] of code.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?from\s+'([^']+)'/gms)) {
        if (kind) continue;
        if (name!.startsWith('.')) visit(new URL(`${name}.ts`, url));
        else bare.add(name!);
      }
    };
    visit(new URL('./index.ts', import.meta.url));
    expect(seen.size).toBeGreaterThan(1); // the positive control: the walk followed the entry's own modules
    expect([...bare]).toEqual(['@plinth/core/server']);
  });
});
