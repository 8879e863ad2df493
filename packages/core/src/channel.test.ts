import { channel, createChannel } from './channel';
import { recordChannel } from './testing';

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

  it('reportOnce reports a key once until reset', () => {
    const c = createChannel();
    const seen = vi.fn();
    c.on('report', seen);
    c.reportOnce('k', 'warn', 'a');
    c.reportOnce('k', 'warn', 'a');
    c.reportOnce('other', 'info', 'b');
    expect(seen).toHaveBeenCalledTimes(2);
    c.reset();
    c.on('report', seen);
    c.reportOnce('k', 'warn', 'a');
    expect(seen).toHaveBeenCalledTimes(3);
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
    expect(rec.of('exposure')).toEqual([{ type: 'exposure', flag: 'f', variant: 'v' }]);
  });
});
