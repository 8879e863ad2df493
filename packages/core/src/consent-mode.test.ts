// Google Consent Mode v2 as the page's data layer sees it: `default` before any Google tag's command, an `update`
// at each decision, each command an `arguments` object as Google's own snippet pushes it (gtag.js ignores arrays).
import { createConsent } from './consent';
import { connectConsentMode, DEFAULT_CONSENT_MODE_MAPPING } from './consent-mode';

type Page = { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };
const page = window as unknown as Page;
const commands = () => (page.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
const CATEGORIES = ['analytics', 'monitoring', 'functional', 'advertising'];
const ALL_DENIED = {
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
  functionality_storage: 'denied',
  personalization_storage: 'denied',
  security_storage: 'granted',
};

afterEach(() => {
  delete page.dataLayer;
  delete page.gtag;
});

describe('Google Consent Mode v2', () => {
  it('writes default (all denied, wait_for_update) before the Google tag, then an update at each decision', () => {
    const store = createConsent({ storage: null, categories: CATEGORIES });
    const stop = connectConsentMode(store);
    // The Google tag, loaded after (as the README says): its commands come after the default.
    page.gtag!('js', new Date(0));
    page.gtag!('config', 'G-TEST');
    expect(commands()).toEqual([
      ['consent', 'default', { ...ALL_DENIED, wait_for_update: 500 }],
      ['js', new Date(0)],
      ['config', 'G-TEST'],
    ]);
    expect(page.dataLayer!.every((entry) => Object.prototype.toString.call(entry) === '[object Arguments]')).toBe(true);

    store.grant('analytics');
    expect(commands().at(-1)).toEqual(['consent', 'update', { ...ALL_DENIED, analytics_storage: 'granted' }]);
    store.grant('advertising', 'functional');
    expect(commands().at(-1)).toEqual([
      'consent',
      'update',
      {
        ad_storage: 'granted',
        ad_user_data: 'granted',
        ad_personalization: 'granted',
        analytics_storage: 'granted',
        functionality_storage: 'granted',
        personalization_storage: 'granted',
        security_storage: 'granted',
      },
    ]);
    store.deny();
    expect(commands().at(-1)).toEqual(['consent', 'update', ALL_DENIED]);
    expect(commands().filter(([, action]) => action === 'update')).toHaveLength(3);

    stop();
    store.grant('analytics');
    expect(commands().filter(([, action]) => action === 'update')).toHaveLength(3);
  });

  it("a returning visitor's decision follows the default at once; a store without `advertising` never grants ad types", () => {
    const store = createConsent({ storage: null, initial: { analytics: 'granted', functional: 'denied' } });
    connectConsentMode(store, { waitForUpdate: 300, region: ['US-CA'] });
    expect(commands()).toEqual([
      ['consent', 'default', { ...ALL_DENIED, wait_for_update: 300, region: ['US-CA'] }],
      ['consent', 'update', { ...ALL_DENIED, analytics_storage: 'granted' }],
    ]);
    store.grant();
    expect(commands().at(-1)?.[2]).toMatchObject({ ad_storage: 'denied', ad_user_data: 'denied' });
  });

  it('uses the page’s own gtag when there is one, and a mapping of the app’s own', () => {
    const calls: unknown[][] = [];
    page.gtag = (...args) => calls.push(args);
    const store = createConsent({ storage: null });
    connectConsentMode(store, { mapping: { analytics_storage: 'analytics', ad_storage: 'analytics' } });
    store.grant('analytics');
    expect(calls).toEqual([
      ['consent', 'default', { analytics_storage: 'denied', ad_storage: 'denied', wait_for_update: 500 }],
      ['consent', 'update', { analytics_storage: 'granted', ad_storage: 'granted' }],
    ]);
    expect(page.dataLayer).toBeUndefined();
  });

  it('under Global Privacy Control, accept all leaves the advertising types denied', () => {
    const store = createConsent({
      storage: null,
      categories: CATEGORIES,
      saleOrSharing: ['advertising'],
      globalPrivacyControl: true,
    });
    connectConsentMode(store);
    store.grant();
    expect(commands().at(-1)?.[2]).toMatchObject({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'granted',
    });
  });

  it('refuses a mapping to a category the store does not ask for', () => {
    expect(() =>
      connectConsentMode(createConsent({ storage: null }), { mapping: { ad_storage: 'advertising' } }),
    ).toThrow(/does not ask for/);
    expect(Object.keys(DEFAULT_CONSENT_MODE_MAPPING)).toHaveLength(7);
  });
});
