import { claimAutoSignIn, LOOP_WINDOW_MS, withTabLock } from './storage';

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('loop guard', () => {
  it('allows one automatic sign-in per 30 s per tab, kept in sessionStorage', () => {
    const t = 1_000_000;
    expect(claimAutoSignIn(t)).toBe(true);
    expect(sessionStorage.getItem('plinth.auth.autoSignInAt')).toBe(String(t));
    expect(claimAutoSignIn(t + 1)).toBe(false);
    expect(claimAutoSignIn(t + LOOP_WINDOW_MS - 1)).toBe(false);
    expect(claimAutoSignIn(t + LOOP_WINDOW_MS)).toBe(true);
  });

  it('a clock set back does not block sign-in forever', () => {
    expect(claimAutoSignIn(2_000_000)).toBe(true);
    expect(claimAutoSignIn(1_000_000)).toBe(true);
  });
});

describe('withTabLock without Web Locks (localStorage lease)', () => {
  it('runs holders one at a time and releases the lease', async () => {
    expect(navigator.locks).toBeUndefined(); // jsdom: the fallback is what runs here
    const order: string[] = [];
    let release!: () => void;
    const first = withTabLock('l', async () => {
      order.push('first:start');
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      order.push('first:end');
      return 1;
    });
    await vi.waitFor(() => expect(order).toEqual(['first:start']));
    const second = withTabLock('l', async () => {
      order.push('second');
      return 2;
    });
    expect(localStorage.getItem('plinth.auth.lock')).not.toBeNull();
    release();
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(order).toEqual(['first:start', 'first:end', 'second']);
    expect(localStorage.getItem('plinth.auth.lock')).toBeNull();
  });

  it('uses navigator.locks when present', async () => {
    const request = vi.fn((_name: string, fn: () => Promise<unknown>) => fn());
    vi.stubGlobal('navigator', { locks: { request } });
    expect(await withTabLock('plinth.auth.renew:x', async () => 'ok')).toBe('ok');
    expect(request).toHaveBeenCalledWith('plinth.auth.renew:x', expect.any(Function));
  });
});
