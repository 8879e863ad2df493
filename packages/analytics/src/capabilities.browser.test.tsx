import { createTestConsent } from '@plinth/core/testing';
import { userEvent } from 'vitest/browser';
import { act, waitFor } from '../../../tooling/render';
import {
  mountAnalytics,
  newToken,
  type PosthogEvent,
  persisted,
  resetPage,
  sandboxUrl,
  setRemoteConfig,
  waitForEvents,
} from '../test/browser-helpers';
import { useAnalyticsSessionId } from './useAnalytics';

beforeEach(() => resetPage());
afterEach(async () => {
  await setRemoteConfig(null);
  resetPage();
});

const whenReady = (analytics: { status(): string }) =>
  waitFor(() => expect(analytics.status()).toBe('ready'), { timeout: 10_000 });
const sessionOf = (received: PosthogEvent[], event: string) =>
  received.find((e) => e.event === event)?.properties.$session_id as string | undefined;
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('claimed capabilities, in the browser (real posthog-js against the sandbox)', () => {
  it('sessions: one $session_id across navigations and a reload; a new one after 30 idle minutes', async () => {
    const token = newToken('session');
    const first = mountAnalytics(token);
    await whenReady(first.analytics);
    first.analytics.capture('before_navigation');
    history.pushState(null, '', '/session/next');
    first.analytics.capture('after_navigation');
    const sent = await waitForEvents(token, (e) => e.some((x) => x.event === 'after_navigation'));
    first.unmount();
    // posthog-js's debounced persistence has written the session a reload will read.
    const persistedSession = () => persisted(token).$sesid as [number, string, number] | undefined;
    await waitFor(() => expect(persistedSession()?.[1]).toBe(sessionOf(sent, 'after_navigation')));

    // A reload: a new page's SDK reads the persisted session.
    const reloaded = mountAnalytics(token);
    await whenReady(reloaded.analytics);
    reloaded.analytics.capture('after_reload');
    await waitForEvents(token, (e) => e.some((x) => x.event === 'after_reload'));
    reloaded.unmount();

    // 31 minutes pass with no activity: the clock moves, not the persisted session. The earlier instances stay alive in
    // this page (an unmount stops the provider, not posthog-js), and each writes the session as it last saw it when its
    // last page view goes (up to 1 s later: it waits for a new title): such a write undid a session aged in storage (a
    // loaded machine: 'after_idle' in the same session). Against a clock 31 minutes on, nothing they write is recent.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31 * 60_000, shouldAdvanceTime: true });
    let received: PosthogEvent[];
    try {
      const later = mountAnalytics(token);
      await whenReady(later.analytics);
      later.analytics.capture('after_idle');
      received = await waitForEvents(token, (e) => e.some((x) => x.event === 'after_idle'));
    } finally {
      vi.useRealTimers();
    }
    const session = sessionOf(received, 'before_navigation');
    expect(session).toEqual(expect.any(String));
    expect(sessionOf(received, 'after_navigation')).toBe(session);
    expect(sessionOf(received, 'after_reload')).toBe(session);
    expect(sessionOf(received, 'after_idle')).toEqual(expect.any(String));
    expect(sessionOf(received, 'after_idle')).not.toBe(session);
  });

  it('sessionId() and useAnalyticsSessionId() are the $session_id the events carry, and follow an idle renewal and reset()', async () => {
    const token = newToken('session-id');
    function Session() {
      return <p data-testid="session">{useAnalyticsSessionId() ?? 'none'}</p>;
    }
    const { analytics } = mountAnalytics(token, { children: <Session /> });
    const shown = () => document.querySelector('[data-testid="session"]')!.textContent;
    const heard: (string | undefined)[] = [];
    analytics.subscribeSessionId((id) => heard.push(id));
    expect(analytics.sessionId()).toBeUndefined(); // the SDK is still loading
    await whenReady(analytics);
    await waitFor(() => expect(analytics.sessionId()).toEqual(expect.any(String)));
    const first = analytics.sessionId()!;
    await waitFor(() => expect(shown()).toBe(first));
    analytics.capture('in_first');
    // 31 minutes pass with no activity (the clock stays ahead: posthog-js also starts a new session when
    // time goes backwards): the page's next event starts a new session.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31 * 60_000, shouldAdvanceTime: true });
    let received: PosthogEvent[];
    let renewed: string;
    let afterReset: string;
    try {
      act(() => analytics.capture('after_idle'));
      renewed = analytics.sessionId()!;
      expect(renewed).not.toBe(first);
      expect(shown()).toBe(renewed);
      analytics.identify('user-session');
      act(() => analytics.reset());
      afterReset = analytics.sessionId()!;
      expect([first, renewed]).not.toContain(afterReset);
      expect(shown()).toBe(afterReset);
      analytics.capture('after_reset');
      received = await waitForEvents(token, (e) => e.some((x) => x.event === 'after_reset'));
    } finally {
      vi.useRealTimers();
    }
    expect(sessionOf(received, 'in_first')).toBe(first);
    expect(sessionOf(received, 'after_idle')).toBe(renewed);
    expect(sessionOf(received, 'after_reset')).toBe(afterReset);
    expect(received.find((e) => e.event === 'after_reset')?.properties.distinct_id).not.toBe('user-session');
    expect(heard).toEqual([first, renewed, afterReset]);
  });

  it('page leave: $pageleave when the page is hidden for good; none when the capability is off', async () => {
    const on = newToken('leave-on');
    const off = newToken('leave-off');
    const withLeave = mountAnalytics(on);
    const withoutLeave = mountAnalytics(off, { config: { capabilities: { pageLeave: false } } });
    await whenReady(withLeave.analytics);
    await whenReady(withoutLeave.analytics);
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
    });
    const left = await waitForEvents(on, (e) => e.some((x) => x.event === '$pageleave'));
    expect(left.find((e) => e.event === '$pageleave')?.properties.$pathname).toBe(location.pathname);
    withoutLeave.analytics.capture('sentinel');
    const kept = await waitForEvents(off, (e) => e.some((x) => x.event === 'sentinel'));
    expect(kept.map((e) => e.event)).not.toContain('$pageleave');
  });

  it('dead clicks: a click on something that looks clickable and does nothing becomes $dead_click', async () => {
    const token = newToken('dead');
    const { analytics } = mountAnalytics(token, {
      config: { capabilities: { deadClicks: true } },
      children: (
        <span data-testid="dead" style={{ cursor: 'pointer', textDecoration: 'underline' }}>
          Looks like a link
        </span>
      ),
    });
    await whenReady(analytics);
    // A click that also focuses the window is not dead for posthog-js (something happened): the test
    // page's frame is focused first, as a page someone is using is.
    window.focus();
    // posthog-js's own rule, not a wait for an event: a click within 1 s of a focus change is not dead.
    await settle(1200);
    await userEvent.click(document.querySelector('[data-testid="dead"]')!);
    // posthog-js waits 2.5 s for a DOM change before calling the click dead.
    const received = await waitForEvents(token, (e) => e.some((x) => x.event === '$dead_click'), 10_000);
    expect(received.find((e) => e.event === '$dead_click')?.properties).toMatchObject({
      $el_text: 'Looks like a link',
    });
  });

  it('remote configuration turns a capability off: autocapture_opt_out stops click autocapture', async () => {
    const clicks = async (token: string, optOut: boolean) => {
      const view = mountAnalytics(token, {
        config: { capabilities: { autocapture: true } },
        children: <button type="button">Buy</button>,
      });
      await whenReady(view.analytics);
      // posthog-js has applied the remote config: it persists what the server said about autocapture.
      await waitFor(() => expect(persisted(token).$autocapture_disabled_server_side).toBe(optOut));
      for (let i = 0; i < 3; i++) await userEvent.click(document.querySelector('button')!);
      view.analytics.capture('sentinel');
      const received = await waitForEvents(token, (e) => e.some((x) => x.event === 'sentinel'));
      view.unmount();
      return received.filter((e) => e.event === '$autocapture').length;
    };
    await setRemoteConfig({ autocapture_opt_out: false });
    expect(await clicks(newToken('remote-on'), false)).toBeGreaterThan(0); // the positive control
    await setRemoteConfig({ autocapture_opt_out: true });
    expect(await clicks(newToken('remote-off'), true)).toBe(0);
  });

  it('the outbound-link budget: a same-tab outbound click while the SDK loads is held until the event is handed to sendBeacon, then navigates', async () => {
    const token = newToken('budget');
    const consent = createTestConsent({});
    // The sandbox answers /favicon.ico with 204: a navigation there leaves this page in place.
    const target = `${sandboxUrl()}/favicon.ico`;
    const { analytics } = mountAnalytics(token, {
      consent,
      // Past the time the SDK takes to load: the navigation must go when the event is handed over, not at the cap
      // (the cap itself is timed with fake timers in src/interactions.test.ts).
      config: { outboundDelayMs: 5000 },
      children: <a href={target}>Partner</a>,
    });
    await import('./interactions'); // the listeners' chunk is in, and attached (its callback ran first)
    const order: string[] = [];
    const beacon = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      order.push('beacon');
      return beacon(url, data);
    };
    const onLeave = () => order.push('navigate');
    window.addEventListener('beforeunload', onLeave);
    const clicked = performance.now();
    try {
      act(() => consent.grant('analytics'));
      expect(analytics.status()).toBe('loading');
      document.querySelector('a')!.click();
      expect(order).toEqual([]); // held
      await waitFor(() => expect(order).toContain('navigate'), { timeout: 4000 });
      expect(order).toEqual(['beacon', 'navigate']);
      expect(performance.now() - clicked).toBeLessThan(4000);
    } finally {
      window.removeEventListener('beforeunload', onLeave);
      navigator.sendBeacon = beacon;
    }
    const received = await waitForEvents(token, (e) => e.some((x) => x.event === 'outbound_link_clicked'));
    expect(received.filter((e) => e.event === 'outbound_link_clicked')).toHaveLength(1);
  });
});
