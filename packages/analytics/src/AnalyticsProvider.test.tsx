import { channel, ErrorBoundary } from '@plinth/core';
import { createTestConsent, resetChannel } from '@plinth/core/testing';
import { act, render, screen, waitFor } from '../../../tooling/render';
import { AnalyticsProvider } from './AnalyticsProvider';
import type { PosthogAdapter } from './adapter/types';
import { createAnalytics } from './createAnalytics';
import { useAnalytics, useAnalyticsFailure, useAnalyticsStatus } from './useAnalytics';

// The subject is Plinth's own logic (queue, consent, page views, channel): the adapter is replaced
// by a recording adapter. The real posthog-js is exercised by the browser tests.
const fake = vi.hoisted(() => {
  const calls: { method: string; args: unknown[] }[] = [];
  const loads: unknown[] = [];
  /** A recording adapter that keeps what posthog-js keeps in memory: who is identified, the groups. */
  const adapter = (remembered?: string) => {
    const record =
      (method: string) =>
      (...args: unknown[]) => {
        calls.push({ method, args });
      };
    let identified = remembered;
    let groups: Record<string, string> = {};
    let paused = false;
    return {
      capture: record('capture'),
      captureException: record('captureException'),
      identify: (id: string, set?: object) => {
        record('identify')(id, set);
        identified = id;
      },
      setPersonProperties: record('setPersonProperties'),
      unsetPersonProperties: record('unsetPersonProperties'),
      alias: record('alias'),
      groups: () => groups,
      group: (type: string, key: string, properties?: object) => {
        record('group')(type, key, properties);
        groups = { ...groups, [type]: key };
      },
      ungroup: (type: string) => {
        record('ungroup')(type);
        const { [type]: _, ...rest } = groups;
        groups = rest;
      },
      register: record('register'),
      unregister: record('unregister'),
      distinctId: () => identified ?? 'distinct-1',
      identifiedId: () => identified,
      sessionId: () => 'session-1',
      subscribeSessionId: () => () => {},
      subscribeSurveys: () => () => {},
      leavePage: record('leavePage'),
      reset: () => {
        record('reset')();
        identified = undefined;
        groups = {};
      },
      pause: () => {
        paused = true;
        record('pause')();
      },
      resume: () => {
        if (paused) record('resume')();
        paused = false;
      },
    };
  };
  return { calls, loads, adapter, fail: undefined as Error | undefined };
});

vi.mock('./adapter/posthog', () => ({
  loadPosthog: async (config: unknown, hooks: { started?(adapter: PosthogAdapter): void }): Promise<PosthogAdapter> => {
    fake.loads.push({ config, hooks });
    if (fake.fail) throw fake.fail;
    const adapter = fake.adapter();
    hooks.started?.(adapter);
    return adapter;
  },
}));

const captured = () =>
  fake.calls
    .filter((c) => c.method === 'capture')
    .map((c) => ({ event: c.args[0], properties: c.args[1] as Record<string, unknown>, options: c.args[2] }));
const methods = () => fake.calls.map((c) => (c.method === 'capture' ? `capture:${c.args[0]}` : c.method));

afterEach(async () => {
  // The page changes its title: a page view still waiting for one is sent now, not into the next test.
  document.title = 'Left';
  await new Promise((resolve) => setTimeout(resolve, 0));
});

beforeEach(() => {
  fake.calls.length = 0;
  fake.loads.length = 0;
  fake.fail = undefined;
  resetChannel();
  history.replaceState(null, '', '/');
});

function Status() {
  return <p data-testid="status">{useAnalyticsStatus()}</p>;
}

let pages = 0;
/** Mounts the provider; the page then sets its title, which sends the initial page view (a microtask later). */
function mount(decisions: Parameters<typeof createTestConsent>[0] = {}) {
  const consent = createTestConsent(decisions);
  const analytics = createAnalytics({ token: 'phc_test', consent });
  const view = render(
    <AnalyticsProvider instance={analytics}>
      <Status />
    </AnalyticsProvider>,
  );
  document.title = `Page ${++pages}`;
  return { consent, analytics, view };
}
const pageViews = () => captured().filter((c) => c.event === '$pageview');

