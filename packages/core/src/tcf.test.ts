// The TCF source against IAB's own CMP API (`@iabtcf/cmpapi`) as the page's CMP, with TC strings encoded by IAB's
// own `@iabtcf/core` (`@plinth/core/testing/tcf`, against a list of two vendors): what each string gives Plinth's categories,
// no vendor before the CMP answered, a change in the CMP reaching the store (and a loader) without a reload.
import { CmpApi, CmpApiModel } from '@iabtcf/cmpapi';
import { channel } from './channel';
import { createConsent } from './consent';
import { connectTcf, DEFAULT_TCF_MAPPING, decideFromTcString } from './tcf';
import { resetChannel } from './testing';
import { TCF_PURPOSES as ALL_PURPOSES, testTcString } from './testing/tcf';
import { createVendorLoader } from './vendor-loader';

const ANALYTICS_VENDOR = 10;
const ADS_VENDOR = 20;

/** A TC string as a CMP would write it, from purposes and vendors consented to, against a list of both vendors. */
const tcString = (purposes: readonly number[], vendors: number[]) =>
  testTcString({ purposes, vendors, listed: [ANALYTICS_VENDOR, ADS_VENDOR] });
const ACCEPT_ALL = () => tcString(ALL_PURPOSES, [ANALYTICS_VENDOR, ADS_VENDOR]);
const REJECT_ALL = () => tcString([], []);

let cmp: CmpApi | undefined;
const startCmp = () => {
  cmp = new CmpApi(300, 1, false);
  return cmp;
};
afterEach(() => {
  // One CMP per page: @iabtcf/cmpapi keeps its state (TC string, listeners) for the module's life.
  CmpApiModel.reset();
  cmp = undefined;
  delete (window as { __tcfapi?: unknown }).__tcfapi;
});

const memoryStore = (options: Parameters<typeof createConsent>[0] = {}) => createConsent({ storage: null, ...options });

describe('TC strings → categories (default mapping)', () => {
  it('accept all grants every mapped category; reject all denies them', () => {
    expect(decideFromTcString(ACCEPT_ALL())).toEqual({
      analytics: 'granted',
      monitoring: 'granted',
      functional: 'granted',
    });
    expect(decideFromTcString(REJECT_ALL())).toEqual({
      analytics: 'denied',
      monitoring: 'denied',
      functional: 'denied',
    });
  });

  it('each category needs all of its purposes: storage alone gives functional only', () => {
    expect(decideFromTcString(tcString([1], []))).toEqual({
      analytics: 'denied',
      monitoring: 'denied',
      functional: 'granted',
    });
    expect(decideFromTcString(tcString([1, 8, 9], []))).toMatchObject({ analytics: 'denied' });
    expect(decideFromTcString(tcString([1, 10], []))).toMatchObject({ analytics: 'denied', monitoring: 'granted' });
  });

  it('purposes without vendors: enough by default; not where the app requires its vendor', () => {
    const purposesOnly = tcString(ALL_PURPOSES, []);
    expect(decideFromTcString(purposesOnly)).toEqual({
      analytics: 'granted',
      monitoring: 'granted',
      functional: 'granted',
    });
    const mapping = { ...DEFAULT_TCF_MAPPING, analytics: { purposes: [1, 8, 9, 10], vendors: [ANALYTICS_VENDOR] } };
    expect(decideFromTcString(purposesOnly, mapping)).toMatchObject({ analytics: 'denied', monitoring: 'granted' });
  });

  it('a vendor refused denies only the category that requires it', () => {
    const mapping = {
      analytics: { purposes: [1, 8, 9, 10], vendors: [ANALYTICS_VENDOR] },
      monitoring: { purposes: [1, 10], vendors: [ADS_VENDOR] },
    };
    expect(decideFromTcString(tcString(ALL_PURPOSES, [ANALYTICS_VENDOR]), mapping)).toEqual({
      analytics: 'granted',
      monitoring: 'denied',
    });
  });

  it('a string that cannot be decoded denies (fails closed)', () => {
    expect(decideFromTcString('not-a-tc-string')).toEqual({
      analytics: 'denied',
      monitoring: 'denied',
      functional: 'denied',
    });
  });
});

