// Policy revisions (a decision made under an older revision is asked again) and proof of consent (a record per
// decision handed to the app; Plinth keeps none).
import { type ConsentStore, createConsent } from './consent';
import { type ConsentRecord, checkConsentRecord } from './consent-record';
import { recordConsent } from './records';

describe('policy revisions', () => {
  beforeEach(() => localStorage.clear());

  it('a decision stored under an older revision is asked again, and says which revision it was', () => {
    const first = createConsent({ revision: '2026-01' });
    expect(first.revision).toEqual({ current: '2026-01' });
    first.grant();
    expect(JSON.parse(localStorage.getItem('plinth.consent')!)).toMatchObject({ r: '2026-01' });
    expect(createConsent({ revision: '2026-01' }).get('analytics')).toBe('granted');

    const bumped = createConsent({ revision: '2026-11' });
    expect(bumped.getState()).toEqual({ analytics: 'pending', monitoring: 'pending', functional: 'pending' });
    expect(bumped.revision).toEqual({ current: '2026-11', previous: '2026-01' });
    bumped.deny('analytics');
    expect(createConsent({ revision: '2026-11' }).getState()).toMatchObject({ analytics: 'denied' });
  });

  it('a record stored before the app stated a revision is asked again once it does', () => {
    createConsent().grant();
    const store = createConsent({ revision: '1' });
    expect(store.get('analytics')).toBe('pending');
    expect(store.revision.previous).toBe('');
  });
});

describe('proof of consent', () => {
  beforeEach(() => {
    localStorage.clear();
    history.replaceState(null, '', '/settings?code=SECRET#token=XYZ');
  });

  it('hands the app one record per decision: id, revision, source, categories, time, page (no query, no fragment)', () => {
    const records: ConsentRecord[] = [];
    const store = createConsent({ revision: '2026-11' });
    const stop = recordConsent(store, (r) => records.push(r));
    store.grant('analytics');
    store.grant('analytics'); // no change, no record
    store.set({ monitoring: 'denied' }, { source: 'tcf' });
    expect(records).toHaveLength(2);
    expect(records[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      revision: '2026-11',
      source: 'banner',
      categories: { analytics: 'granted', monitoring: 'pending', functional: 'pending' },
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      page: `${location.origin}/settings`,
    });
    expect(records[1]).toMatchObject({ source: 'tcf', categories: { monitoring: 'denied' } });
    expect(records[0]!.id).not.toBe(records[1]!.id);
    // What the server handler accepts, as is.
    for (const record of records)
      expect(checkConsentRecord(JSON.parse(JSON.stringify(record)))).toMatchObject({ ok: true });
    stop();
    store.reset();
    expect(records).toHaveLength(2);
  });

  it('does not record a decision followed from another tab (that tab recorded it)', () => {
    const records: ConsentRecord[] = [];
    const store = createConsent();
    recordConsent(store, (r) => records.push(r));
    expect(store.get('analytics')).toBe('pending');
    localStorage.setItem('plinth.consent', JSON.stringify({ v: 1, decisions: { analytics: 'granted' } }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'plinth.consent' }));
    expect(store.get('analytics')).toBe('granted');
    expect(records).toEqual([]);
  });

  it('records the Global Privacy Control denial for the page, after the current task, with source gpc', async () => {
    const records: ConsentRecord[] = [];
    const store = createConsent({ saleOrSharing: ['analytics'], globalPrivacyControl: true });
    recordConsent(store, (r) => records.push(r));
    expect(records).toEqual([]); // not inside the caller's task (a render, a module's evaluation)
    await Promise.resolve();
    expect(records).toEqual([
      expect.objectContaining({ source: 'gpc', categories: expect.objectContaining({ analytics: 'denied' }) }),
    ]);
    store.grant('analytics'); // the explicit opt-in: recorded as the banner's
    expect(records.map((r) => [r.source, r.categories.analytics])).toEqual([
      ['gpc', 'denied'],
      ['banner', 'granted'],
    ]);
    // Granted under the signal: the next page holds nothing denied, so records no GPC denial.
    const later: ConsentRecord[] = [];
    recordConsent(createConsent({ saleOrSharing: ['analytics'], globalPrivacyControl: true }), (r) => later.push(r));
    await Promise.resolve();
    expect(later).toEqual([]);
  });

  it('records the signal once, not on every page: again when it applies anew (off then on, another revision)', async () => {
    const records: ConsentRecord[] = [];
    /** A page load: a new store and recorder, the browser still sending GPC (or not). */
    const load = async (gpc: boolean, revision = '2026-11', visitor?: (store: ConsentStore) => void) => {
      const store = createConsent({ saleOrSharing: ['analytics'], globalPrivacyControl: gpc, revision });
      const stop = recordConsent(store, (r) => records.push(r));
      await Promise.resolve();
      visitor?.(store);
      stop();
    };
    await load(true);
    expect(records.map((r) => r.source)).toEqual(['gpc']); // the positive sentinel: this page recorded it
    await load(true);
    await load(true);
    expect(records.map((r) => r.source)).toEqual(['gpc']); // the next pages: the same signal, already proven
    await load(true, '2026-11', (store) => store.deny()); // a decision is recorded as such, and does not make the signal new
    await load(true);
    expect(records.map((r) => r.source)).toEqual(['gpc', 'banner']);
    await load(false); // the browser stopped sending it
    await load(true); // and sends it again: recorded again
    expect(records.map((r) => r.source)).toEqual(['gpc', 'banner', 'gpc']);
    await load(true, '2026-12'); // a new policy revision: the signal applies under it
    expect(records.map((r) => [r.source, r.revision])).toEqual([
      ['gpc', '2026-11'],
      ['banner', '2026-11'],
      ['gpc', '2026-11'],
      ['gpc', '2026-12'],
    ]);
  });
});
