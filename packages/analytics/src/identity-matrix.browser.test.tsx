import { channel } from '@plinth/core';
import { createTestConsent } from '@plinth/core/testing';
import { act, waitFor } from '../../../tooling/render';
import {
  mountAnalytics,
  newToken,
  type PosthogEvent,
  recordings,
  resetPage,
  waitForEvents,
} from '../test/browser-helpers';

beforeEach(() => resetPage());
afterEach(() => resetPage());

const named = (received: PosthogEvent[], event: string) => received.filter((e) => e.event === event);
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
    act(() => consent.deny('analytics'));
    act(() => consent.grant('analytics'));
    await ready();
    analytics.capture('dan_after_regrant');

    received = await waitForEvents(token, (e) =>
      ['anonymous_1', 'anonymous_2', 'as_dan', 'dan_after_regrant'].every((n) => named(e, n).length === 1),
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
