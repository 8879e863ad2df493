// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReceivedRequest, type Sandbox, startSandbox } from '../src/index';
import { reader } from './support/sse';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true, heartbeatMs: 50 });
});

afterAll(async () => {
  await sandbox?.close();
});

const data = (block: string): ReceivedRequest => JSON.parse(/^data: (.*)$/m.exec(block)![1]!);

describe('/_sandbox/stream', () => {
  it('pushes each recorded request as a data: event with its id', async () => {
    const res = await fetch(`${sandbox.url}/_sandbox/stream`, { headers: { origin: 'http://127.0.0.1:5173' } });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    const events = reader(res);
    await events.next((block) => block.includes(': connected'));

    await fetch(`${sandbox.url}/live-one`, {
      method: 'POST',
      body: '{"n":1}',
      headers: { 'content-type': 'application/json' },
    });
    const block = await events.next((b) => b.includes('data: '));
    const entry = data(block);
    expect(entry).toMatchObject({ vendor: 'unmatched', path: '/live-one', body: { n: 1 }, status: 404 });
    expect(block).toMatch(new RegExp(`^id: ${entry.id}$`, 'm'));
    await events.cancel();
  });

  it('sends a heartbeat comment while idle', async () => {
    const events = reader(await fetch(`${sandbox.url}/_sandbox/stream`));
    await expect(events.next((block) => block === ': heartbeat')).resolves.toBe(': heartbeat');
    await events.cancel();
  });

  it('replays the backlog with ?backlog=1 and filters by vendor', async () => {
    sandbox.clear();
    await fetch(`${sandbox.url}/backlog-a`, { method: 'POST', body: 'a' });
    await fetch(`${sandbox.url}/oidc/token`, {
      method: 'POST',
      body: 'grant_type=nope',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const events = reader(await fetch(`${sandbox.url}/_sandbox/stream?backlog=1&vendor=oidc`));
    const first = data(await events.next((b) => b.includes('data: ')));
    expect(first).toMatchObject({ vendor: 'oidc', route: 'token', status: 400 });
    await fetch(`${sandbox.url}/ignored`, { method: 'POST', body: 'x' });
    await fetch(`${sandbox.url}/oidc/token/revocation`, {
      method: 'POST',
      body: 'token=abc',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const second = data(await events.next((b) => b.includes('data: ')));
    expect(second).toMatchObject({ vendor: 'oidc', route: 'revocation' });
    await events.cancel();
  });

  it('resumes after Last-Event-ID, as a reconnecting EventSource does', async () => {
    sandbox.clear();
    await fetch(`${sandbox.url}/r1`, { method: 'POST', body: '1' });
    await fetch(`${sandbox.url}/r2`, { method: 'POST', body: '2' });
    const [r1] = sandbox.received();
    const events = reader(
      await fetch(`${sandbox.url}/_sandbox/stream`, { headers: { 'last-event-id': String(r1!.id) } }),
    );
    expect(data(await events.next((b) => b.includes('data: '))).path).toBe('/r2');
    await events.cancel();
  });

  it('shows one page its own traffic: ?after=<page load time> on /received and /stream', async () => {
    await fetch(`${sandbox.url}/earlier-visit`, { method: 'POST', body: '1' });
    const earlier = sandbox.received().at(-1)!;
    // The next millisecond after the earlier visit was recorded: the "page load".
    while (Date.now() <= Date.parse(earlier.time)) await new Promise((resolve) => setImmediate(resolve));
    const pageLoad = Date.now();
    await fetch(`${sandbox.url}/this-visit`, { method: 'POST', body: '2' });

    const list = async (query: string) =>
      ((await (await fetch(`${sandbox.url}/_sandbox/received?${query}`)).json()) as ReceivedRequest[]).map(
        (entry) => entry.path,
      );
    // A positive sentinel: without the filter both are there.
    expect(await list('')).toEqual(expect.arrayContaining(['/earlier-visit', '/this-visit']));
    expect(await list(`after=${pageLoad}`)).toEqual(['/this-visit']);
    expect(await list(`after=${encodeURIComponent(new Date(pageLoad).toISOString())}`)).toEqual(['/this-visit']);
    expect(sandbox.received({ after: pageLoad }).map((entry) => entry.path)).toEqual(['/this-visit']);

    const events = reader(await fetch(`${sandbox.url}/_sandbox/stream?backlog=1&after=${pageLoad}`));
    expect(data(await events.next((b) => b.includes('data: '))).path).toBe('/this-visit');
    await fetch(`${sandbox.url}/live-after`, { method: 'POST', body: '3' });
    expect(data(await events.next((b) => b.includes('data: '))).path).toBe('/live-after');
    await events.cancel();
  });

  it('close() ends open streams instead of hanging', async () => {
    const other = await startSandbox({ port: 0, quiet: true });
    const res = await fetch(`${other.url}/_sandbox/stream`);
    const events = reader(res);
    await events.next((block) => block.includes(': connected'));
    await other.close();
    await expect(events.next(() => false)).rejects.toThrow(/stream ended|terminated/);
  });
});
