// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReceivedRequest, type Sandbox, startSandbox } from '../src/index';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true, heartbeatMs: 50 });
});

afterAll(async () => {
  await sandbox?.close();
});

/** Reads an SSE response incrementally: `next(predicate)` resolves with the first matching event or comment. */
function reader(res: Response) {
  const decoder = new TextDecoder();
  const stream = res.body!.getReader();
  let buffer = '';
  const blocks: string[] = [];
  return {
    async next(predicate: (block: string) => boolean, timeoutMs = 5000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = blocks.findIndex(predicate);
        if (index >= 0) return blocks.splice(0, index + 1).pop()!;
        if (Date.now() > deadline) throw new Error(`no matching event; saw ${JSON.stringify(blocks)}`);
        const { value, done } = await stream.read();
        if (done) throw new Error('stream ended');
        buffer += decoder.decode(value, { stream: true });
        const parts = buffer.split('\n\n');
        buffer = parts.pop()!;
        blocks.push(...parts);
      }
    },
    cancel: () => stream.cancel(),
  };
}

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

  it('close() ends open streams instead of hanging', async () => {
    const other = await startSandbox({ port: 0, quiet: true });
    const res = await fetch(`${other.url}/_sandbox/stream`);
    const events = reader(res);
    await events.next((block) => block.includes(': connected'));
    await other.close();
    await expect(events.next(() => false)).rejects.toThrow(/stream ended|terminated/);
  });
});
