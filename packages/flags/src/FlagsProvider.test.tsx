import type { PlinthUser } from '@plinth/core';
import { afterNextPaint, channel } from '@plinth/core';
import { createTestConsent, recordChannel, resetChannel } from '@plinth/core/testing';
import { hydrateRoot } from 'react-dom/client';
import { act, render, screen } from '../../../tooling/render';
import type { AdapterOptions, LaunchDarklyAdapter } from './adapter/launchdarkly';
import { createLaunchDarkly } from './adapter/launchdarkly';
import { createFlags } from './createFlags';
import { FlagsProvider } from './FlagsProvider';
import { testFlags } from './test-flags';
import { useAllFlags } from './useAllFlags';
import { useFlag, useFlagDetails } from './useFlag';
import { useFlagsFailure, useFlagsStatus } from './useFlagsStatus';
import { useVariant } from './useVariant';

// The subject is Plinth's own logic (precedence, status, re-renders, exposures, identify): the SDK
// door is replaced by a controllable fake. The real SDK runs in the browser tests.
// The chunk's reconcile (`./reconcile`) is the real one; the visitor key a fixed one.
vi.mock('./adapter/launchdarkly', async () => ({
  ...(await import('./reconcile')),
  browserVisitorKey: () => 'visitor-key',
  createLaunchDarkly: vi.fn(),
}));

interface FakeSdk {
  options: AdapterOptions;
  /** The context the adapter evaluated at each open (the first, then every reopen) and identify, in order. */
  read: { at: 'open' | 'reopen' | 'identify'; context: unknown }[];
  adapter: LaunchDarklyAdapter & {
    identify: ReturnType<typeof vi.fn>;
    exposure: ReturnType<typeof vi.fn>;
    close: ReturnType<typeof vi.fn>;
    reopen: ReturnType<typeof vi.fn>;
  };
  resolve(): void;
  reject(error: unknown): void;
}

let sdks: FakeSdk[];

beforeEach(() => {
  sdks = [];
  vi.mocked(createLaunchDarkly).mockClear();
  vi.mocked(createLaunchDarkly).mockImplementation(
    (options) =>
      new Promise((resolve, reject) => {
        // As the real adapter: it starts on the context given, evaluates each context reconcile gives unless it is
        // the one evaluated, and while closed keeps it for the next reopen.
        let wanted = options.context;
        let evaluated = JSON.stringify(wanted);
        let closed = false;
        const read: FakeSdk['read'] = [{ at: 'open', context: wanted }];
        const adapter = {
          identify: vi.fn(async (context: unknown) => {
            wanted = context as typeof wanted;
            if (closed || JSON.stringify(context) === evaluated) return;
            evaluated = JSON.stringify(context);
            read.push({ at: 'identify', context });
          }),
          track: vi.fn(),
          exposure: vi.fn(),
          close: vi.fn(() => {
            closed = true;
          }),
          reopen: vi.fn(() => {
            closed = false;
            evaluated = JSON.stringify(wanted);
            read.push({ at: 'reopen', context: wanted });
          }),
        };
        sdks.push({ options, read, adapter, resolve: () => resolve(adapter), reject });
      }),
  );
  localStorage.clear();
});

afterEach(() => {
  resetChannel();
  vi.useRealTimers();
});

/**
 * Past the next paint, where core's loader starts the SDK (`afterNextPaint`; with fake timers, its 100 ms
 * stand-in), and the microtasks after it.
 */
const settle = () =>
  act(async () => {
    if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(100);
    else await new Promise<void>((resolve) => afterNextPaint(resolve));
  });

function Show({ name }: { name: 'new-checkout' | 'theme' | 'price-test' | 'fpImprovedUI' }) {
  const { value, source, reason } = useFlagDetails(name);
  return <output data-testid={name}>{`${JSON.stringify(value)} ${source} ${reason}`}</output>;
}

/** The theme as `useAllFlags` reads it. */
function AllThemes() {
  return <output>{useAllFlags().theme}</output>;
}

function Status() {
  return <output data-testid="status">{useFlagsStatus()}</output>;
}

