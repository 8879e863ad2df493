import { PlinthError } from '@plinth/core';
// @vitest-environment node
import { recordChannel, resetChannel } from '@plinth/core/testing';
import { AuthError } from './AuthError';
import { createSession, type SessionDeps } from './session';
import type { AuthSession, OidcAdapter } from './types';

// The session state machine alone: no React, no URL, no BroadcastChannel; time is Vitest's fake clock.
const T0 = Date.UTC(2026, 0, 1, 12);
const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;
const session = (over: Partial<AuthSession> = {}): AuthSession => ({
  claims: { sub: 'u-1', name: 'Ada Lovelace', email: 'ada@example.com' },
  accessToken: 'at-1',
  expiresAt: inSeconds(600),
  ...over,
});

/** A renewal that answers when the test says so (`late.resolve(session)`). */
function lateRenewal() {
  const late = { resolve: (_next: AuthSession) => {} };
  const renew = vi.fn(() => new Promise<AuthSession>((resolve) => (late.resolve = resolve)));
  return { late, renew };
}

function setup(over: Partial<OidcAdapter> = {}, depsOver: Partial<SessionDeps> = {}) {
  const order: string[] = [];
  const adapter = {
    signIn: vi.fn(async () => {}),
    callback: vi.fn(async () => session()),
    silentCallback: vi.fn(async () => {}),
    current: vi.fn(async () => null),
    renew: vi.fn(async () => session({ accessToken: 'at-renewed', expiresAt: inSeconds(600) })),
    revoke: vi.fn(async () => {
      order.push('revoke');
      return true;
    }),
    endSession: vi.fn(async () => true),
    forget: vi.fn(async () => {
      order.push('forget');
    }),
    ...over,
  } satisfies OidcAdapter;
  const lock = vi.fn((fn: () => Promise<unknown>) => fn());
  const deps = {
    renewBeforeSeconds: 60,
    load: vi.fn(async () => adapter as OidcAdapter),
    loaded: vi.fn(async () => adapter as OidcAdapter),
    loadFailure: () => undefined,
    lock: lock as SessionDeps['lock'],
    mark: vi.fn(),
    ...depsOver,
  };
  return { adapter, deps, lock, order, machine: createSession(deps, 'loading') };
}

let recording: ReturnType<typeof recordChannel>;
beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  resetChannel();
  recording = recordChannel();
});
afterEach(() => {
  recording.stop();
  vi.useRealTimers();
});

