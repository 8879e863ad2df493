import { channel } from '@plinth/core';
import { createTestConsent, resetChannel } from '@plinth/core/testing';
import { act, render, waitFor } from '../../../tooling/render';
import {
  mountAnalytics,
  newToken,
  type PosthogEvent,
  persisted,
  posthogStorage,
  recordings,
  resetPage,
  titled,
  waitForEvents,
} from '../test/browser-helpers';
import { AnalyticsProvider } from './AnalyticsProvider';

beforeEach(() => resetPage());
afterEach(() => resetPage());

const named = (received: PosthogEvent[], event: string) => received.filter((e) => e.event === event);

describe('identity, person and group properties, alias, super properties (real posthog-js against the sandbox)', () => {
  it('calls made while consent is refused send nothing and are applied, in order and scrubbed, once it is granted', async () => {
    const token = newToken('identity-denied');
    const consent = createTestConsent({ analytics: 'denied' });
    const { analytics } = mountAnalytics(token, { consent });
    analytics.identify('user-7', {
      set: { plan: 'pro', contact: 'gina@example.com' },
      setOnce: { first_plan: 'free' },
    });
    analytics.group('company', 'acme', { name: 'Acme', seats: 12 });
    analytics.register({ app_version: '1.2.3' });
    analytics.alias('backend-7');
    analytics.setPersonProperties({ set: { seats_used: 3 } });
    expect(analytics.status()).toBe('denied');
    expect(analytics.distinctId()).toBeUndefined();
    expect(analytics.sessionId()).toBeUndefined();
    expect(posthogStorage()).toEqual([]);

    const grantedAt = Date.now();
    act(() => consent.grant('analytics'));
    await waitFor(() => expect(analytics.status()).toBe('ready'), { timeout: 10_000 });
    analytics.capture('sentinel');
    const received = await waitForEvents(token, (e) =>
      ['sentinel', '$identify', '$groupidentify', '$create_alias', '$set'].every((n) => e.some((x) => x.event === n)),
    );
    const [identify] = named(received, '$identify');
    expect(identify?.properties.distinct_id).toBe('user-7');
    expect(identify?.$set).toMatchObject({ plan: 'pro', contact: '[redacted]' });
    // $set_once is PostHog's alone (kept by the loader until sent): its own $set, right after the $identify.
    const setOnce = named(received, '$set').map((e) => e.properties.$set_once ?? e.$set_once);
    expect(setOnce).toContainEqual(expect.objectContaining({ first_plan: 'free' }));
    expect(named(received, '$groupidentify')[0]?.properties).toMatchObject({
      $group_type: 'company',
      $group_key: 'acme',
      $group_set: { name: 'Acme', seats: 12 },
    });
    expect(named(received, '$create_alias')[0]?.properties).toMatchObject({
      alias: 'backend-7',
      distinct_id: 'user-7',
    });
    expect(identify?.$set).toMatchObject({ seats_used: 3 }); // the visitor's attributes as they are at the grant
    expect(named(received, 'sentinel')[0]?.properties).toMatchObject({
      distinct_id: 'user-7',
      app_version: '1.2.3',
      $groups: { company: 'acme' },
    });
    expect(analytics.distinctId()).toBe('user-7');
    expect(JSON.stringify(received)).not.toContain('gina@example.com');
    // After those sentinels: nothing of this token reached PostHog before the grant.
    const mine = (await recordings()).filter((r) => (r.body as PosthogEvent | undefined)?.properties?.token === token);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.filter((r) => Date.parse(r.time) < grantedAt)).toEqual([]);
  });

  it('unregister and resetGroups take the super property and the group off later events', async () => {
    const token = newToken('identity-ready');
    const { analytics } = mountAnalytics(token);
    await waitFor(() => expect(analytics.status()).toBe('ready'), { timeout: 10_000 });
    const anonymous = analytics.distinctId();
    expect(anonymous).toEqual(expect.any(String));
    analytics.register({ app_version: '2.0.0', channel: 'beta' });
    analytics.register({ app_version: '9.9.9' }, { once: true }); // already set: kept
    analytics.group('team', 'design');
    analytics.capture('with_both');
    analytics.unregister('channel');
    analytics.resetGroups();
    analytics.capture('without');
    const received = await waitForEvents(token, (e) => e.some((x) => x.event === 'without'));
    const [withBoth] = named(received, 'with_both');
    expect(withBoth?.properties).toMatchObject({ app_version: '2.0.0', channel: 'beta', $groups: { team: 'design' } });
    const [without] = named(received, 'without');
    expect(without?.properties.app_version).toBe('2.0.0');
    expect(without?.properties).not.toHaveProperty('channel');
    expect(without?.properties.$groups ?? {}).toEqual({});
    expect(without?.properties.distinct_id).toBe(anonymous);
  });
});