const config = (extra: Partial<Parameters<typeof createFlags>[0]> = {}) => ({
  flags: testFlags,
  clientSideId: 'env-test',
  consent: createTestConsent({ functional: 'granted' }),
  ...extra,
});

describe('FlagsProvider', () => {
  it('first render: bootstrap, else cache (functional consent), else the default, never undefined', () => {
    localStorage.setItem('plinth.flags.env-test.anonymous', JSON.stringify({ theme: 'dark', 'new-checkout': true }));
    const seen: unknown[] = [];
    function First() {
      seen.push(useFlag('new-checkout'), useFlag('theme'), useFlag('price-test'));
      return null;
    }
    render(
      <FlagsProvider config={config({ bootstrap: { 'new-checkout': false } })}>
        <First />
        <Show name="new-checkout" />
        <Show name="theme" />
        <Show name="price-test" />
      </FlagsProvider>,
    );
    expect(seen.slice(0, 3)).toEqual([false, 'dark', 'control']);
    expect(seen).not.toContain(undefined);
    expect(screen.getByTestId('new-checkout').textContent).toBe('false bootstrap STATIC');
    expect(screen.getByTestId('theme').textContent).toBe('"dark" cache CACHED');
    expect(screen.getByTestId('price-test').textContent).toBe('"control" default DEFAULT');
  });

  it("hydrates HTML the server drew without this browser's cache (a bootstrap that failed: `{}`) without a mismatch, then shows the cached value", async () => {
    localStorage.setItem('plinth.flags.env-test.anonymous', JSON.stringify({ theme: 'dark' }));
    const container = document.createElement('div');
    // What the server sent: no cache there, and the bootstrap came back empty, so the catalogue default.
    container.innerHTML = '<output data-testid="theme">"light" default DEFAULT</output><output>light</output>';
    document.body.append(container);
    const recoverable: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(
        container,
        <FlagsProvider config={config({ bootstrap: {} })}>
          <Show name="theme" />
          <AllThemes />
        </FlagsProvider>,
        { onRecoverableError: (error) => recoverable.push(error) },
      ),
    );
    expect(recoverable).toEqual([]);
    // Hydrated as drawn, then the cache's value (functional consent) at once.
    expect(container.textContent).toBe('"dark" cache CACHEDdark');
    await act(async () => root.unmount());
    container.remove();
  });

  it('ignores the cache without functional consent', () => {
    localStorage.setItem('plinth.flags.env-test.anonymous', JSON.stringify({ theme: 'dark' }));
    render(
      <FlagsProvider config={config({ consent: createTestConsent({ functional: 'denied' }) })}>
        <Show name="theme" />
      </FlagsProvider>,
    );
    expect(screen.getByTestId('theme').textContent).toBe('"light" default DEFAULT');
  });

  it('StrictMode: one SDK client, one stream, values live once it answers; keys are never camelCased', async () => {
    render(
      <FlagsProvider config={config({ streaming: true })}>
        <Show name="fpImprovedUI" />
        <Status />
      </FlagsProvider>,
    );
    await settle();
    expect(createLaunchDarkly).toHaveBeenCalledTimes(1);
    expect(sdks[0]!.options.streaming).toBe(true);
    expect(screen.getByTestId('status').textContent).toBe('loading');
    act(() => sdks[0]!.options.onFlags({ fpImprovedUI: { value: true, reason: 'RULE_MATCH' } }));
    sdks[0]!.resolve();
    await settle();
    expect(screen.getByTestId('fpImprovedUI').textContent).toBe('true live RULE_MATCH');
    expect(screen.getByTestId('status').textContent).toBe('ready');
    expect(JSON.parse(localStorage.getItem('plinth.flags.env-test.anonymous')!)).toEqual({ fpImprovedUI: true });
  });

  it('closes the SDK on a real unmount, not on the StrictMode effect re-run', async () => {
    vi.useFakeTimers();
    const { unmount } = render(
      <FlagsProvider config={config()}>
        <Show name="theme" />
      </FlagsProvider>,
    );
    await settle();
    sdks[0]!.resolve();
    await settle();
    act(() => vi.runOnlyPendingTimers());
    expect(sdks[0]!.adapter.close).not.toHaveBeenCalled();
    unmount();
    act(() => vi.runOnlyPendingTimers());
    expect(sdks[0]!.adapter.close).toHaveBeenCalledTimes(1);
  });

  it('re-renders only the consumer of the flag that changed', async () => {
    const renders = { theme: 0, checkout: 0 };
    function Theme() {
      renders.theme += 1;
      return <span>{useFlag('theme')}</span>;
    }
    function Checkout() {
      renders.checkout += 1;
      return <span>{String(useFlag('new-checkout'))}</span>;
    }
    render(
      <FlagsProvider config={config()}>
        <Theme />
        <Checkout />
      </FlagsProvider>,
    );
    await settle();
    const before = { ...renders };
    act(() => sdks[0]!.options.onFlags({ theme: { value: 'dark', reason: 'FALLTHROUGH' } }));
    expect(screen.getByText('dark')).toBeTruthy();
    expect(renders.theme).toBeGreaterThan(before.theme);
    expect(renders.checkout).toBe(before.checkout);
    // The same value again re-renders nobody.
    const after = { ...renders };
    act(() => sdks[0]!.options.onFlags({ theme: { value: 'dark', reason: 'FALLTHROUGH' } }));
    expect(renders).toEqual(after);
  });

  it('useFlagsFailure says why once the status is timeout, mounted as in production (no StrictMode: the timers fire in creation order)', async () => {
    vi.useFakeTimers();
    function Failure() {
      return <output data-testid="failure">{useFlagsFailure()?.code ?? 'none'}</output>;
    }
    render(
      <FlagsProvider config={config()}>
        <Failure />
      </FlagsProvider>,
      { strict: false },
    );
    await settle();
    expect(screen.getByTestId('failure').textContent).toBe('none');
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.getByTestId('failure').textContent).toBe('timeout');
  });

  it('times out at 1.5 s by default, keeps bootstrap values, and takes a late answer', async () => {
    vi.useFakeTimers();
    render(
      <FlagsProvider config={config({ bootstrap: { theme: 'dark' } })}>
        <Show name="theme" />
        <Status />
      </FlagsProvider>,
    );
    await settle(); // 100 ms of the 1.5 s
    act(() => vi.advanceTimersByTime(1399));
    expect(screen.getByTestId('status').textContent).toBe('loading');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('status').textContent).toBe('timeout');
    expect(screen.getByTestId('theme').textContent).toBe('"dark" bootstrap STATIC');
    act(() => sdks[0]!.options.onFlags({ theme: { value: 'light', reason: 'FALLTHROUGH' } }));
    sdks[0]!.resolve();
    await settle();
    expect(screen.getByTestId('status').textContent).toBe('ready');
    expect(screen.getByTestId('theme').textContent).toBe('"light" live FALLTHROUGH');
  });

  it('a failed init keeps bootstrap values and reports failed, with no unhandled rejection', async () => {
    render(
      <FlagsProvider config={config({ bootstrap: { 'price-test': 'b' } })}>
        <Show name="price-test" />
        <Status />
      </FlagsProvider>,
    );
    await settle();
    sdks[0]!.reject(new Error('500'));
    await settle();
    expect(screen.getByTestId('status').textContent).toBe('failed');
    expect(screen.getByTestId('price-test').textContent).toBe('"b" bootstrap STATIC');
  });

  it('a refusal the adapter hears while starting (an unknown client-side ID) ends rejected once the SDK is there, loudly', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(
      <FlagsProvider config={config()}>
        <Status />
      </FlagsProvider>,
    );
    await settle();
    act(() =>
      sdks[0]!.options.rejected({ message: 'no such environment (HTTP 404): check `clientSideId`', httpStatus: 404 }),
    );
    expect(screen.getByTestId('status').textContent).toBe('loading'); // not loaded yet: nothing to refuse
    sdks[0]!.resolve();
    await settle();
    expect(screen.getByTestId('status').textContent).toBe('rejected');
    expect(warn).toHaveBeenCalledWith('[plinth] launchdarkly: no such environment (HTTP 404): check `clientSideId`');
    warn.mockRestore();
  });

  it.each(['pending', 'denied'] as const)('functional consent %s: the SDK is never loaded', async (decision) => {
    const consent = createTestConsent({ functional: decision });
    render(
      <FlagsProvider config={config({ consent })}>
        <Show name="theme" />
        <Status />
      </FlagsProvider>,
    );
    await settle();
    expect(createLaunchDarkly).not.toHaveBeenCalled();
    expect(screen.getByTestId('theme').textContent).toBe('"light" default DEFAULT');
    expect(screen.getByTestId('status').textContent).toBe(decision === 'denied' ? 'denied' : 'waiting-consent');
    // The positive sentinel: granting consent loads it.
    act(() => consent.grant('functional'));
    await settle();
    expect(createLaunchDarkly).toHaveBeenCalledTimes(1);
  });

  it('without a consent store (no `consent` in the config, no ConsentProvider) it throws consent_required', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      render(
        <FlagsProvider config={{ flags: testFlags, clientSideId: 'env-test' }}>
          <Show name="theme" />
        </FlagsProvider>,
      ),
    ).toThrow(expect.objectContaining({ source: 'config', code: 'consent_required' }));
    expect(createLaunchDarkly).not.toHaveBeenCalled();
  });

  it('revoking functional consent closes the SDK and clears the cache and the SDK storage', async () => {
    const consent = createTestConsent({ functional: 'granted' });
    render(
      <FlagsProvider config={config({ consent })}>
        <Show name="theme" />
      </FlagsProvider>,
    );
    await settle();
    act(() => sdks[0]!.options.onFlags({ theme: { value: 'dark', reason: 'FALLTHROUGH' } }));
    sdks[0]!.resolve();
    await settle();
    localStorage.setItem('ld:$anonUserId', 'abc');
    expect(localStorage.getItem('plinth.flags.env-test.anonymous')).not.toBeNull();
    act(() => consent.deny('functional'));
    expect(sdks[0]!.adapter.close).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('plinth.flags.env-test.anonymous')).toBeNull();
    expect(localStorage.getItem('ld:$anonUserId')).toBeNull();
  });

  it('granted again after a sign-out heard while denied (another tab): the SDK restarts on the anonymous context, never the signed-out user', async () => {
    const consent = createTestConsent({ functional: 'granted' });
    channel.signedIn({ id: 'carol' });
    render(
      <FlagsProvider config={config({ consent, userAttributes: { plan: 'pro' } })}>
        <Show name="theme" />
      </FlagsProvider>,
    );
    await settle();
    sdks[0]!.resolve();
    await settle();
    expect(sdks[0]!.read[0]).toEqual({ at: 'open', context: { kind: 'user', key: 'carol', plan: 'pro' } });
    act(() => consent.deny('functional'));
    act(() => channel.signedOut());
    const mark = sdks[0]!.read.length;
    act(() => consent.grant('functional'));
    await settle();
    // Restarted (the sentinel), on the context as it is now: anonymous, and without the signed-out user's attributes.
    const after = sdks[0]!.read.slice(mark);
    expect(after[0]).toEqual({ at: 'reopen', context: { kind: 'user', key: expect.any(String), anonymous: true } });
    expect(JSON.stringify(after)).not.toContain('carol');
    expect(JSON.stringify(after)).not.toContain('pro');
    expect(createLaunchDarkly).toHaveBeenCalledTimes(1);
  });

  it('a sign-out while the instance is stopped reaches its SDK at once (the loader follows core’s visitor): anonymous, her attributes and cache gone (issue 34)', async () => {
    channel.signedIn({ id: 'carol' });
    const flags = createFlags(config({ userAttributes: { plan: 'pro' } }));
    const first = render(
      <FlagsProvider instance={flags}>
        <Show name="theme" />
      </FlagsProvider>,
    );
    await settle();
    sdks[0]!.resolve();
    await settle();
    act(() => sdks[0]!.options.onFlags({ theme: { value: 'dark', reason: 'TARGET_MATCH' } }));
    expect(localStorage.getItem('plinth.flags.env-test.user:carol')).not.toBeNull(); // the sentinel
    first.unmount(); // the instance stops
    const mark = sdks[0]!.read.length;
    act(() => channel.signedOut()); // heard while stopped (another tab, an expiry)
    render(
      <FlagsProvider instance={flags}>
        <Show name="theme" />
      </FlagsProvider>,
    );
    await settle();
    expect(sdks[0]!.read.slice(mark)).toEqual([
      { at: 'identify', context: { kind: 'user', key: expect.any(String), anonymous: true } },
    ]);
    expect(localStorage.getItem('plinth.flags.env-test.user:carol')).toBeNull();
  });

  it('a restore that fails at start-up after an identified session: her cached values go, the SDK never evaluates her (issue 34)', async () => {
    localStorage.setItem('plinth.flags.env-test.user:carol', JSON.stringify({ theme: 'dark' })); // an earlier visit
    render(
      <FlagsProvider config={config()}>
        <Show name="theme" />
      </FlagsProvider>,
    );
    await settle();
    expect(screen.getByTestId('theme').textContent).toBe('"light" default DEFAULT'); // not hers, before auth settled
    act(() => channel.signedOut()); // the silent restore failed: nobody is signed in
    sdks[0]!.resolve();
    await settle();
    expect(localStorage.getItem('plinth.flags.env-test.user:carol')).toBeNull();
    expect(JSON.stringify(sdks[0]!.read)).not.toContain('carol');
    expect(sdks[0]!.read[0]).toEqual({
      at: 'open',
      context: { kind: 'user', key: expect.any(String), anonymous: true },
    });
  });

  it('identifies on signedIn (even when sign-in came first) and goes anonymous on signedOut', async () => {
    const user: PlinthUser = { id: 'u-1', email: 'ada@example.com', name: 'Ada' };
    channel.signedIn(user);
    render(
      <FlagsProvider config={config()}>
        <Show name="theme" />
      </FlagsProvider>,
    );
    await settle();
    // Signed in before the provider mounted: the SDK starts with the user's context (its id only).
    expect(sdks[0]!.read).toEqual([{ at: 'open', context: { kind: 'user', key: 'u-1' } }]);
    sdks[0]!.resolve();
    await settle();
    act(() => channel.signedOut());
    expect(sdks[0]!.read.at(-1)).toEqual({
      at: 'identify',
      context: { kind: 'user', key: expect.any(String), anonymous: true },
    });
    act(() => channel.signedIn({ id: 'u-2' }));
    expect(sdks[0]!.read.at(-1)).toEqual({ at: 'identify', context: { kind: 'user', key: 'u-2' } });
  });

  it("caches per context: a signed-in user's values are kept under that user, never read for another visitor, and go at sign-out", async () => {
    channel.signedIn({ id: 'u-1' });
    const first = createFlags(config());
    render(
      <FlagsProvider instance={first}>
        <Show name="theme" />
      </FlagsProvider>,
    );
    await settle();
    sdks[0]!.resolve();
    await settle();
    act(() => sdks[0]!.options.onFlags({ theme: { value: 'dark', reason: 'TARGET_MATCH' } }));
    expect(JSON.parse(localStorage.getItem('plinth.flags.env-test.user:u-1')!)).toEqual({ theme: 'dark' });
    expect(localStorage.getItem('plinth.flags.env-test.anonymous')).toBeNull();
    // Another visitor on this browser (nobody signed in yet): not u-1's values.
    act(() => channel.signedOut());
    expect(localStorage.getItem('plinth.flags.env-test.user:u-1')).toBeNull();
    first.stop();
    const next = createFlags(config());
    expect(next.details('theme')).toMatchObject({ value: 'light', source: 'default' });
  });
});

