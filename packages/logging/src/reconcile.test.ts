import { createChannel, type Visitor } from '@plinth/core';
import type { DatadogAdapter } from './adapter/datadog';
import { reconcile } from './reconcile';
import type { LogContext } from './types';

/** An SDK that holds a user and a global context, recording what it is told. */
function sdk(held: { user?: LogContext; context?: LogContext } = {}) {
  const calls: string[] = [];
  let user = held.user ?? {};
  let context = held.context ?? {};
  const adapter = {
    user: () => user,
    setUser: (next: LogContext) => {
      user = next;
      calls.push(`setUser ${JSON.stringify(next)}`);
    },
    clearUser: () => {
      user = {};
      calls.push('clearUser');
    },
    globalContext: () => context,
    setGlobalContext: (next: LogContext) => {
      context = next;
      calls.push(`setGlobalContext ${JSON.stringify(next)}`);
    },
  } as Partial<DatadogAdapter> as DatadogAdapter;
  return { adapter, calls };
}

/** The snapshots a channel's visitor goes through, from its first. */
function visitors(steps: ((channel: ReturnType<typeof createChannel>) => void)[]): Visitor[] {
  const channel = createChannel();
  return [
    channel.visitor.get(),
    ...steps.map((step) => {
      step(channel);
      return channel.visitor.get();
    }),
  ];
}

describe('reconcile (previous → next), without React', () => {
  it('at load, an anonymous or unknown visitor clears a user the SDK remembers, before anything else', () => {
    const [unknown, anonymous] = visitors([(c) => c.signedOut()]);
    for (const visitor of [unknown!, anonymous!]) {
      const remembers = sdk({ user: { id: 'gia' } });
      reconcile(remembers.adapter, visitor, undefined);
      expect(remembers.calls).toEqual(['clearUser']);
      const blank = sdk();
      reconcile(blank.adapter, visitor, undefined);
      expect(blank.calls).toEqual([]); // nothing remembered, nothing to tell
    }
  });

  it('at load, an identified visitor is the SDK user (attributes as user fields, the mapped subject over them)', () => {
    const [, , visitor] = visitors([
      (c) => c.signedIn({ id: 'u1', name: 'Ana', email: 'ana@example.com' }),
      (c) => c.visitor.update({ attributes: { plan: 'pro', id: 'app-id' } }),
    ]);
    const other = sdk({ user: { id: 'gia' } });
    reconcile(other.adapter, visitor!, undefined);
    expect(other.calls).toEqual(['setUser {"plan":"pro","id":"u1"}']); // the id only, by default
    const mapped = sdk();
    reconcile(mapped.adapter, visitor!, undefined, { user: (user) => ({ id: user.id, name: user.name }) });
    expect(mapped.calls).toEqual(['setUser {"plan":"pro","id":"u1","name":"Ana"}']);
    const same = sdk({ user: { plan: 'pro', id: 'u1' } });
    reconcile(same.adapter, visitor!, undefined);
    expect(same.calls).toEqual([]); // it holds her already
  });

  it('at load, the global context is the logger’s own context beneath the visitor’s properties, told when it differs', () => {
    const [, visitor] = visitors([(c) => c.visitor.update({ properties: { release: 'r2', app: 'admin' } })]);
    const held = sdk({ context: { stale: true } });
    reconcile(held.adapter, visitor!, undefined, { context: { app: 'shop', env: 'test' } });
    expect(held.calls).toEqual(['setGlobalContext {"app":"admin","env":"test","release":"r2"}']);
    const blank = sdk();
    reconcile(blank.adapter, visitors([])[0]!, undefined);
    expect(blank.calls).toEqual([]);
  });

  it('from one snapshot to the next: only what changed, a sign-out clears the user and the properties', () => {
    const [start, signedIn, withAttributes, withProperties, signedOut] = visitors([
      (c) => c.signedIn({ id: 'u1' }),
      (c) => c.visitor.update({ attributes: { plan: 'pro' } }),
      (c) => c.visitor.update({ properties: { release: 'r1' } }),
      (c) => c.signedOut(),
    ]);
    const { adapter, calls } = sdk();
    const steps = [start!, signedIn!, withAttributes!, withProperties!, signedOut!];
    steps.slice(1).forEach((next, i) => {
      reconcile(adapter, next, steps[i]);
    });
    expect(calls).toEqual([
      'setUser {"id":"u1"}',
      'setUser {"plan":"pro","id":"u1"}',
      'setGlobalContext {"release":"r1"}',
      'clearUser',
      'setGlobalContext {}',
    ]);
  });
});
