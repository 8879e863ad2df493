import { createTestConsent } from '@plinth/core/testing';
import { act, waitFor } from '../../../tooling/render';
import {
  events,
  mountAnalytics,
  newToken,
  posthogStorage,
  resetPage,
  sandboxRequests,
  waitForEvents,
} from '../test/browser-helpers';

const posthogModules = () =>
  performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((name) => name.includes('posthog-js'));

beforeEach(() => resetPage());

/** posthog-js's own consent for the token, as it persisted it (`__ph_opt_in_out_<token>`: 1 in, 0 out). */
const optedIn = (token: string) => {
  const value = localStorage.getItem(`__ph_opt_in_out_${token}`);
  return value === null ? undefined : JSON.parse(value) === 1;
};

// First in this file on purpose: the page has not imported posthog-js yet.
describe('consent (real posthog-js against the sandbox)', () => {
  it('sends nothing, downloads nothing and stores nothing before consent; queued events go out after grant', async () => {
    const token = newToken('consent');
    const consent = createTestConsent({});
    const { analytics } = mountAnalytics(token, { consent });
    analytics.capture('before_consent', { n: 1 });
    history.pushState(null, '', '/queued-page');
    document.title = 'Queued page'; // set by the router after the history call, as routers do
    await waitFor(() => expect(analytics.status()).toBe('waiting-consent'));
    await import('./pageViews'); // the page views' chunk has arrived and queued the page view …
    await new Promise((resolve) => setTimeout(resolve, 0));
    document.title = 'Page at flush time'; // … so this later title is not the queued page's

    expect(posthogModules()).toEqual([]);
    expect(sandboxRequests()).toEqual([]);
    expect(posthogStorage()).toEqual([]);

    act(() => consent.grant('analytics'));
    const received = await waitForEvents(token, (e) => e.some((x) => x.event === 'before_consent'));
    expect(posthogModules().length).toBeGreaterThan(0); // the positive control of the check above
    expect(received.filter((e) => e.event === '$pageview').map((e) => e.properties.$pathname)).toContain(
      '/queued-page',
    );
    // A queued page view keeps the title it had, not the one current when posthog sends it.
    const queuedPage = received.find((e) => e.event === '$pageview' && e.properties.$pathname === '/queued-page')!;
    expect(queuedPage.properties.title).toBe('Queued page');
    expect(JSON.stringify(received)).not.toContain('$plinth_title');
    // The queued event keeps the time it was made at, not the time it was sent.
    const queued = received.find((e) => e.event === 'before_consent')!;
    expect(queued.properties.$event_time_override_provided).toBe(true);
    expect(posthogStorage().length).toBeGreaterThan(0);
  });

  it('after "Reject all": no request, no storage key; revoking later stops capture and clears storage', async () => {
    const rejected = newToken('rejected');
    const denied = createTestConsent({});
    const first = mountAnalytics(rejected, { consent: denied });
    first.analytics.capture('never_sent');
    act(() => denied.deny());
    expect(first.analytics.status()).toBe('denied');
    // its page view (sent once the page had its title) and never_sent
    await waitFor(() => expect(first.analytics.dropped().denied).toBeGreaterThanOrEqual(2));
    first.unmount();

    // Revocation: a granted instance that sends (positive control), then is revoked.
    const token = newToken('revoked');
    const { analytics, consent } = mountAnalytics(token);
    analytics.capture('while_granted');
    await waitForEvents(token, (e) => e.some((x) => x.event === 'while_granted'));
    expect(posthogStorage().length).toBeGreaterThan(0);
    expect(analytics.sessionId()).toEqual(expect.any(String));

    act(() => consent.deny('analytics'));
    // All gone but posthog-js's own refusal, in step with the store (its opt-out, no identifier in it).
    expect(posthogStorage()).toEqual([`__ph_opt_in_out_${token}`]);
    expect(optedIn(token)).toBe(false);
    expect(analytics.sessionId()).toBeUndefined();
    analytics.capture('after_revoke');
    act(() => consent.grant('analytics'));
    expect(optedIn(token)).toBe(true);
    analytics.capture('after_regrant');
    const after = await waitForEvents(token, (e) => e.some((x) => x.event === 'after_regrant'));
    expect(after.map((e) => e.event)).not.toContain('after_revoke');
    expect(after.map((e) => e.event)).not.toContain('never_sent');
    expect(after.map((e) => e.event)).not.toContain('$opt_in'); // the grant is Plinth's record, not an event
    expect(await events(rejected)).toEqual([]);
  });

  it("a refusal posthog-js kept from an earlier visit gives way to the store's grant: events are sent", async () => {
    const token = newToken('stale-opt-out');
    localStorage.setItem(`__ph_opt_in_out_${token}`, '0'); // e.g. a revocation in another tab, granted since
    const { analytics } = mountAnalytics(token);
    analytics.capture('granted_now');
    await waitForEvents(token, (e) => e.some((x) => x.event === 'granted_now'));
    expect(optedIn(token)).toBe(true);
  });

  it("cookieless: 'on-reject' counts a refusing visitor with PostHog's cookieless mode: no storage, no identity; consent later switches to the normal instance", async () => {
    const token = newToken('cookieless');
    const consent = createTestConsent({});
    const { analytics } = mountAnalytics(token, { consent, config: { cookieless: 'on-reject' } });
    analytics.capture('while_pending'); // pending is not a refusal: not sent cookieless
    act(() => consent.deny('analytics'));
    analytics.identify('user-5', { set: { plan: 'pro' } }); // kept for a grant, never cookieless
    analytics.capture('refused_visit', { section: 'pricing' });
    const counted = await waitForEvents(token, (e) => e.some((x) => x.event === 'refused_visit'));
    const visit = counted.find((e) => e.event === 'refused_visit')!;
    expect(visit.properties).toMatchObject({
      distinct_id: '$posthog_cookieless',
      $cookieless_mode: true,
      section: 'pricing',
    });
    expect(counted.map((e) => e.event)).not.toContain('while_pending');
    expect(counted.map((e) => e.event)).not.toContain('$identify');
    expect(JSON.stringify(counted)).not.toContain('user-5');
    expect(posthogStorage()).toEqual([]);
    expect(document.cookie).not.toMatch(/ph_/);
    expect(analytics.status()).toBe('denied');
    expect(analytics.sessionId()).toBeUndefined(); // no session is kept for a cookieless visit

    act(() => consent.grant('analytics'));
    await waitFor(() => expect(analytics.status()).toBe('ready'), { timeout: 10_000 });
    analytics.capture('consented_visit');
    const after = await waitForEvents(token, (e) => e.some((x) => x.event === 'consented_visit'));
    const consented = after.find((e) => e.event === 'consented_visit')!;
    expect(consented.properties.distinct_id).toBe('user-5');
    expect(consented.properties.$cookieless_mode).toBeUndefined();
    expect(after.find((e) => e.event === '$identify')?.$set).toMatchObject({ plan: 'pro' });
    expect(posthogStorage().length).toBeGreaterThan(0); // stored now, with consent
  });

  it('without cookieless (the default) a refusing visitor is not counted at all', async () => {
    const token = newToken('refused-default');
    const consent = createTestConsent({ analytics: 'denied' });
    const { analytics } = mountAnalytics(token, { consent });
    analytics.capture('refused_visit');
    // The positive sentinel: a second page with cookieless on sends its refusing visitor's event …
    const control = newToken('cookieless-control');
    const other = mountAnalytics(control, { consent, config: { cookieless: 'on-reject' } });
    other.analytics.capture('refused_visit');
    await waitForEvents(control, (e) => e.some((x) => x.event === 'refused_visit'));
    // … and by then nothing of the default one has arrived.
    expect(await events(token)).toEqual([]);
  });
});
