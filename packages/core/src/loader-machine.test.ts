import { type LoaderEvent, transition } from './loader-machine';
import type { VendorStatus } from './vendor-loader';

const ALL: readonly VendorStatus[] = [
  'idle',
  'waiting-consent',
  'loading',
  'ready',
  'denied',
  'failed',
  'blocked',
  'timeout',
  'rejected',
];
const consent = (
  decision: 'granted' | 'denied' | 'pending',
  facts: Partial<{ sdk: boolean; importing: boolean; waitForEvent: boolean }> = {},
): LoaderEvent => ({ type: 'consent', decision, sdk: false, importing: false, waitForEvent: false, ...facts });

/** Where every status goes through `event`. */
const row = (event: LoaderEvent) => Object.fromEntries(ALL.map((from) => [from, transition(from, event)]));
/** The statuses listed go there; every other one stays as it is. */
const expected = (to: Partial<Record<VendorStatus, VendorStatus>>) =>
  Object.fromEntries(ALL.map((from) => [from, to[from] ?? from]));

describe('the loader’s transition table (every status through every event)', () => {
  it('consent denied or pending: denied / waiting-consent, except after a failed import', () => {
    const live = ALL.filter((s) => s !== 'failed' && s !== 'blocked');
    expect(row(consent('denied'))).toEqual(expected(Object.fromEntries(live.map((s) => [s, 'denied']))));
    expect(row(consent('pending'))).toEqual(expected(Object.fromEntries(live.map((s) => [s, 'waiting-consent']))));
  });

  it('consent granted: usable stays; a loaded SDK is ready; an import in flight is loading; else idle or loading', () => {
    const starting: readonly VendorStatus[] = ['idle', 'waiting-consent', 'loading', 'denied', 'timeout'];
    const to = (status: VendorStatus) => expected(Object.fromEntries(starting.map((s) => [s, status])));
    expect(row(consent('granted', { sdk: true }))).toEqual(to('ready'));
    expect(row(consent('granted', { importing: true }))).toEqual(to('loading'));
    expect(row(consent('granted', { waitForEvent: true }))).toEqual(to('idle'));
    expect(row(consent('granted'))).toEqual(to('loading'));
  });

  it('the import: begins loading from anywhere; its end is ready, blocked or failed only while importing', () => {
    expect(row({ type: 'import' })).toEqual(Object.fromEntries(ALL.map((s) => [s, 'loading'])));
    expect(row({ type: 'loaded' })).toEqual(expected({ loading: 'ready', timeout: 'ready' }));
    expect(row({ type: 'importFailed', blocked: true })).toEqual(expected({ loading: 'blocked', timeout: 'blocked' }));
    expect(row({ type: 'importFailed', blocked: false })).toEqual(expected({ loading: 'failed', timeout: 'failed' }));
    expect(row({ type: 'timeout' })).toEqual(expected({ loading: 'timeout' }));
  });

  it('a turn skipped by a stop goes back to idle; one skipped by a withdrawal keeps the withdrawal', () => {
    expect(row({ type: 'skipped', stopped: true })).toEqual(expected({ loading: 'idle', timeout: 'idle' }));
    expect(row({ type: 'skipped', stopped: false })).toEqual(expected({}));
  });

  it('the service refuses and accepts again; a stop while waiting is idle', () => {
    expect(row({ type: 'reject' })).toEqual(expected({ ready: 'rejected' }));
    expect(row({ type: 'accepted' })).toEqual(expected({ rejected: 'ready' }));
    expect(row({ type: 'stop' })).toEqual(expected({ 'waiting-consent': 'idle' }));
  });
});