function Experiment() {
  return <output data-testid="variant">{useVariant('price-test')}</output>;
}

describe('useVariant', () => {
  it('counts no default, bootstrap or cached value, even once the status is final: only live assignments', async () => {
    vi.useFakeTimers();
    const recording = recordChannel();
    render(
      <FlagsProvider config={config({ bootstrap: { 'price-test': 'b' } })}>
        <Experiment />
      </FlagsProvider>,
    );
    await settle();
    expect(screen.getByTestId('variant').textContent).toBe('b'); // shown …
    act(() => vi.advanceTimersByTime(1500));
    expect(recording.of('exposure')).toEqual([]); // … never counted
    act(() => sdks[0]!.options.onFlags({ 'price-test': { value: 'a', reason: 'RULE_MATCH' } }));
    expect(recording.of('exposure')).toEqual([
      { type: 'exposure', flag: 'price-test', variant: 'a', context: { source: 'live' } },
    ]);
  });

  it('a value of the wrong type falls back to the default (TYPE_MISMATCH); a catalogue flag the service leaves out is FLAG_NOT_FOUND; each reported once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const recording = recordChannel();
    const flags = createFlags(config());
    render(
      <FlagsProvider instance={flags}>
        <Experiment />
      </FlagsProvider>,
    );
    await settle();
    act(() =>
      sdks[0]!.options.onFlags(
        { 'price-test': { value: 42, reason: 'FALLTHROUGH' }, theme: { value: 'dark', reason: 'FALLTHROUGH' } },
        true,
      ),
    );
    expect(flags.details('theme')).toMatchObject({ value: 'dark', source: 'live' }); // the sentinel
    expect(flags.details('price-test')).toEqual({
      value: 'control',
      reason: 'ERROR',
      source: 'default',
      errorCode: 'TYPE_MISMATCH',
    });
    expect(flags.details('new-checkout')).toMatchObject({
      value: false,
      reason: 'ERROR',
      errorCode: 'FLAG_NOT_FOUND',
    });
    expect(flags.errors()).toEqual({
      'price-test': 'TYPE_MISMATCH',
      'new-checkout': 'FLAG_NOT_FOUND',
      fpImprovedUI: 'FLAG_NOT_FOUND',
    });
    expect(screen.getByTestId('variant').textContent).toBe('control');
    expect(recording.of('exposure')).toEqual([]); // an error is no assignment
    act(() => sdks[0]!.options.onFlags({ 'price-test': { value: 43, reason: 'FALLTHROUGH' } }, true));
    expect(
      warn.mock.calls
        .map(([message]) =>
          String(message)
            .match(/"([\w-]+)".*\((\w+)\)/)
            ?.slice(1)
            .join(' '),
        )
        .sort(),
    ).toEqual([
      'fpImprovedUI FLAG_NOT_FOUND',
      'new-checkout FLAG_NOT_FOUND',
      'price-test TYPE_MISMATCH',
      'theme FLAG_NOT_FOUND',
    ]);
    warn.mockRestore();
    flags.stop();
  });

  it('counts one exposure per mount and variant under StrictMode, on the channel and with the SDK', async () => {
    const recording = recordChannel();
    const flags = createFlags(config());
    const { unmount } = render(
      <FlagsProvider instance={flags}>
        <Experiment />
      </FlagsProvider>,
    );
    await settle();
    // The default shown while loading is no assignment: not counted.
    expect(screen.getByTestId('variant').textContent).toBe('control');
    expect(recording.of('exposure')).toEqual([]);
    act(() => sdks[0]!.options.onFlags({ 'price-test': { value: 'a', reason: 'RULE_MATCH' } }));
    sdks[0]!.resolve();
    await settle();
    expect(screen.getByTestId('variant').textContent).toBe('a');
    expect(recording.of('exposure')).toEqual([
      { type: 'exposure', flag: 'price-test', variant: 'a', context: { source: 'live' } },
    ]);
    expect(sdks[0]!.adapter.exposure.mock.calls).toEqual([['price-test', 'a', 'control']]);
    // A new variant while mounted is a new exposure; the same one again is not.
    act(() => sdks[0]!.options.onFlags({ 'price-test': { value: 'b', reason: 'RULE_MATCH' } }));
    act(() => sdks[0]!.options.onFlags({ 'price-test': { value: 'b', reason: 'TARGET_MATCH' } }));
    expect(recording.of('exposure').map((e) => e.variant)).toEqual(['a', 'b']);
    unmount();
    render(
      <FlagsProvider instance={flags}>
        <Experiment />
      </FlagsProvider>,
    );
    await settle();
    expect(recording.of('exposure').map((e) => e.variant)).toEqual(['a', 'b', 'b']);
    expect(sdks[0]!.adapter.exposure).toHaveBeenCalledTimes(3);
    flags.stop();
  });
});