const idOf = (received: PosthogEvent[], event: string) => named(received, event)[0]?.properties.distinct_id;

describe('the identity matrix (real posthog-js against the sandbox)', () => {
  it('sign-in, consent pending → granted → denied, a sign-out heard from another tab, re-granted: nothing after it carries the signed-out user; a signed-in user survives deny → re-grant', async () => {
    const token = newToken('identity-matrix');
    const consent = createTestConsent({ analytics: 'pending' });
    const { analytics } = mountAnalytics(token, { consent });
    const ready = () => waitFor(() => expect(analytics.status()).toBe('ready'), { timeout: 10_000 });

    // Carol signs in while consent is pending; her event waits.
    act(() => channel.signedIn({ id: 'carol-matrix' }));
    analytics.group('company', 'acme', { seats: 3 });
    analytics.capture('as_carol');
    act(() => consent.grant('analytics'));
    await ready();
    let received = await waitForEvents(token, (e) => named(e, 'as_carol').length === 1);
    expect(idOf(received, 'as_carol')).toBe('carol-matrix'); // positive: she was carried while signed in

    // Tab 1 denies; tab 2 signs her out (the channel hears it here, consent still denied).
    act(() => consent.deny('analytics'));
    analytics.capture('while_denied');
    const signedOutAt = Date.now();
    act(() => channel.signedOut());

    // Tab 1 allows again, and browses anonymously; deny → grant again keeps the same anonymous id.
    act(() => consent.grant('analytics'));
    await ready();
    analytics.capture('anonymous_1');
    const anonymous = analytics.distinctId();
    act(() => consent.deny('analytics'));
    act(() => consent.grant('analytics'));
    await ready();
    analytics.capture('anonymous_2');

    // Dan signs in; deny → re-grant: he is still the one carried, identified once.
    act(() => channel.signedIn({ id: 'dan-matrix' }));
    analytics.group('team', 'design', { size: 4 });
    analytics.setPersonProperties({ set: { plan: 'pro' } });
    analytics.capture('as_dan');
    // His group, person properties and event are captured in the same moment as the revocation (the same task).
    act(() => consent.deny('analytics'));
    act(() => consent.grant('analytics'));
    await ready();
    analytics.capture('dan_after_regrant');

    // posthog-js posts its own $groupidentify and $set apart from Plinth's events (its batches go by `_batchKey`, Plinth's
    // is 'events'): a second request of the same flush, which may arrive later (a CI run read ['acme'] only). Dan's are
    // waited for; any second one the re-grant made would have been captured before the flush, in that same request.
    received = await waitForEvents(
      token,
      (e) =>
        ['anonymous_1', 'anonymous_2', 'as_dan', 'dan_after_regrant'].every((n) => named(e, n).length === 1) &&
        named(e, '$groupidentify').some((g) => g.properties.$group_key === 'design') &&
        named(e, '$set').length > 0,
    );
    // The positive sentinel first: the events after the re-grant were recorded.
    const after = (await recordings()).filter(
      (r) => Date.parse(r.time) >= signedOutAt && JSON.stringify(r.body).includes(token),
    );
    expect(after.map((r) => (r.body as PosthogEvent).event)).toEqual(
      expect.arrayContaining(['anonymous_1', 'anonymous_2', 'as_dan', 'dan_after_regrant']),
    );
    // The guard: nothing the sandbox recorded after the sign-out carries Carol, in any field.
    expect(after.filter((r) => JSON.stringify(r.body).includes('carol-matrix'))).toEqual([]);
    expect(named(received, 'while_denied')).toEqual([]);
    // Each event as the right person: one anonymous id across deny → grant, Dan carried after his re-grant.
    expect(anonymous).toEqual(expect.any(String));
    expect(idOf(received, 'anonymous_1')).toBe(anonymous);
    expect(idOf(received, 'anonymous_2')).toBe(anonymous);
    expect(idOf(received, 'as_dan')).toBe('dan-matrix');
    expect(idOf(received, 'dan_after_regrant')).toBe('dan-matrix');
    // Re-grants re-sent nothing the SDK still held: one $identify per person, one $groupidentify per group, one $set.
    expect(named(received, '$identify').map((e) => e.properties.distinct_id)).toEqual(['carol-matrix', 'dan-matrix']);
    expect(named(received, '$groupidentify').map((e) => e.properties.$group_key)).toEqual(['acme', 'design']);
    expect(named(received, '$set').map((e) => e.properties.distinct_id)).toEqual(['dan-matrix']);
  });
});

