// @vitest-environment node
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../src/index';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(async () => {
  sandbox.vendors.launchdarkly.reset();
  sandbox.clear();
});

const origin = 'http://127.0.0.1:5173';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const anonymous = { kind: 'user', key: 'anon-1', anonymous: true };

/** Reads server-sent events until `until` returns true for one; returns them all. */
async function readEvents(res: Response, until: (event: { event: string; data: string }) => boolean) {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: { event: string; data: string }[] = [];
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return events;
    buffer += value;
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = [...block.matchAll(/^data: ?(.*)$/gm)].map((m) => m[1]).join('\n');
      if (event) {
        events.push({ event, data });
        if (until(events.at(-1)!)) {
          await reader.cancel();
          return events;
        }
      }
      end = buffer.indexOf('\n\n');
    }
  }
}

describe('launchdarkly vendor', () => {
  it('evaluates GET evalx for the base64url context, with reasons and targets, recorded decoded', async () => {
    const res = await fetch(
      `${sandbox.url}/sdk/evalx/env-1/contexts/${b64({ kind: 'user', key: 'user-b' })}?withReasons=true`,
      {
        headers: { origin },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    const flags = await res.json();
    expect(flags['price-test']).toMatchObject({
      value: 'b',
      variation: 2,
      trackEvents: true,
      reason: { kind: 'TARGET_MATCH' },
    });
    expect(flags.fpImprovedUI).toMatchObject({ value: true, reason: { kind: 'FALLTHROUGH' } });
    const [entry] = sandbox.received({ vendor: 'launchdarkly' });
    expect(entry).toMatchObject({ route: 'evalx', method: 'GET', body: { context: { kind: 'user', key: 'user-b' } } });
  });

  it('answers REPORT evalx with the context in the body, and a CORS preflight unrecorded', async () => {
    const preflight = await fetch(`${sandbox.url}/sdk/evalx/env-1/context`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'REPORT', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('REPORT');
    const res = await fetch(`${sandbox.url}/sdk/evalx/env-1/context`, {
      method: 'REPORT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(anonymous),
    });
    expect((await res.json())['price-test'].value).toBe('a');
    expect(sandbox.received({ vendor: 'launchdarkly' })).toMatchObject([
      { route: 'evalx', method: 'REPORT', body: { context: anonymous } },
    ]);
  });

  it('serves goals', async () => {
    const res = await fetch(`${sandbox.url}/sdk/goals/env-1`);
    expect(await res.json()).toEqual([]);
    expect(sandbox.received({ vendor: 'launchdarkly' })[0]?.route).toBe('goals');
  });

  it('streams put at once, then patch and delete when a flag changes through the control route', async () => {
    const controller = new AbortController();
    const res = await fetch(`${sandbox.url}/eval/env-1/${b64({ kind: 'user', key: 'user-b' })}`, {
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reading = readEvents(res, (e) => e.event === 'delete');
    await expect
      .poll(() => sandbox.vendors.launchdarkly.streams())
      .toEqual([{ env: 'env-1', context: { kind: 'user', key: 'user-b' } }]);
    const put = await fetch(`${sandbox.url}/_sandbox/launchdarkly/flags/theme`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ value: 'dark' }),
    });
    expect(put.status).toBe(200);
    await fetch(`${sandbox.url}/_sandbox/launchdarkly/flags/new-checkout`, { method: 'DELETE' });
    const events = await reading;
    controller.abort();
    expect(events.map((e) => e.event)).toEqual(['put', 'patch', 'delete']);
    expect(JSON.parse(events[0]!.data)['home-banner'].value).toBe(false); // targeted for user-b
    expect(JSON.parse(events[1]!.data)).toMatchObject({ key: 'theme', value: 'dark', variation: 1 });
    expect(JSON.parse(events[2]!.data)).toMatchObject({ key: 'new-checkout' });
    expect(JSON.parse(events[2]!.data).version).toBeGreaterThan(JSON.parse(events[1]!.data).version);
    const flags = await (await fetch(`${sandbox.url}/_sandbox/launchdarkly/flags`)).json();
    expect(flags.theme.value).toBe('dark');
    expect(flags['new-checkout']).toBeUndefined();
  });

  it('records each bulk event decoded, the diagnostic event, and answers their preflight', async () => {
    const preflight = await fetch(`${sandbox.url}/events/bulk/env-1`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-launchdarkly-event-schema',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type,x-launchdarkly-event-schema');
    const bulk = await fetch(`${sandbox.url}/events/bulk/env-1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify([
        { kind: 'identify', context: anonymous },
        { kind: 'feature', key: 'price-test', value: 'a' },
      ]),
    });
    expect(bulk.status).toBe(202);
    await fetch(`${sandbox.url}/events/diagnostic/env-1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'diagnostic-init' }),
    });
    expect(
      sandbox.received({ vendor: 'launchdarkly' }).map((e) => [e.route, (e.body as { kind: string }).kind]),
    ).toEqual([
      ['events', 'identify'],
      ['events', 'feature'],
      ['diagnostic', 'diagnostic-init'],
    ]);
  });

  it('secure mode signs the canonical key: a user’s key alone, a multi-kind context’s sorted kind:key pairs (escaped)', async () => {
    const sign = (text: string) => createHmac('sha256', 'sdk-key').update(text).digest('hex');
    const control = await fetch(`${sandbox.url}/_sandbox/launchdarkly/behaviour`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ secureModeKey: 'sdk-key' }),
    });
    expect(await control.json()).toMatchObject({ secureModeKey: true });
    const evalx = (context: unknown, hash?: string) =>
      fetch(`${sandbox.url}/sdk/evalx/env-1/contexts/${b64(context)}${hash ? `?h=${hash}` : ''}`).then((r) => r.status);
    const user = { kind: 'user', key: 'u:1' };
    expect(await evalx(user)).toBe(400);
    expect(await evalx(user, sign('u:1'))).toBe(200);
    const multi = { kind: 'multi', user: { key: 'u:1' }, organization: { key: 'acme%eu' } };
    expect(await evalx(multi, sign('u:1'))).toBe(400); // the user's key alone is not this context's
    expect(await evalx(multi, sign('organization:acme%25eu:user:u%3A1'))).toBe(200);
    const stream = await fetch(`${sandbox.url}/eval/env-1/${b64(multi)}?h=${sign('u:1')}`);
    expect(stream.status).toBe(400);
    sandbox.vendors.launchdarkly.reset(); // back to the start options: off
    expect(await evalx(multi)).toBe(200);
  });

  it('fails or answers late on demand, and rejects a malformed control body', async () => {
    const bad = await fetch(`${sandbox.url}/_sandbox/launchdarkly/behaviour`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'nope' }),
    });
    expect(bad.status).toBe(400);
    await fetch(`${sandbox.url}/_sandbox/launchdarkly/behaviour`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 500 }),
    });
    expect((await fetch(`${sandbox.url}/sdk/evalx/env-1/contexts/${b64(anonymous)}`)).status).toBe(500);
    sandbox.vendors.launchdarkly.setBehaviour({ status: 200, delayMs: 150 });
    const started = performance.now();
    const res = await fetch(`${sandbox.url}/sdk/evalx/env-1/contexts/${b64(anonymous)}`);
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    const noValue = await fetch(`${sandbox.url}/_sandbox/launchdarkly/flags/theme`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ colour: 'dark' }),
    });
    expect(noValue.status).toBe(400);
  });
});

