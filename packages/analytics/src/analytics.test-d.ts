import type { ConsentStore, PlinthError, VendorLifecycle, VendorStatus } from '@plinth/core';
import { AnalyticsProvider } from './AnalyticsProvider';
import { createAnalytics } from './createAnalytics';
import { defineEvents } from './defineEvents';
import type { Analytics } from './types';
import { useAnalyticsFailure, useAnalyticsSessionId, useAnalyticsStatus } from './useAnalytics';

type Catalogue = {
  signup_completed: { plan: 'free' | 'pro' };
  search: { query?: string };
  app_opened: undefined;
};
declare const analytics: Analytics<Catalogue>;

describe('typed event catalogue', () => {
  it('accepts the catalogue', () => {
    analytics.capture('signup_completed', { plan: 'pro' });
    analytics.capture('search');
    analytics.capture('search', { query: 'shoes' });
    analytics.capture('app_opened');
    analytics.time('signup_completed')({ plan: 'free' });
  });

  it('rejects a wrong name, a missing or wrong property', () => {
    // @ts-expect-error unknown event
    analytics.capture('signup_complete', { plan: 'pro' });
    // @ts-expect-error wrong value
    analytics.capture('signup_completed', { plan: 'enterprise' });
    // @ts-expect-error properties are required
    analytics.capture('signup_completed');
    // @ts-expect-error no properties for this event
    analytics.capture('app_opened', { x: 1 });
    // @ts-expect-error the timer's stop needs the properties too
    analytics.time('signup_completed')();
  });

  it('types the session id and reset', () => {
    expectTypeOf(analytics.sessionId).returns.toEqualTypeOf<string | undefined>();
    expectTypeOf(useAnalyticsSessionId).returns.toEqualTypeOf<string | undefined>();
    expectTypeOf(analytics.subscribeSessionId).parameter(0).toEqualTypeOf<(id: string | undefined) => void>();
    expectTypeOf(analytics.reset).toEqualTypeOf<() => void>();
  });

  it('defineEvents types the hooks', () => {
    const events = defineEvents<Catalogue>();
    expectTypeOf(events.useAnalytics).returns.toEqualTypeOf<Analytics<Catalogue>>();
    expectTypeOf(events.useTime<'signup_completed'>).returns.parameters.toEqualTypeOf<
      [properties: { plan: 'free' | 'pro' }]
    >();
  });
});

describe('the one vocabulary', () => {
  it('createAnalytics(config) is an Analytics with core’s lifecycle, status and failure', () => {
    expectTypeOf(createAnalytics).returns.toEqualTypeOf<Analytics>();
    expectTypeOf<Analytics>().toMatchTypeOf<VendorLifecycle>();
    expectTypeOf(useAnalyticsStatus).returns.toEqualTypeOf<VendorStatus>();
    expectTypeOf(useAnalyticsFailure).returns.toEqualTypeOf<PlinthError | undefined>();
  });

  it('the provider takes an instance or a config (consent inside it), never both', () => {
    const instance = createAnalytics({ token: 'phc', consent: false });
    const consent = {} as ConsentStore;
    AnalyticsProvider({ instance });
    AnalyticsProvider({ config: { token: 'phc', consent } });
    // @ts-expect-error never both
    AnalyticsProvider({ instance, config: { token: 'phc' } });
    // @ts-expect-error `client` is no Plinth name
    AnalyticsProvider({ client: instance });
  });
});
