import { createSessionMirror } from './sessionId';

describe('the session-id mirror', () => {
  it('shows what posthog-js reported only while the SDK is usable, telling listeners once per change', () => {
    let usable = false;
    const mirror = createSessionMirror(() => usable);
    const heard: (string | undefined)[] = [];
    const off = mirror.subscribe((id) => heard.push(id));
    mirror.report('s1'); // reported before the status says ready
    expect(mirror.current()).toBeUndefined();
    usable = true;
    mirror.sync();
    mirror.sync(); // no change: no call
    expect(mirror.current()).toBe('s1');
    mirror.report('s2'); // an idle renewal or a reset
    usable = false; // revoked
    mirror.sync();
    off();
    usable = true;
    mirror.sync();
    expect(heard).toEqual(['s1', 's2', undefined]);
    expect(mirror.current()).toBe('s2');
  });

  it('a throwing listener is contained: the others still hear', () => {
    const mirror = createSessionMirror(() => true);
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const heard: (string | undefined)[] = [];
    mirror.subscribe(() => {
      throw new Error('listener failed');
    });
    mirror.subscribe((id) => heard.push(id));
    mirror.report('s1');
    expect(heard).toEqual(['s1']);
    expect(quiet).toHaveBeenCalledOnce();
    quiet.mockRestore();
  });
});