describe('launchdarkly vendor: percentage rollouts', () => {
  it('buckets each context key as LaunchDarkly does (its published vectors), set through the control route', async () => {
    // LaunchDarkly's SDK test vectors: flag "hashKey", salt "saltyA" → userKeyA 0.42157587,
    // userKeyB 0.6708485, userKeyC 0.10343106. A 42/25/33 split puts them in three different variations.
    const put = await fetch(`${sandbox.url}/_sandbox/launchdarkly/flags/hashKey`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        rollout: { variations: ['a', 'b', 'c'], weights: [42_000, 25_000, 33_000], salt: 'saltyA' },
      }),
    });
    expect(put.status).toBe(200);
    const valueFor = async (key: string) => {
      const res = await fetch(`${sandbox.url}/sdk/evalx/env-1/contexts/${b64({ kind: 'user', key })}`);
      return ((await res.json()) as Record<string, { value: unknown; variation: number }>).hashKey;
    };
    // 0.1034 < 0.42 → a; 0.42157 < 0.42 + 0.25 → b; 0.6708 < 0.67? no → c.
    expect(await valueFor('userKeyC')).toMatchObject({ value: 'a', variation: 0 });
    expect(await valueFor('userKeyA')).toMatchObject({ value: 'b', variation: 1 });
    expect(await valueFor('userKeyB')).toMatchObject({ value: 'c', variation: 2 });
  });
});

describe('launchdarkly vendor: targeting rules', () => {
  it('serves a rule’s value when the context kind’s attribute matches (single and multi-kind), after targets', async () => {
    const put = await fetch(`${sandbox.url}/_sandbox/launchdarkly/flags/plan-banner`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        value: 'none',
        targets: { 'user-t': 'targeted' },
        rules: [
          { attribute: 'plan', values: ['pro'], value: 'pro-banner' },
          { kind: 'organization', attribute: 'tier', values: ['gold'], value: 'gold-banner' },
        ],
      }),
    });
    expect(put.status).toBe(200);
    const evaluate = async (context: unknown) => {
      const res = await fetch(`${sandbox.url}/sdk/evalx/env-1/contexts/${b64(context)}?withReasons=true`);
      return ((await res.json()) as Record<string, { value: unknown; reason: unknown }>)['plan-banner'];
    };
    expect(await evaluate({ kind: 'user', key: 'u1', plan: 'pro' })).toMatchObject({
      value: 'pro-banner',
      reason: { kind: 'RULE_MATCH', ruleIndex: 0 },
    });
    expect(await evaluate({ kind: 'user', key: 'u1', plan: ['free', 'pro'] })).toMatchObject({ value: 'pro-banner' });
    expect(
      await evaluate({ kind: 'multi', user: { key: 'u1' }, organization: { key: 'o1', tier: 'gold' } }),
    ).toMatchObject({ value: 'gold-banner', reason: { kind: 'RULE_MATCH', ruleIndex: 1 } });
    // An organization's `plan` is not the user's; a target wins over a rule.
    expect(await evaluate({ kind: 'organization', key: 'o1', plan: 'pro' })).toMatchObject({
      value: 'none',
      reason: { kind: 'FALLTHROUGH' },
    });
    expect(await evaluate({ kind: 'user', key: 'user-t', plan: 'pro' })).toMatchObject({
      value: 'targeted',
      reason: { kind: 'TARGET_MATCH' },
    });
  });
});
