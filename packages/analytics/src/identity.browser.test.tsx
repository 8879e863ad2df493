import { createTestConsent } from '@plinth/core/testing';
import { act, waitFor } from '../../../tooling/render';
import {
  mountAnalytics,
  newToken,
  type PosthogEvent,
  posthogStorage,
  recordings,
  resetPage,
  waitForEvents,
} from '../test/browser-helpers';

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
    expect(identify?.$set_once).toMatchObject({ first_plan: 'free' });
    expect(named(received, '$groupidentify')[0]?.properties).toMatchObject({
      $group_type: 'company',
      $group_key: 'acme',
      $group_set: { name: 'Acme', seats: 12 },
    });
    expect(named(received, '$create_alias')[0]?.properties).toMatchObject({
      alias: 'backend-7',
      distinct_id: 'user-7',
    });
    expect(named(received, '$set')[0]?.properties.$set).toEqual({ seats_used: 3 }); // posthog-js keeps it in properties
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
