// @vitest-environment node
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../src/index';
import { POSTHOG_DEFAULT_CONFIG } from '../src/vendors/posthog';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(async () => {
  await fetch(`${sandbox.url}/_sandbox/posthog/config`, { method: 'DELETE' });
  sandbox.clear();
});

const origin = 'http://127.0.0.1:5173';
const event = (name: string, extra: Record<string, unknown> = {}) => ({
  event: name,
  properties: { distinct_id: 'anon', $current_url: 'http://127.0.0.1:5173/a', ...extra },
});

describe('posthog vendor', () => {
  it('answers the remote config as JSON, with switches a control route changes', async () => {
    const res = await fetch(`${sandbox.url}/array/phc_test/config`, { headers: { origin } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    expect(await res.json()).toMatchObject({ autocapture_opt_out: false, supportedCompression: ['gzip', 'gzip-js'] });

    const put = await fetch(`${sandbox.url}/_sandbox/posthog/config`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ autocapture_opt_out: true, capturePerformance: { web_vitals: true } }),
    });
    expect(put.status).toBe(200);
    const after = await (await fetch(`${sandbox.url}/array/phc_test/config`)).json();
    expect(after).toMatchObject({ autocapture_opt_out: true, capturePerformance: { web_vitals: true } });
    expect(sandbox.vendors.posthog.config().autocapture_opt_out).toBe(true);
    expect(sandbox.received({ vendor: 'posthog' }).map((e) => e.route)).toEqual(['config', 'config']);

    await fetch(`${sandbox.url}/_sandbox/posthog/config`, { method: 'DELETE' });
    expect(sandbox.vendors.posthog.config()).toEqual(POSTHOG_DEFAULT_CONFIG);
  });

  it('decodes a gzip batch sent as text/plain (magic bytes) into one recording per event', async () => {
    const body = gzipSync(JSON.stringify({ api_key: 'phc_test', batch: [event('$pageview'), event('signup')] }));
    const res = await fetch(`${sandbox.url}/e/?ip=0&_=1&ver=1.449.2&compression=gzip-js`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin },
      body,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 1 });
    const entries = sandbox.received({ vendor: 'posthog' });
    expect(entries.map((e) => e.route)).toEqual(['$pageview', 'signup']);
    expect(entries[0]).toMatchObject({ method: 'POST', path: '/e/', decoding: ['gzip', 'json'] });
    expect(entries[1]?.body).toEqual(event('signup'));
  });

  it('decodes a ?compression=base64 form beacon and a plain JSON body', async () => {
    const data = Buffer.from(JSON.stringify([event('$pageleave')])).toString('base64');
    await fetch(`${sandbox.url}/e/?compression=base64`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ data }).toString(),
    });
    await fetch(`${sandbox.url}/e/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event('outbound_link_clicked', { url: 'https://example.com/' })),
    });
    const entries = sandbox.received({ vendor: 'posthog' });
    expect(entries.map((e) => [e.route, e.decoding])).toEqual([
      ['$pageleave', ['form', 'base64', 'json']],
      ['outbound_link_clicked', ['json']],
    ]);
  });

  it('records a request for config.js or /static/* as a defect (Plinth never loads a remote script)', async () => {
    expect((await fetch(`${sandbox.url}/array/phc_test/config.js`)).status).toBe(404);
    expect((await fetch(`${sandbox.url}/static/1.449.2/web-vitals.js`)).status).toBe(404);
    const entries = sandbox.received({ vendor: 'posthog' });
    expect(entries.map((e) => [e.route, e.error])).toEqual([
      ['defect', 'defect: remote config script (config.js) requested'],
      ['defect', 'defect: remote script /static/1.449.2/web-vitals.js requested'],
    ]);
    const defects = await (await fetch(`${sandbox.url}/_sandbox/posthog/defects`)).json();
    expect(defects).toHaveLength(2);
  });

  it('answers flags, and a failing /e/ when told to', async () => {
    await fetch(`${sandbox.url}/_sandbox/posthog/flags`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ 'new-checkout': 'test' }),
    });
    const flags = await (
      await fetch(`${sandbox.url}/flags/?v=2`, { method: 'POST', body: JSON.stringify({ token: 'phc_test' }) })
    ).json();
    expect(flags.featureFlags).toEqual({ 'new-checkout': 'test' });
    expect(flags.flags['new-checkout']).toMatchObject({ enabled: true, variant: 'test' });

    await fetch(`${sandbox.url}/_sandbox/posthog/status`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 503 }),
    });
    const res = await fetch(`${sandbox.url}/e/`, { method: 'POST', body: JSON.stringify(event('x')) });
    expect(res.status).toBe(503);
    await fetch(`${sandbox.url}/_sandbox/posthog/status`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 200 }),
    });
    const bad = await fetch(`${sandbox.url}/e/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"batch": [',
    });
    expect(bad.status).toBe(400);
    expect(sandbox.received({ vendor: 'posthog' }).at(-1)?.malformed).toBeTruthy();
  });
});