describe('connectTcf with the CMP API of @iabtcf/cmpapi', () => {
  it('loads no vendor before the CMP answered, then follows tcloaded', async () => {
    const store = memoryStore();
    connectTcf(store, { tcfapi: startCmp() && (window as unknown as { __tcfapi: never }).__tcfapi });
    const load = vi.fn(async () => ({}));
    const loader = createVendorLoader({ name: 'analytics', consent: { store, category: 'analytics' }, load });
    void loader.start();
    // Positive sentinel: the CMP is on the page and answers a ping, but has no TC string yet.
    const ping = await new Promise<{ cmpStatus?: string }>((resolve) =>
      (window as unknown as { __tcfapi: (c: string, v: number, cb: (d: never) => void) => void }).__tcfapi(
        'ping',
        2,
        resolve,
      ),
    );
    expect(ping.cmpStatus).toBe('loading');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.getState()).toEqual({ analytics: 'pending', monitoring: 'pending', functional: 'pending' });
    expect(load).not.toHaveBeenCalled();

    cmp!.update(ACCEPT_ALL(), false); // tcloaded: the visitor's stored choice
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(store.getState()).toEqual({ analytics: 'granted', monitoring: 'granted', functional: 'granted' });
    loader.stop();
  });

  it('a change made in the CMP reaches the store and the vendors without a reload, both ways', async () => {
    const store = memoryStore();
    startCmp();
    const stop = connectTcf(store);
    const load = vi.fn(async () => ({}));
    const revoked = vi.fn();
    const loader = createVendorLoader({
      name: 'analytics',
      consent: { store, category: 'analytics' },
      load,
      onRevoke: revoked,
    });
    void loader.start();
    cmp!.update(REJECT_ALL(), false);
    await vi.waitFor(() => expect(store.get('analytics')).toBe('denied'));
    expect(loader.status()).toBe('denied');

    cmp!.update('', true); // the visitor reopens the CMP's dialog…
    cmp!.update(ACCEPT_ALL(), false); // …and accepts: useractioncomplete
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(store.getState()).toEqual({ analytics: 'granted', monitoring: 'granted', functional: 'granted' });

    cmp!.update('', true); // the dialog open again (cmpuishown) decides nothing
    expect(store.getState()).toEqual({ analytics: 'granted', monitoring: 'granted', functional: 'granted' });
    cmp!.update(tcString([1], []), false); // withdraws all but storage
    await vi.waitFor(() => expect(revoked).toHaveBeenCalledTimes(1));
    expect(store.getState()).toEqual({ analytics: 'denied', monitoring: 'denied', functional: 'granted' });

    stop(); // no longer listening: a later change is not heard
    cmp!.update('', true);
    cmp!.update(ACCEPT_ALL(), false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.get('analytics')).toBe('denied');
    loader.stop();
  });

  it('where GDPR does not apply the CMP decides nothing', async () => {
    const store = memoryStore();
    startCmp();
    connectTcf(store);
    cmp!.update(null);
    const seen = await new Promise<{ gdprApplies?: boolean }>((resolve) =>
      (window as unknown as { __tcfapi: (c: string, v: number, cb: (d: never) => void) => void }).__tcfapi(
        'addEventListener',
        2,
        resolve,
      ),
    );
    expect(seen.gdprApplies).toBe(false);
    expect(store.getState()).toEqual({ analytics: 'pending', monitoring: 'pending', functional: 'pending' });
  });

  it("under Global Privacy Control, the CMP's stored accept-all does not lift a sale-or-sharing category; the visitor's action in it does", async () => {
    const store = memoryStore({ saleOrSharing: ['analytics'], globalPrivacyControl: true });
    startCmp();
    connectTcf(store);
    cmp!.update(ACCEPT_ALL(), false);
    await vi.waitFor(() => expect(store.get('monitoring')).toBe('granted'));
    expect(store.get('analytics')).toBe('denied');
    cmp!.update('', true);
    cmp!.update(ACCEPT_ALL(), false);
    await vi.waitFor(() => expect(store.get('analytics')).toBe('granted'));
  });

  it('says so loudly when the store had granted before the CMP answered (a stored grant would load vendors early)', () => {
    resetChannel();
    const reports: unknown[] = [];
    const off = channel.on('report', (event) => reports.push(event));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    startCmp();
    connectTcf(memoryStore());
    connectTcf(memoryStore({ initial: { analytics: 'denied' } })); // a denial loads nothing: fine
    expect(reports).toEqual([]);
    connectTcf(memoryStore({ initial: { analytics: 'granted' } }));
    off();
    expect(JSON.stringify(reports)).toContain('granted before the TCF CMP answered');
  });

  it('refuses a mapping of a category the store does not ask for', () => {
    expect(() => connectTcf(memoryStore(), { mapping: { advertising: { purposes: [1, 3, 4] } } })).toThrow(
      /does not ask for/,
    );
  });
});
