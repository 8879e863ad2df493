// The GPP source against IAB's own GPP CMP API (`@iabgpp/cmpapi`, `__gpp` v1.1) as the page's CMP: the US
// sections' opt-outs decide the sale-or-sharing categories, nothing before the signal is ready, a change in the CMP
// reaches the store (and a loader) without a reload.
import { CmpApi, SignalStatus } from '@iabgpp/cmpapi';
import { createConsent } from './consent';
import { connectGpp, decideFromGppSections } from './gpp';
import { createVendorLoader } from './vendor-loader';

type Page = { __gpp?: unknown };
const page = window as unknown as Page;
const CATEGORIES = ['analytics', 'monitoring', 'functional', 'advertising'];

/** The page's CMP: IAB's stub role (a `__gpp` with no queued calls) is played by a function answering none. */
function startCmp() {
  page.__gpp = () => [];
  return new CmpApi(300, 1);
}
afterEach(() => {
  delete page.__gpp;
});

describe('US sections → the sale-or-sharing decision', () => {
  it('opted out of any (1) denies; did not opt out (2) grants; not applicable (0) or no US section decides nothing', () => {
    expect(decideFromGppSections({ usnat: { SaleOptOut: 2, SharingOptOut: 1, TargetedAdvertisingOptOut: 2 } })).toBe(
      'denied',
    );
    expect(decideFromGppSections({ usnat: { SaleOptOut: 2, SharingOptOut: 2, TargetedAdvertisingOptOut: 0 } })).toBe(
      'granted',
    );
    expect(decideFromGppSections({ usca: { SaleOptOut: 2, SharingOptOut: 2 }, usva: { SaleOptOut: 1 } })).toBe(
      'denied',
    );
    expect(decideFromGppSections({ usnat: { SaleOptOut: 0, SharingOptOut: 0 } })).toBeUndefined();
    expect(decideFromGppSections({ tcfeuv2: { SaleOptOut: 1 } })).toBeUndefined();
    expect(decideFromGppSections({ usnat: [{ SaleOptOut: 2 }, { Gpc: true }] })).toBe('granted');
  });
});

describe('connectGpp with the CMP API of @iabgpp/cmpapi', () => {
  it('nothing before the signal is ready; then the CMP’s opt-outs, and each change without a reload', async () => {
    const cmp = startCmp();
    const store = createConsent({ storage: null, categories: CATEGORIES });
    connectGpp(store, { categories: ['advertising'] });
    const load = vi.fn(async () => ({}));
    const revoked = vi.fn();
    const loader = createVendorLoader({
      name: 'ads',
      consent: { store, category: 'advertising' },
      load,
      onRevoke: revoked,
    });
    void loader.start();

    cmp.setApplicableSections([7]);
    cmp.setFieldValue('usnat', 'SaleOptOutNotice', 1);
    cmp.setFieldValue('usnat', 'SaleOptOut', 2);
    cmp.fireSectionChange('usnat'); // heard, but the signal is not ready yet
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.get('advertising')).toBe('pending');
    expect(load).not.toHaveBeenCalled();

    cmp.setSignalStatus(SignalStatus.READY);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(store.getState()).toEqual({
      analytics: 'pending',
      monitoring: 'pending',
      functional: 'pending',
      advertising: 'granted',
    });

    // The visitor opts out of the sale in the CMP's dialog.
    cmp.setSignalStatus(SignalStatus.NOT_READY);
    cmp.setFieldValue('usnat', 'SaleOptOut', 1);
    cmp.fireSectionChange('usnat');
    expect(store.get('advertising')).toBe('granted'); // not ready: nothing decided meanwhile
    cmp.setSignalStatus(SignalStatus.READY);
    await vi.waitFor(() => expect(revoked).toHaveBeenCalledTimes(1));
    expect(store.get('advertising')).toBe('denied');
    loader.stop();
  });

  it('under Global Privacy Control, "did not opt out" does not lift the denial', async () => {
    const cmp = startCmp();
    const store = createConsent({
      storage: null,
      categories: CATEGORIES,
      saleOrSharing: ['advertising'],
      globalPrivacyControl: true,
    });
    const heard = vi.fn();
    store.subscribe((_, __, source) => heard(source));
    connectGpp(store, { categories: ['advertising'] });
    cmp.setApplicableSections([8]);
    cmp.setFieldValue('usca', 'SaleOptOut', 2);
    cmp.setFieldValue('usca', 'SharingOptOut', 2);
    cmp.setSignalStatus(SignalStatus.READY);
    // Positive sentinel: the CMP answers with its section (and our listener was called before this one's answer).
    const field = await new Promise((resolve) =>
      (page.__gpp as (c: string, cb: (value: unknown) => void, p: string) => void)(
        'getField',
        resolve,
        'usca.SaleOptOut',
      ),
    );
    expect(field).toBe(2);
    expect(store.get('advertising')).toBe('denied');
    expect(heard).not.toHaveBeenCalled();
  });

  it('refuses a category the store does not ask for', () => {
    startCmp();
    expect(() => connectGpp(createConsent({ storage: null }), { categories: ['advertising'] })).toThrow(
      /does not ask for/,
    );
  });
});
