// Global Privacy Control (issue 35): the categories an app marks as sale or sharing are denied while the browser
// sends the signal, until the visitor names them in a grant made after it.
import { createConsent } from './consent';
import { createVendorLoader } from './vendor-loader';

const withGpc = (value: unknown) => vi.stubGlobal('navigator', { ...navigator, globalPrivacyControl: value });
const stored = () => JSON.parse(localStorage.getItem('plinth.consent') ?? 'null');

describe('Global Privacy Control', () => {
  beforeEach(() => localStorage.clear());

  it('reads navigator.globalPrivacyControl: only `true` counts', () => {
    withGpc(true);
    expect(createConsent({ saleOrSharing: ['analytics'] }).privacySignal).toEqual({
      active: true,
      categories: ['analytics'],
    });
    for (const value of [false, undefined, 'true', 1]) {
      withGpc(value);
      const store = createConsent({ saleOrSharing: ['analytics'] });
      expect(store.privacySignal).toEqual({ active: false, categories: [] });
      expect(store.get('analytics')).toBe('pending');
    }
  });

  it('denies the marked categories from the start; the others wait for the banner', () => {
    const store = createConsent({ saleOrSharing: ['analytics'], globalPrivacyControl: true });
    expect(store.getState()).toEqual({ analytics: 'denied', monitoring: 'pending', functional: 'pending' });
    // The signal's denial is not stored as the visitor's choice: it goes when the signal goes.
    expect(stored()).toBeNull();
    expect(createConsent({ saleOrSharing: ['analytics'], globalPrivacyControl: false }).get('analytics')).toBe(
      'pending',
    );
  });

  it('a grant stored before the signal does not count; "accept all" leaves the marked category denied', () => {
    createConsent().grant();
    expect(stored().decisions.analytics).toBe('granted');
    const store = createConsent({ saleOrSharing: ['analytics'], globalPrivacyControl: true });
    expect(store.getState()).toEqual({ analytics: 'denied', monitoring: 'granted', functional: 'granted' });
    store.grant();
    expect(store.get('analytics')).toBe('denied');
    store.set({ analytics: 'pending' });
    expect(store.get('analytics')).toBe('denied');
    store.reset();
    expect(store.getState()).toEqual({ analytics: 'denied', monitoring: 'pending', functional: 'pending' });
  });

  it('a carried-over grant (a CMP at load) does not lift it; a grant naming it does, and is kept', () => {
    const store = createConsent({ saleOrSharing: ['analytics'], globalPrivacyControl: true });
    store.set({ analytics: 'granted', monitoring: 'granted' }, { source: 'tcf', explicit: false });
    expect(store.getState()).toMatchObject({ analytics: 'denied', monitoring: 'granted' });
    store.grant('analytics');
    expect(store.get('analytics')).toBe('granted');
    expect(stored()).toMatchObject({ gpc: true, decisions: { analytics: 'granted' } });
    expect(createConsent({ saleOrSharing: ['analytics'], globalPrivacyControl: true }).get('analytics')).toBe(
      'granted',
    );
  });

  it('refuses a marked category the store does not ask for', () => {
    expect(() => createConsent({ saleOrSharing: ['advertising'] })).toThrow(/unknown consent category "advertising"/);
  });

  it("a marked category's vendor is never imported before the opt-in, even after accept all", async () => {
    const store = createConsent({ saleOrSharing: ['analytics'], globalPrivacyControl: true });
    const load = vi.fn(async () => ({ track: vi.fn() }));
    const loader = createVendorLoader({ name: 'ads', consent: { store, category: 'analytics' }, load });
    void loader.start();
    store.grant();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(load).not.toHaveBeenCalled();
    expect(loader.status()).toBe('denied');
    store.grant('analytics');
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    loader.stop();
  });
});