describe('the visitor in core: what posthog-js remembered is reconciled before any event (issue 34)', () => {
  /** Carol signs in and is carried; the page keeps her in posthog-js's storage. */
  async function carolWasHere(token: string, id: string) {
    const first = mountAnalytics(token);
    act(() => channel.signedIn({ id }));
    first.analytics.capture('as_carol');
    const received = await waitForEvents(token, (e) => named(e, 'as_carol').length === 1);
    expect(idOf(received, 'as_carol')).toBe(id); // positive: she was carried while signed in
    expect(persisted(token)).toMatchObject({ distinct_id: id, $user_state: 'identified' });
    return first;
  }

  it('a sign-out while the instance is stopped reaches it at its next start, before any event', async () => {
    const token = newToken('stopped-signout');
    const { analytics, unmount } = await carolWasHere(token, 'carol-stopped');
    unmount(); // the instance stops
    act(() => channel.signedOut()); // another tab signs her out, heard while nobody here listens
    render(<AnalyticsProvider instance={analytics} />); // started again
    analytics.capture('after_restart');
    const received = await waitForEvents(token, (e) => named(e, 'after_restart').length === 1);
    expect(idOf(received, 'after_restart')).toEqual(expect.any(String));
    expect(idOf(received, 'after_restart')).not.toBe('carol-stopped');
  });

  it('a restore that fails at start-up after an identified session: his events never carry her', async () => {
    const token = newToken('failed-restore');
    const { unmount } = await carolWasHere(token, 'carol-restore');
    unmount();
    // The next page load: the visitor is unknown until auth's silent restore fails (nobody is signed in).
    resetChannel();
    const mountedAt = Date.now();
    const waiting = vi.spyOn(channel.visitor, 'settled');
    const next = mountAnalytics(token);
    next.analytics.capture('his_first');
    // posthog-js has loaded and found her remembered: it waits for auth, whose silent restore then fails.
    await vi.waitFor(() => expect(waiting).toHaveBeenCalled(), { timeout: 15_000 });
    act(() => channel.signedOut());
    next.analytics.capture('his_second');
    const received = await waitForEvents(token, (e) => named(e, 'his_second').length === 1);
    // Positive sentinel: his events arrived…
    expect(named(received, 'his_first')).toHaveLength(1);
    // …and nothing recorded since this page load carries her.
    const since = (await recordings()).filter(
      (r) => Date.parse(r.time) >= mountedAt && JSON.stringify(r.body ?? null).includes(token),
    );
    expect(
      since
        .filter((r) => JSON.stringify(r.body ?? null).includes('carol-restore'))
        .map((r) => (r.body as PosthogEvent).event),
    ).toEqual([]);
    expect(idOf(received, 'his_first')).toBe(idOf(received, 'his_second'));
  });
});

const ready = (analytics: { status(): string }) =>
  waitFor(() => expect(analytics.status()).toBe('ready'), { timeout: 10_000 });
/** What a browser does when the page is left for good: posthog-js sends its $pageleave and buffered web vitals. */
const hide = () => act(() => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })));
const metricsOf = (event: PosthogEvent) =>
  Object.keys(event.properties).filter((key) => /^\$web_vitals_\w+_value$/.test(key));

