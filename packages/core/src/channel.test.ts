import { channel, createChannel, userOf } from './channel';
import { isPlinthError } from './error';
import { recordChannel, resetChannel } from './testing';

describe('session channel', () => {
  it('delivers each event to the listeners of its type, in order, with its payload', () => {
    const c = createChannel();
    const reports: string[] = [];
    const all: string[] = [];
    c.on('report', (e) => reports.push(`${e.level}:${e.message}:${JSON.stringify(e.context)}`));
    c.onAny((e) => all.push(e.type));
    c.signedIn({ id: 'u1' });
    c.report('warn', 'missing', { type: 'x' });
    c.exposure('price-test', 'control');
    c.exception(new Error('boom'), { area: 'checkout' });
    c.signedOut();
    expect(reports).toEqual(['warn:missing:{"type":"x"}']);
    expect(all).toEqual(['signedIn', 'report', 'exposure', 'exception', 'signedOut']);
  });

  it('unsubscribes', () => {
    const c = createChannel();
    const seen = vi.fn();
    const off = c.on('signedOut', seen);
    c.signedIn({ id: 'u1' });
    c.signedOut();
    off();
    c.signedIn({ id: 'u1' });
    c.signedOut();
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('isolates a throwing listener from the others and from the emitter', () => {
    const c = createChannel();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const after = vi.fn();
    c.on('signedOut', () => {
      throw new Error('listener bug');
    });
    c.on('signedOut', after);
    c.signedIn({ id: 'u1' });
    expect(() => c.signedOut()).not.toThrow();
    expect(after).toHaveBeenCalledOnce();
    expect(error).toHaveBeenCalledOnce();
  });

  it('reportOnce reports a key once until resetChannel', () => {
    const c = createChannel();
    const seen = vi.fn();
    c.on('report', seen);
    c.reportOnce('k', 'warn', 'a');
    c.reportOnce('k', 'warn', 'a');
    c.reportOnce('other', 'info', 'b');
    expect(seen).toHaveBeenCalledTimes(2);
    resetChannel(c);
    c.report('info', 'to nobody');
    expect(seen).toHaveBeenCalledTimes(2); // listeners are gone too
    c.on('report', seen);
    c.reportOnce('k', 'warn', 'a');
    expect(seen).toHaveBeenCalledTimes(3); // the key was forgotten
  });

  it('the page channel is one instance even across module copies (globalThis registry)', async () => {
    vi.resetModules();
    const again = await import('./channel'); // a fresh module instance after resetModules
    expect(again.channel).toBe(channel);
  });

  it("a module copy's reset reaches the page channel the first copy made (shared test workers, two copies of core)", async () => {
    const seen = vi.fn();
    channel.on('report', seen);
    channel.visitor.update({ attributes: { plan: 'pro' } });
    vi.resetModules();
    const again = await import('./channel');
    again.resetChannelState(again.channel);
    expect(channel.visitor.get().attributes).toEqual({});
    channel.report('info', 'to nobody');
    expect(seen).not.toHaveBeenCalled();
  });

  it('recordChannel records and stops', () => {
    const c = createChannel();
    const rec = recordChannel(c);
    c.exposure('f', 'v');
    rec.stop();
    c.exposure('f', 'w');
    expect(rec.of('exposure')).toEqual([{ type: 'exposure', flag: 'f', variant: 'v', context: {} }]);
  });

  it('keeps the session: a late listener learns who is signed in with replay', () => {
    const c = createChannel();
    expect(c.session()).toBeNull();
    c.signedIn({ id: 'u1', name: 'Ada' });
    expect(c.session()).toEqual({ user: { id: 'u1', name: 'Ada' } });
    const late = vi.fn();
    const lateNoReplay = vi.fn();
    c.on('signedIn', late, { replay: true });
    c.on('signedIn', lateNoReplay);
    expect(late).toHaveBeenCalledWith({ type: 'signedIn', user: { id: 'u1', name: 'Ada' } });
    expect(lateNoReplay).not.toHaveBeenCalled();
    c.signedOut();
    expect(c.session()).toBeNull();
    const afterOut = vi.fn();
    c.on('signedIn', afterOut, { replay: true });
    c.signedIn({ id: 'u2' });
    expect(afterOut).toHaveBeenCalledOnce(); // only the live event: nobody was signed in at subscription
    expect(late).toHaveBeenCalledTimes(2);
  });

  it('emit carries events a package added to the map', () => {
    const c = createChannel();
    const rec = recordChannel(c);
    c.emit('report', { level: 'info', message: 'm', context: {} });
    expect(rec.events).toEqual([{ type: 'report', level: 'info', message: 'm', context: {} }]);
  });

  it('resetChannel forgets the session', () => {
    const c = createChannel();
    c.signedIn({ id: 'u1' });
    resetChannel(c);
    expect(c.session()).toBeNull();
  });
});

describe('the visitor (who is here)', () => {
  const kinds = (c: ReturnType<typeof createChannel>) => c.visitor.get().subject.kind;

  it('starts unknown, version 0, and follows signedIn/signedOut with a version per change', () => {
    const c = createChannel();
    expect(c.visitor.get()).toMatchObject({ subject: { kind: 'unknown' }, version: 0, person: 0 });
    c.signedOut(); // auth settled: nobody is signed in, though this tab never was
    expect(c.visitor.get()).toMatchObject({ subject: { kind: 'anonymous' }, version: 1, person: 0 });
    c.signedIn({ id: 'u1', name: 'Ada' });
    expect(c.visitor.get()).toEqual({
      subject: { kind: 'identified', user: { id: 'u1', name: 'Ada' } },
      attributes: {},
      groups: {},
      properties: {},
      person: 0,
      version: 2,
    });
    expect(userOf(c.visitor.get())).toEqual({ id: 'u1', name: 'Ada' });
    c.signedOut();
    expect(kinds(c)).toBe('anonymous');
    expect(c.visitor.get().version).toBe(3);
    expect(userOf(c.visitor.get())).toBeNull();
  });

  it('a change is a new snapshot; the same state again is no change', () => {
    const c = createChannel();
    c.signedIn({ id: 'u1' });
    const first = c.visitor.get();
    c.signedIn({ id: 'u1' }); // a renewal, a second provider
    expect(c.visitor.get()).toBe(first);
    c.signedIn({ id: 'u1', name: 'Ada' }); // new claims: a change
    expect(c.visitor.get()).not.toBe(first);
    expect(first.subject).toEqual({ kind: 'identified', user: { id: 'u1' } }); // never mutated
    c.signedOut();
    const out = c.visitor.get();
    c.signedOut();
    expect(c.visitor.get()).toBe(out);
  });

  it('subscribe hears each change with the previous snapshot, and unsubscribes', () => {
    const c = createChannel();
    const seen: string[] = [];
    const off = c.visitor.subscribe((next, previous) =>
      seen.push(`${previous.subject.kind}@${previous.version}→${next.subject.kind}@${next.version}`),
    );
    c.signedOut();
    c.signedIn({ id: 'u1' });
    c.signedIn({ id: 'u1' });
    c.signedIn({ id: 'u2' });
    c.signedOut();
    off();
    c.signedIn({ id: 'u3' });
    expect(seen).toEqual([
      'unknown@0→anonymous@1',
      'anonymous@1→identified@2',
      'identified@2→identified@3',
      'identified@3→anonymous@4',
    ]);
  });

  it('session() is the identified user, one object per snapshot', () => {
    const c = createChannel();
    c.signedOut();
    expect(c.session()).toBeNull();
    c.signedIn({ id: 'u1' });
    const session = c.session();
    expect(session).toEqual({ user: { id: 'u1' } });
    c.signedIn({ id: 'u1' });
    expect(c.session()).toBe(session);
  });

  it('announces signedOut only when someone was signed in (settling anonymous at start-up is not a sign-out)', () => {
    const c = createChannel();
    const rec = recordChannel(c);
    c.signedOut();
    c.signedIn({ id: 'u1' });
    c.signedOut();
    c.signedOut();
    expect(rec.events.map((e) => e.type)).toEqual(['signedIn', 'signedOut']);
  });

  it('settled() resolves once auth settles, at once when it has, or at the timeout as it is', async () => {
    vi.useFakeTimers();
    try {
      const c = createChannel();
      const waiting = vi.fn();
      void c.visitor.settled(1000).then(waiting);
      await vi.advanceTimersByTimeAsync(500);
      expect(waiting).not.toHaveBeenCalled();
      c.signedIn({ id: 'u1' });
      await vi.advanceTimersByTimeAsync(0);
      expect(waiting).toHaveBeenCalledWith(c.visitor.get());
      await expect(c.visitor.settled()).resolves.toBe(c.visitor.get());

      const other = createChannel();
      const late = vi.fn();
      void other.visitor.settled(1000).then(late);
      await vi.advanceTimersByTimeAsync(999);
      expect(late).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(late).toHaveBeenCalledWith(expect.objectContaining({ subject: { kind: 'unknown' }, version: 0 }));
    } finally {
      vi.useRealTimers();
    }
  });

  it('the app writes attributes, groups and event properties: one version per update, none when nothing changes', () => {
    const c = createChannel();
    const seen = vi.fn();
    c.visitor.subscribe(seen);
    c.visitor.update({
      attributes: { plan: 'pro' },
      groups: { organization: { key: 'acme' } },
      properties: { app: '2.1' },
    });
    expect(c.visitor.get()).toMatchObject({
      attributes: { plan: 'pro' },
      groups: { organization: { key: 'acme' } },
      properties: { app: '2.1' },
      version: 1,
    });
    const first = c.visitor.get();
    c.visitor.update({ attributes: { plan: 'pro' }, groups: { team: null } }); // the same values: no change
    expect(c.visitor.get()).toBe(first);
    c.visitor.update({ attributes: { plan: null, beta: true }, groups: { organization: null } });
    expect(c.visitor.get()).toMatchObject({ attributes: { beta: true }, groups: {}, version: 2 });
    expect(seen).toHaveBeenCalledTimes(2);
    expect(Object.isFrozen(c.visitor.get().attributes)).toBe(true);
  });

  it('a group without a key throws a typed error and applies nothing of the update', () => {
    const c = createChannel();
    let thrown: unknown;
    try {
      c.visitor.update({ attributes: { plan: 'pro' }, groups: { organization: { key: '' } } });
    } catch (error) {
      thrown = error;
    }
    expect(isPlinthError(thrown) && [thrown.source, thrown.code]).toEqual(['config', 'visitor_group']);
    expect(c.visitor.get().version).toBe(0);
  });

  it('what the app said of a person leaves with them: emptied at their sign-out or another user, kept into a sign-in', () => {
    const c = createChannel();
    c.signedOut();
    c.visitor.update({ attributes: { plan: 'free' }, properties: { app: '2.1' } });
    c.signedIn({ id: 'ada' }); // the anonymous visitor signs in: the same person
    expect(c.visitor.get()).toMatchObject({ attributes: { plan: 'free' }, properties: { app: '2.1' }, person: 0 });
    c.visitor.update({ groups: { organization: { key: 'acme' } } });
    c.signedIn({ id: 'ada', name: 'Ada' }); // the same user, new claims: still her
    expect(c.visitor.get()).toMatchObject({ groups: { organization: { key: 'acme' } }, person: 0 });
    c.signedIn({ id: 'bob' }); // another user without a sign-out between
    expect(c.visitor.get()).toMatchObject({ attributes: {}, groups: {}, properties: {}, person: 1 });
    c.visitor.update({ attributes: { plan: 'pro' } });
    c.signedOut();
    expect(c.visitor.get()).toMatchObject({ subject: { kind: 'anonymous' }, attributes: {}, person: 2 });
  });

  it('resetChannel forgets the visitor and its listeners', () => {
    const c = createChannel();
    const seen = vi.fn();
    c.visitor.subscribe(seen);
    c.signedIn({ id: 'u1' });
    resetChannel(c);
    expect(c.visitor.get()).toMatchObject({ subject: { kind: 'unknown' }, version: 0, person: 0 });
    c.signedOut();
    expect(seen).toHaveBeenCalledOnce();
  });
});