describe('posthog vendor: PostHog Cloud when it is unkind', () => {
  const post = (url: string, body: unknown) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify(body) });

  it('an EU project’s events sent to the US path are answered 200 and recorded as dropped', async () => {
    const eu = await startSandbox({ port: 0, quiet: true, vendorOptions: { posthog: { projectRegion: 'eu' } } });
    try {
      const right = await post(`${eu.url}/eu/e/`, { api_key: 'phc_test', batch: [event('kept')] });
      const wrong = await post(`${eu.url}/us/e/`, { api_key: 'phc_test', batch: [event('lost')] });
      expect([right.status, wrong.status]).toEqual([200, 200]);
      const byRoute = Object.fromEntries(eu.received({ vendor: 'posthog' }).map((e) => [e.route, e.error]));
      expect(byRoute).toEqual({
        kept: undefined,
        lost: 'dropped: wrong region (sent to us, the project is in eu); answered 200',
      });
      expect((await (await fetch(`${eu.url}/eu/array/phc_test/config`)).json()).supportedCompression).toBeDefined();
    } finally {
      await eu.close();
    }
  });

  it('a project without cookieless server hash mode answers cookieless events 200 and drops them', async () => {
    const off = await startSandbox({ port: 0, quiet: true, vendorOptions: { posthog: { projectCookieless: false } } });
    try {
      const cookieless = {
        ...event('hashed'),
        properties: { $cookieless_mode: true, distinct_id: '$posthog_cookieless' },
      };
      const answer = await post(`${off.url}/e/`, { api_key: 'phc_test', batch: [event('kept'), cookieless] });
      expect(answer.status).toBe(200);
      expect(off.received({ vendor: 'posthog' }).map((e) => [e.route, e.error])).toEqual([
        ['kept', undefined],
        [
          'hashed',
          'dropped: cookieless mode is off for this project (Project settings → Web analytics → cookieless server hash mode); answered 200',
        ],
      ]);
    } finally {
      await off.close();
    }
  });

  it('a project token it does not know is answered 401 invalid_api_key, until the tokens are reset', async () => {
    const put = (tokens: string[]) =>
      fetch(`${sandbox.url}/_sandbox/posthog/project-tokens`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tokens }),
      });
    expect((await put(['phc_right'])).status).toBe(200);
    const refused = await post(`${sandbox.url}/e/`, { api_key: 'phc_wrong', batch: [event('lost')] });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'invalid_api_key' });
    expect((await post(`${sandbox.url}/e/`, { api_key: 'phc_right', batch: [event('kept')] })).status).toBe(200);
    await put([]);
    expect((await post(`${sandbox.url}/e/`, { api_key: 'phc_wrong', batch: [event('any')] })).status).toBe(200);
    expect(sandbox.received({ vendor: 'posthog' }).map((e) => [e.route, e.error])).toEqual([
      ['lost', 'rejected: invalid project API key (401)'],
      ['kept', undefined],
      ['any', undefined],
    ]);
  });
});