describe('AnalyticsProvider', () => {
  it('loads nothing before consent; queued calls keep their time and go out after grant, in order', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
    const { consent, analytics } = mount();
    analytics.capture('signup_completed', { plan: 'pro' });
    vi.setSystemTime(new Date('2026-01-01T10:00:05Z'));
    analytics.capture('plan_viewed');
    expect(screen.getByTestId('status').textContent).toBe('waiting-consent');
    expect(fake.loads).toHaveLength(0);
    vi.useRealTimers();

    act(() => consent.grant('analytics'));
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('ready'));
    expect(fake.loads).toHaveLength(1);
    await waitFor(() => expect(pageViews()).toHaveLength(1));
    const [pageview] = pageViews();
    const [signup, viewed] = captured().filter((c) => c.event !== '$pageview');
    expect(pageview).toMatchObject({ properties: { title: `Page ${pages}` } });
    expect((pageview!.options as { at: Date }).at.toISOString()).toBe('2026-01-01T10:00:00.000Z');
    expect(signup).toMatchObject({ event: 'signup_completed', properties: { plan: 'pro' } });
    expect((signup!.options as { at: Date }).at.toISOString()).toBe('2026-01-01T10:00:00.000Z');
    expect(viewed?.event).toBe('plan_viewed');
    expect((viewed!.options as { at: Date }).at.toISOString()).toBe('2026-01-01T10:00:05.000Z');
  });

  it('drops queued calls when consent is denied and never loads', async () => {
    const { consent, analytics } = mount();
    analytics.capture('x');
    act(() => consent.deny('analytics'));
    expect(screen.getByTestId('status').textContent).toBe('denied');
    analytics.capture('y');
    await waitFor(() => expect(analytics.dropped().denied).toBe(3)); // page view, x, y
    expect(fake.loads).toHaveLength(0);
  });

  it('under StrictMode loads once and captures one initial page view', async () => {
    mount({ analytics: 'granted' });
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('ready'));
    expect(fake.loads).toHaveLength(1);
    await waitFor(() => expect(pageViews()).toHaveLength(1));
    act(() => history.pushState(null, '', '/sentinel')); // sends nothing yet, but after the initial one
    document.title = 'Sentinel';
    await waitFor(() => expect(pageViews()).toHaveLength(2));
    expect(pageViews().map((c) => c.properties.$pathname)).toEqual(['/', '/sentinel']);
  });

  it('captures exactly one page view per navigation: push, replace, Back; none for the same URL', async () => {
    mount({ analytics: 'granted' });
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('ready'));
    act(() => history.pushState(null, '', '/pricing?utm_source=news'));
    act(() => history.replaceState({ scroll: 1 }, '', '/pricing?utm_source=news')); // same URL: state only
    act(() => history.replaceState(null, '', '/pricing/pro'));
    act(() => history.pushState(null, '', '/pricing/pro#faq')); // in-page anchor
    act(() => history.pushState(null, '', '/about'));
    act(() => {
      history.replaceState(null, '', '/pricing/pro'); // jsdom's back() is async; simulate the pop
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    // Each page view was sent when the next navigation came; the last one waits for its title.
    await waitFor(() => expect(pageViews()).toHaveLength(4));
    document.title = 'Pro plan';
    await waitFor(() => expect(captured().filter((c) => c.event === '$pageview')).toHaveLength(5));
    const views = captured().filter((c) => c.event === '$pageview');
    expect(views[4]?.properties.title).toBe('Pro plan');
    expect(views.map((v) => v.properties.$pathname)).toEqual([
      '/',
      '/pricing',
      '/pricing/pro',
      '/about',
      '/pricing/pro',
    ]);
    expect(views[1]).toMatchObject({
      properties: { utm_source: 'news' },
      options: { set: { utm_source: 'news' }, setOnce: { $initial_utm_source: 'news' } },
    });
  });

  it("sends a page view with the new page's title, set by the router after the history call", async () => {
    mount({ analytics: 'granted' });
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('ready'));
    const titles = () => pageViews().map((c) => c.properties.title);
    await waitFor(() => expect(titles()).toEqual([`Page ${pages}`]));
    act(() => history.pushState(null, '', '/pricing'));
    await act(() => Promise.resolve()); // the router renders the new route, then sets its title
    document.title = 'Pricing';
    await waitFor(() => expect(titles()).toEqual([`Page ${pages}`, 'Pricing']));
    act(() => history.pushState(null, '', '/pricing/faq')); // a page with the same title
    await waitFor(() => expect(titles()).toHaveLength(3), { timeout: 3000 }); // sent after the wait
    expect(titles()[2]).toBe('Pricing');
    act(() => history.pushState(null, '', '/lazy-page')); // a lazy route: its title comes later
    document.dispatchEvent(new Event('visibilitychange')); // still visible: nothing sent
    act(() => history.pushState(null, '', '/next')); // left before that: sent with the title it had
    await waitFor(() => expect(titles()).toEqual([`Page ${pages}`, 'Pricing', 'Pricing', 'Pricing']));
    expect(pageViews().at(-1)?.properties.$pathname).toBe('/lazy-page');
    document.title = 'Next';
    await waitFor(() => expect(titles().at(-1)).toBe('Next'));
  });

  it('stops listening on unmount', async () => {
    const { view } = mount({ analytics: 'granted' });
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('ready'));
    view.unmount();
    history.pushState(null, '', '/after-unmount');
    channel.exposure('flag', 'on');
    expect(captured().map((c) => c.event)).toEqual(['$pageview']);
  });

  it('identifies on signedIn (also when signed in before mount), refuses email ids, resets on signedOut', async () => {
    channel.signedIn({ id: 'user-1', email: 'ann@example.com' });
    mount({ analytics: 'granted' });
    await waitFor(() => expect(fake.calls.some((c) => c.method === 'identify')).toBe(true));
    expect(fake.calls.find((c) => c.method === 'identify')?.args).toEqual(['user-1', undefined]);

    const reports: string[] = [];
    const off = channel.on('report', (e) => reports.push(e.message));
    act(() => channel.signedOut());
    act(() => channel.signedIn({ id: 'bob@example.com' }));
    off();
    expect(methods().filter((m) => m === 'identify' || m === 'reset')).toEqual(['identify', 'reset']);
    expect(reports.some((m) => m.includes('email-shaped'))).toBe(true);
  });

  it('reconciles only the visitor as it is when sign-in and sign-out both happen before consent', async () => {
    const { consent, analytics } = mount();
    act(() => channel.signedIn({ id: 'user-1' }));
    act(() => channel.signedOut());
    analytics.capture('anonymous_after');
    act(() => consent.grant('analytics'));
    await waitFor(() => expect(captured().some((e) => e.event === 'anonymous_after')).toBe(true)); // the sentinel
    // The SDK never held user-1: nobody to identify, nobody to reset.
    expect(methods().filter((m) => m === 'identify' || m === 'reset')).toEqual([]);
  });

  it('never sends an event queued by one person as the next person (shared device, before consent)', async () => {
    const { consent, analytics } = mount();
    act(() => channel.signedIn({ id: 'alice' }));
    analytics.capture('by_alice');
    act(() => channel.signedOut());
    act(() => channel.signedIn({ id: 'bob' }));
    analytics.capture('by_bob');
    act(() => consent.grant('analytics'));
    await waitFor(() => expect(captured().some((e) => e.event === 'by_bob')).toBe(true)); // the sentinel
    expect(methods().filter((m) => m === 'identify' || m.startsWith('capture:by_'))).toEqual([
      'identify',
      'capture:by_bob',
    ]);
    expect(fake.calls.find((c) => c.method === 'identify')?.args[0]).toBe('bob');
  });

  it('reset() is the sign-out of apps without auth: the same path as the channel, dropping what the person queued', async () => {
    const { consent, analytics } = mount();
    analytics.identify('alice');
    analytics.register({ plan: 'pro' });
    analytics.capture('by_alice');
    analytics.reset();
    analytics.identify('bob');
    analytics.capture('by_bob');
    act(() => consent.grant('analytics'));
    await waitFor(() => expect(captured().some((e) => e.event === 'by_bob')).toBe(true)); // the sentinel
    // Nothing of alice reaches the fresh SDK: bob is identified, her event dropped (core's rule, counted).
    expect(methods().filter((m) => /^(identify|register|reset|capture:by_)/.test(m))).toEqual([
      'identify',
      'capture:by_bob',
    ]);
    expect(fake.calls.find((c) => c.method === 'identify')?.args[0]).toBe('bob');
    expect(analytics.dropped().visitor).toBeGreaterThanOrEqual(1);
    act(() => channel.signedIn({ id: 'carol' })); // another person: bob leaves first
    analytics.reset();
    act(() => channel.signedOut()); // already signed out: nothing more
    act(() => channel.signedIn({ id: 'carol' })); // reset forgot carol: signing in again identifies her again
    expect(methods().filter((m) => /^(identify|reset|leavePage)$/.test(m))).toEqual([
      'identify',
      'leavePage',
      'reset',
      'identify',
      'leavePage',
      'reset',
      'identify',
    ]);
  });

  it('turns channel exposures and exceptions (ErrorBoundary) into events', async () => {
    function Boom({ fail }: { fail: boolean }) {
      if (fail) throw new Error('render failed');
      return <p>fine</p>;
    }
    const consent = createTestConsent({ analytics: 'granted' });
    const analytics = createAnalytics({ token: 'phc_test', consent });
    const ui = (fail: boolean) => (
      <AnalyticsProvider instance={analytics}>
        <ErrorBoundary fallback={<p>fallback</p>} context={{ area: 'checkout' }}>
          <Boom fail={fail} />
        </ErrorBoundary>
      </AnalyticsProvider>
    );
    const view = render(ui(false));
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    view.rerender(ui(true));
    act(() => channel.exposure('new-checkout', 'test'));
    await waitFor(() => expect(fake.calls.some((c) => c.method === 'captureException')).toBe(true));
    quiet.mockRestore();
    expect(screen.getByText('fallback')).toBeTruthy();
    const exception = fake.calls.find((c) => c.method === 'captureException')!;
    expect((exception.args[0] as Error).message).toBe('render failed');
    expect(exception.args[1]).toMatchObject({ area: 'checkout' });
    expect(captured().find((c) => c.event === '$feature_flag_called')?.properties).toEqual({
      $feature_flag: 'new-checkout',
      $feature_flag_response: 'test',
    });
  });

  it('pauses the SDK when consent is revoked and resumes it when granted again', async () => {
    const { consent } = mount({ analytics: 'granted' });
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('ready'));
    act(() => consent.deny('analytics'));
    act(() => consent.grant('analytics'));
    expect(methods().filter((m) => m === 'pause' || m === 'resume')).toEqual(['pause', 'resume']);
  });

  it('a blocked SDK chunk leaves the app working: status blocked, calls dropped, no rejection', async () => {
    fake.fail = new TypeError('Failed to fetch dynamically imported module: /assets/posthog-x.js');
    const { analytics } = mount({ analytics: 'granted' });
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('blocked'));
    analytics.capture('after_block');
    analytics.captureException(new Error('still fine'));
    expect(analytics.dropped().failed).toBeGreaterThanOrEqual(3);
    expect(captured()).toEqual([]);
  });

  it('a failing init gives status failed', async () => {
    fake.fail = new Error('init exploded');
    mount({ analytics: 'granted' });
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('failed'));
  });

  it('times an event with $duration', async () => {
    const { analytics } = mount({ analytics: 'granted' });
    const stop = analytics.time('checkout');
    stop({ step: 2 });
    stop({ step: 3 }); // once
    await waitFor(() => expect(captured().filter((c) => c.event === 'checkout')).toHaveLength(1));
    expect(captured().find((c) => c.event === 'checkout')?.properties).toMatchObject({
      step: 2,
      $duration: expect.any(Number),
    });
  });

  it('creates its own instance from config with the nearest consent store', async () => {
    const consent = createTestConsent({ analytics: 'granted' });
    function Button() {
      const analytics = useAnalytics();
      return (
        <button type="button" onClick={() => analytics.capture('clicked')}>
          go
        </button>
      );
    }
    render(
      <AnalyticsProvider config={{ token: 'phc_test', consent }}>
        <Button />
      </AnalyticsProvider>,
    );
    act(() => screen.getByRole('button').click());
    await waitFor(() => expect(captured().map((c) => c.event)).toContain('clicked'));
    expect(fake.loads).toHaveLength(1);
  });

  it('useAnalytics outside its provider throws MissingProviderError pointing at the testing entry', () => {
    function Orphan() {
      useAnalytics();
      return null;
    }
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Orphan />)).toThrow(/@plinth\/analytics\/testing/);
    quiet.mockRestore();
  });

  it('refuses to start without a consent store: config/consent_required, as in every package', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<AnalyticsProvider config={{ token: 'phc_test' }} />)).toThrow(
      expect.objectContaining({
        source: 'config',
        code: 'consent_required',
        message: expect.stringMatching(/ConsentProvider/),
      }),
    );
    quiet.mockRestore();
    expect(() => createAnalytics({ token: 'phc_test' })).toThrow(
      expect.objectContaining({ source: 'config', code: 'consent_required' }),
    );
    expect(() => createAnalytics({ token: '', consent: false })).toThrow(
      expect.objectContaining({ source: 'config', code: 'missing_option' }),
    );
  });

  it('consent: false loads without a store', async () => {
    const analytics = createAnalytics({ token: 'phc_test', consent: false });
    render(
      <AnalyticsProvider instance={analytics}>
        <Status />
      </AnalyticsProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('ready'));
    expect(fake.loads).toHaveLength(1);
  });

  it('useAnalyticsFailure() is the typed failure behind the status', async () => {
    fake.fail = new TypeError('Failed to fetch dynamically imported module: /assets/posthog-x.js');
    function Failure() {
      const failure = useAnalyticsFailure();
      return <p data-testid="failure">{failure ? `${failure.source}/${failure.code}` : 'none'}</p>;
    }
    const consent = createTestConsent({ analytics: 'granted' });
    render(
      <AnalyticsProvider config={{ token: 'phc_test', consent }}>
        <Failure />
      </AnalyticsProvider>,
    );
    expect(screen.getByTestId('failure').textContent).toBe('none');
    await waitFor(() => expect(screen.getByTestId('failure').textContent).toBe('loader/blocked'));
  });

  it('at load, a person posthog-js remembered waits for auth to settle (bounded by timeoutMs), then reconcile forgets them unless they are the visitor (issue 34)', async () => {
    mount({ analytics: 'granted' });
    await waitFor(() => expect(fake.loads).toHaveLength(1));
    const { hooks } = fake.loads[0] as {
      hooks: { remembered(person?: string): Promise<void>; started(adapter: PosthogAdapter): void };
    };
    // Nobody remembered: no wait.
    await expect(hooks.remembered(undefined)).resolves.toBeUndefined();
    // Someone remembered while auth has not settled: the SDK starts once it has.
    let started = false;
    const waiting = hooks.remembered('carol').then(() => {
      started = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 0)); // a turn of the event loop: still waiting
    expect(started).toBe(false);
    /** What reconcile does at the start of an SDK that remembered `person`. */
    const at = (person: string) => {
      fake.calls.length = 0;
      hooks.started(fake.adapter(person) as PosthogAdapter);
      return methods().filter((m) => /^(identify|reset)$/.test(m));
    };
    expect(at('carol')).toEqual([]); // unknown yet: nobody to tell her from
    act(() => channel.signedOut()); // the silent restore failed
    await waiting;
    expect(at('carol')).toEqual(['reset']);
    act(() => channel.signedIn({ id: 'carol' }));
    expect(at('carol')).toEqual([]); // she is back: kept
    expect(at('dan')).toEqual(['reset', 'identify']); // someone else remembered: forgotten
  });

  it('the wait for auth is bounded: past timeoutMs the SDK starts, and keeps who it remembered (issue 34)', async () => {
    vi.useFakeTimers();
    try {
      const analytics = createAnalytics({
        token: 'phc_test',
        consent: createTestConsent({ analytics: 'granted' }),
        timeoutMs: 1000,
      });
      render(<AnalyticsProvider instance={analytics} />);
      await vi.waitFor(() => expect(fake.loads).toHaveLength(1));
      const { hooks } = fake.loads[0] as { hooks: { remembered(person?: string): Promise<void> } };
      let started = false;
      void hooks.remembered('carol').then(() => {
        started = true;
      });
      await vi.advanceTimersByTimeAsync(999);
      expect(started).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(started).toBe(true);
      analytics.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
