import { channel, createChannel } from './channel';
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
    c.signedOut();
    off();
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