describe('session state machine', () => {
  it('signedIn: state, marker, one announcement per user (not again on a renewal)', async () => {
    const { machine, deps } = setup();
    const seen: string[] = [];
    machine.subscribe(() => seen.push(machine.getState().status));
    machine.signedIn(session({ scope: 'openid email' }));
    expect(machine.getState()).toEqual({
      status: 'signedIn',
      user: { id: 'u-1', name: 'Ada Lovelace', email: 'ada@example.com', claims: session().claims },
      error: null,
      expiresAt: inSeconds(600),
      scope: 'openid email',
    });
    expect(deps.mark).toHaveBeenCalledWith(true);
    machine.signedIn(session({ accessToken: 'at-2' }));
    expect(recording.of('signedIn')).toHaveLength(1);
    expect(seen).toEqual(['signedIn', 'signedIn']);
  });

  it('renews at expiry minus renewBeforeSeconds while started, never before, and not after stop()', async () => {
    const { machine, adapter } = setup();
    machine.start();
    machine.signedIn(session({ expiresAt: inSeconds(600) }));
    await vi.advanceTimersByTimeAsync(539_000); // 61 s left: not yet
    expect(adapter.renew).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000); // 60 s left
    expect(adapter.renew).toHaveBeenCalledTimes(1);
    expect(machine.getState().status).toBe('signedIn');
    expect(machine.current().accessToken).toBe('at-renewed');

    // Stopped (an unmount): the next renewal is not scheduled; start() schedules it again.
    machine.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(adapter.renew).toHaveBeenCalledTimes(1);
    machine.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(adapter.renew).toHaveBeenCalledTimes(2); // overdue: at once
  });

  it('the lead is at most a third of the token lifetime', async () => {
    const { machine, adapter } = setup();
    machine.start();
    machine.signedIn(session({ expiresAt: inSeconds(90) })); // lead 30 s, not 60
    await vi.advanceTimersByTimeAsync(59_000);
    expect(adapter.renew).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(adapter.renew).toHaveBeenCalledTimes(1);
  });

  it('concurrent renewals share one flight, under the lock', async () => {
    const { machine, adapter, lock } = setup();
    machine.signedIn(session());
    const [a, b] = await Promise.all([machine.renew(), machine.renew()]);
    expect(a).toBe(b);
    expect(adapter.renew).toHaveBeenCalledTimes(1);
    expect(lock).toHaveBeenCalledTimes(1);
  });

  it('a renewal that fails while the token is valid: still signedIn with the error, reported, expired at expiresAt', async () => {
    const refused = Object.assign(new Error('login_required'), { error: 'login_required' });
    const { machine, order } = setup({ renew: vi.fn(async () => Promise.reject(refused)) });
    machine.start();
    machine.signedIn(session({ expiresAt: inSeconds(600) }));
    await expect(machine.renew()).rejects.toMatchObject({ source: 'renew', code: 'login_required' });
    expect(machine.getState()).toMatchObject({ status: 'signedIn', error: { code: 'login_required' } });
    expect(recording.of('report').map((r) => r.level)).toEqual(['warn']);
    await vi.advanceTimersByTimeAsync(599_000);
    expect(machine.getState().status).toBe('signedIn');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(machine.getState()).toMatchObject({
      status: 'sessionExpired',
      user: null,
      error: { code: 'login_required' },
    });
    expect(recording.of('signedOut')).toHaveLength(1);
    expect(order).toEqual(['forget']);
  });

  it.each([
    ['a bad signature', 'invalid_id_token'],
    ['an issuer of another tenant (Entra)', 'issuer_mismatch'],
  ] as const)('a refused ID token on renewal (%s) ends the session at once', async (why, code) => {
    const refused = new AuthError(`renew: ${why}`, { source: 'renew', code });
    const { machine } = setup({ renew: vi.fn(async () => Promise.reject(refused)) });
    machine.signedIn(session());
    await expect(machine.renew()).rejects.toBe(refused);
    expect(machine.getState()).toMatchObject({ status: 'sessionExpired', error: refused });
  });

  it('a sign-out during a renewal stands: the late tokens are revoked and forgotten, callers get signed_out', async () => {
    const { late, renew } = lateRenewal();
    const { machine, order } = setup({ renew });
    machine.signedIn(session());
    const renewal = machine.renew();
    await vi.advanceTimersByTimeAsync(0);
    machine.signedOut('signedOut', null);
    late.resolve(session({ accessToken: 'at-late' }));
    await expect(renewal).rejects.toMatchObject({ code: 'signed_out' });
    expect(machine.getState()).toMatchObject({ status: 'signedOut', user: null, error: null });
    expect(order).toEqual(['revoke', 'forget']);
    expect(recording.of('signedIn')).toHaveLength(1);
    expect(() => machine.current()).toThrow(expect.objectContaining({ code: 'signed_out' }));
  });

  it("another tab's sign-out while signed out here still stops a restore under way from signing back in", async () => {
    const { late, renew } = lateRenewal();
    const { machine, order } = setup({ renew });
    machine.set({ status: 'signedOut' });
    machine.otherTabSignedIn(); // "No, stay signed in" elsewhere: follow…
    await vi.advanceTimersByTimeAsync(0);
    machine.otherTabSignedOut(); // …but a sign-out comes first
    late.resolve(session({ accessToken: 'at-late' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(machine.getState().status).toBe('signedOut');
    expect(order).toEqual(['revoke', 'forget']);
    expect(recording.of('signedIn')).toEqual([]);
  });

  it("another tab's sign-out signs this tab out and drops its own tokens", async () => {
    const { machine, order } = setup();
    machine.signedIn(session());
    machine.otherTabSignedOut();
    expect(machine.getState().status).toBe('signedOut');
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['revoke', 'forget']);
    expect(recording.of('signedOut')).toHaveLength(1);
  });

  it('restore: signed in from the store or a silent renewal; else quietly signed out (reported unless signed out here)', async () => {
    const ok = setup();
    await ok.machine.restore();
    expect(ok.machine.getState().status).toBe('signedIn');

    const refused = Object.assign(new Error('login_required'), { error: 'login_required' });
    const gone = setup({ renew: vi.fn(async () => Promise.reject(refused)) });
    await gone.machine.restore();
    expect(gone.machine.getState()).toMatchObject({ status: 'signedOut', error: null });
    expect(gone.deps.mark).toHaveBeenLastCalledWith(false);
    expect(recording.of('report')).toEqual([
      expect.objectContaining({ level: 'info', context: { reason: 'login_required' } }),
    ]);

    const back = setup({ renew: vi.fn(async () => Promise.reject(refused)) });
    await back.machine.restore(true);
    expect(back.machine.getState().status).toBe('signedOut');
    expect(recording.of('report')).toHaveLength(1);
  });

  it("a restore that fails at start-up settles the page's visitor anonymous, though this tab was never signed in (issue 34)", async () => {
    const { channel } = await import('@plinth/core');
    expect(channel.visitor.get().subject.kind).toBe('unknown');
    const refused = Object.assign(new Error('login_required'), { error: 'login_required' });
    const gone = setup({ renew: vi.fn(async () => Promise.reject(refused)) });
    await gone.machine.restore();
    expect(channel.visitor.get().subject).toEqual({ kind: 'anonymous' });
    expect(recording.of('signedOut')).toEqual([]); // nobody was signed in: no sign-out is announced

    // Another tab's sign-out, or an expiry, while this tab never was signed in: anonymous too.
    resetChannel();
    setup().machine.otherTabSignedOut();
    expect(channel.visitor.get().subject).toEqual({ kind: 'anonymous' });
  });

  it('the adapter that cannot be loaded fails as every loader does: source loader, its code, the step named', async () => {
    const blocked = new PlinthError('auth: blocked', { source: 'loader', code: 'blocked' });
    const { machine } = setup({}, { load: vi.fn(async () => undefined), loadFailure: () => blocked });
    await expect(machine.adapter('signIn')).rejects.toMatchObject({
      name: 'AuthError',
      source: 'loader',
      code: 'blocked',
      message: 'signIn: the sign-in library could not be loaded',
      cause: blocked,
    });
    const other = setup({}, { load: vi.fn(async () => undefined), loadFailure: () => new Error('init threw') });
    await expect(other.machine.adapter('renew')).rejects.toMatchObject({ source: 'loader', code: 'failed' });
  });

  it('accessToken(): the current token while outside the lead, else one renewal', async () => {
    const { machine, adapter } = setup();
    machine.signedIn(session({ expiresAt: inSeconds(600) }));
    expect(await machine.accessToken(machine.current())).toBe('at-1');
    vi.setSystemTime(Date.now() + 541_000);
    expect(await machine.accessToken(machine.current())).toBe('at-renewed');
    expect(adapter.renew).toHaveBeenCalledTimes(1);
  });
});