describe('events are the visitor’s, page by page (issue 34)', () => {
  it('events queued across a sign-out are hers: dropped and counted in dropped(), never sent as the next visitor', async () => {
    const token = newToken('queued-signout');
    const consent = createTestConsent({ analytics: 'pending' });
    const { analytics } = mountAnalytics(token, { consent, config: { capabilities: { pageViews: false } } });
    act(() => channel.signedIn({ id: 'carol-queued' }));
    analytics.capture('hers_1');
    analytics.capture('hers_2');
    act(() => channel.signedOut());
    analytics.capture('his');
    act(() => consent.grant('analytics'));
    const received = await waitForEvents(token, (e) => named(e, 'his').length === 1);
    // Positive sentinel first: his event arrived, as someone else than her…
    expect(idOf(received, 'his')).toEqual(expect.any(String));
    expect(idOf(received, 'his')).not.toBe('carol-queued');
    // …and hers were dropped, counted (core's rule: `visitor`), and nothing of hers reached PostHog.
    expect(analytics.dropped()).toEqual({ overflow: 0, denied: 0, failed: 0, visitor: 2 });
    expect(received.map((e) => e.event).filter((name) => name.startsWith('hers'))).toEqual([]);
    expect(JSON.stringify(received)).not.toContain('carol-queued');
  });

  it('the last page before a sign-out: its $pageleave and web vitals are hers, sent before the reset; none of that page later as his', async () => {
    const token = newToken('leave-signout');
    act(() => channel.signedIn({ id: 'carol-leaves' }));
    const { analytics } = mountAnalytics(token, { config: { capabilities: { webVitals: true } } });
    await ready(analytics);
    await waitForEvents(token, (e) => named(e, '$pageview').length === 1); // her page, seen
    act(() => channel.signedOut());
    analytics.capture('his_first');
    hide(); // he leaves the page she saw: posthog-js's own $pageleave and late web vitals would be his
    const received = await waitForEvents(
      token,
      (e) => named(e, 'his_first').length === 1 && named(e, '$pageleave').length >= 1,
    );
    const his = idOf(received, 'his_first');
    expect(his).toEqual(expect.any(String));
    expect(his).not.toBe('carol-leaves');
    // Her page's leave and what posthog-js measured of it went as hers…
    expect(named(received, '$pageleave').map((e) => e.properties.distinct_id)).toEqual(['carol-leaves']);
    const vitals = named(received, '$web_vitals');
    // (This frame paints no FCP and finalises LCP only when hidden: what posthog-js measured of her page before
    // the sign-out is Plinth's TTFB; `leavePage` also sends posthog-js's buffer, when it holds metrics.)
    expect(vitals.flatMap(metricsOf)).toContain('$web_vitals_TTFB_value');
    // …and nothing of that page as his.
    expect(vitals.filter((e) => e.properties.distinct_id !== 'carol-leaves').map(metricsOf)).toEqual([]);
  });

  it('the sign-in callback is not a page: no page view (code or error), and no later page’s web vitals carry its URL', async () => {
    const token = newToken('callback');
    history.replaceState(null, '', '/auth/callback?code=c-1&state=s-1'); // the provider's answer: posthog-js loads here
    const { analytics } = mountAnalytics(token, { config: { capabilities: { webVitals: true } } });
    await ready(analytics);
    act(() => channel.signedIn({ id: 'carol-callback' }));
    history.replaceState(null, '', '/account'); // auth lands on returnTo
    await titled('Account');
    history.pushState(null, '', '/auth/callback?error=access_denied&state=s-2'); // a later sign-in, refused
    history.replaceState(null, '', '/');
    await titled('Home');
    await waitForEvents(token, (e) => named(e, '$pageview').some((x) => x.properties.$pathname === '/')); // the last
    hide(); // posthog-js sends what it buffered of the page's web vitals, with its $pageleave
    const received = await waitForEvents(token, (e) => named(e, '$pageleave').length === 1);
    expect(named(received, '$pageview').map((e) => e.properties.$pathname)).toEqual(['/account', '/']);
    expect(received.filter((e) => e.event === '$web_vitals' && JSON.stringify(e).includes('/auth/callback'))).toEqual(
      [],
    );
  });
});
