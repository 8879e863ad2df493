import { type ConsentStore, channel, createVendorLoader, scrubDeep, type VendorLoader } from '@plinth/core';
import { createTestConsent, resetChannel } from '@plinth/core/testing';
import type { PosthogAdapter } from './adapter/types';
import { createIdentity, type Identity } from './identity';

/**
 * The identity against core's real loader and a recording adapter that keeps what posthog-js keeps in memory
 * (the distinct id across a pause, a new anonymous id at a reset). No React.
 */
type RecordingAdapter = PosthogAdapter & { calls: string[]; id: string; identified: boolean };
/** `remembered`: the person posthog-js kept in the browser from an earlier visit (identified at load). */
function recordingAdapter(remembered?: string): RecordingAdapter {
  const calls: string[] = [];
  let anonymous = 0;
  const adapter: RecordingAdapter = {
    calls,
    id: remembered ?? `anon-${++anonymous}`,
    identified: remembered !== undefined,
    capture: (event: string) => calls.push(`capture ${event} as ${adapter.id}`),
    captureException: () => calls.push('captureException'),
    identify: (id: string, set?: object, setOnce?: object) => {
      calls.push(`identify ${id} ${JSON.stringify(set ?? null)} ${JSON.stringify(setOnce ?? null)}`);
      adapter.id = id;
      adapter.identified = true;
    },
    setPersonProperties: (set?: object, setOnce?: object) =>
      calls.push(`setPersonProperties ${JSON.stringify(set)} ${JSON.stringify(setOnce)}`),
    alias: (alias: string) => calls.push(`alias ${alias}`),
    group: (type: string, key: string, properties?: object) =>
      calls.push(`group ${type} ${key} ${JSON.stringify(properties ?? null)}`),
    resetGroups: () => calls.push('resetGroups'),
    register: (properties: object, once: boolean) =>
      calls.push(`register${once ? '_once' : ''} ${JSON.stringify(properties)}`),
    unregister: (name: string) => calls.push(`unregister ${name}`),
    distinctId: () => adapter.id,
    identifiedId: () => (adapter.identified ? adapter.id : undefined),
    sessionId: () => 'session',
    onSessionId: () => () => {},
    reset: () => {
      calls.push('reset');
      adapter.id = `anon-${++anonymous}`;
      adapter.identified = false;
    },
    pause: () => calls.push('pause'),
    resume: () => calls.push('resume'),
  };
  return adapter;
}

let adapter: RecordingAdapter;
let consent: ConsentStore;
let loader: VendorLoader<PosthogAdapter>;
let identity: Identity;
let resets: number;

function setup(decision: 'pending' | 'granted' | 'denied', remembered?: string) {
  adapter = recordingAdapter(remembered);
  consent = createTestConsent({ analytics: decision });
  loader = createVendorLoader<PosthogAdapter>({
    name: 'posthog',
    consent: { store: consent, category: 'analytics' },
    load: () => adapter,
    onRevoke: (a) => a.pause(),
    onRegrant: (a) => a.resume(),
  });
  resets = 0;
  identity = createIdentity(loader, { scrub: (value) => scrubDeep(value), onReset: () => resets++ });
}
/** An event as `createAnalytics` sends one: dropped if the person changed before it ran. */
const capture = (event: string) => loader.call(identity.byThisPerson((a) => a.capture(event, {}, { at: new Date() })));
const calls = () => adapter.calls.splice(0);
/** Consent was pending: the visitor grants it and the SDK loads. */
async function grantAndLoad() {
  void loader.start();
  consent.grant('analytics');
  await loader.ready();
}

beforeEach(() => resetChannel());

describe('identity: the loader’s kept state', () => {
  it('what is said before consent is applied at load, scrubbed, before the events queued with it', async () => {
    setup('pending');
    identity.register({ app: '1.0' }, false);
    identity.identify('user-7', { set: { plan: 'pro', contact: 'gina@example.com' } });
    capture('first');
    identity.group('company', 'acme', { seats: 3 });
    identity.setPersonProperties({ set: { seats_used: 1 }, setOnce: { first_seen: 'today' } });
    identity.alias('backend-7');
    capture('second');
    await grantAndLoad();
    expect(calls()).toEqual([
      'register {"app":"1.0"}',
      'identify user-7 {"plan":"pro","contact":"[redacted]"} null',
      'group company acme {"seats":3}',
      'setPersonProperties {"seats_used":1} {"first_seen":"today"}',
      'alias backend-7',
      'capture first as user-7',
      'capture second as user-7',
    ]);
  });

  it('a denial drops events, never the identity; a re-grant re-applies nothing the SDK still holds', async () => {
    setup('granted');
    await loader.start();
    identity.identify('carol', { set: { plan: 'pro' } });
    identity.group('company', 'acme', { seats: 3 });
    identity.setPersonProperties({ set: { seats_used: 1 } });
    identity.alias('backend-carol');
    identity.register({ app: '1.0' }, false);
    calls();
    consent.deny('analytics');
    capture('while_denied');
    identity.group('team', 'design'); // said while denied: applied at the grant
    consent.grant('analytics');
    capture('after');
    expect(calls()).toEqual([
      'pause',
      'resume',
      'register {"app":"1.0"}', // local to the SDK: applied whole
      'group team design null',
      'capture after as carol',
    ]);
  });

  it('two tabs: denied here, signed out in the other tab (heard on the channel), granted again: the SDK is reset first and carries no one', async () => {
    setup('granted');
    await loader.start();
    identity.follow();
    channel.signedIn({ id: 'carol' });
    identity.group('company', 'acme');
    capture('as_carol');
    consent.deny('analytics');
    capture('queued_while_denied');
    channel.signedOut();
    expect(calls()).toEqual([
      'identify carol null null',
      'group company acme null',
      'capture as_carol as carol',
      'pause',
    ]);
    expect(resets).toBe(0); // nothing runs while denied
    consent.grant('analytics');
    capture('after_regrant');
    const after = calls();
    expect(after).toEqual(['resume', 'reset', 'capture after_regrant as anon-2']);
    expect(resets).toBe(1);
    consent.deny('analytics');
    consent.grant('analytics');
    capture('again');
    expect(calls()).toEqual(['pause', 'resume', 'capture again as anon-2']); // reset once, not at every grant
  });

  it('a signed-in user is carried after deny → re-grant; a reload (a fresh SDK) is identified again', async () => {
    setup('granted');
    await loader.start();
    identity.identify('dan');
    consent.deny('analytics');
    consent.grant('analytics');
    capture('after');
    expect(calls()).toEqual(['identify dan null null', 'pause', 'resume', 'capture after as dan']);
  });

  it('the SDK lost the person behind Plinth’s back (another tab’s reset adopted): the next grant applies it again', async () => {
    setup('granted');
    await loader.start();
    identity.identify('erin');
    identity.group('company', 'acme', { seats: 1 });
    consent.deny('analytics');
    adapter.id = 'anon-from-another-tab';
    consent.grant('analytics');
    expect(calls()).toEqual([
      'identify erin null null',
      'group company acme {"seats":1}',
      'pause',
      'resume',
      'identify erin null null',
      'group company acme {"seats":1}',
    ]);
  });

  it('sign-in then sign-out before consent: only the reset reaches the SDK, and the earlier person’s events are dropped', async () => {
    setup('pending');
    identity.identify('alice', { set: { plan: 'pro' } });
    identity.register({ plan: 'pro' }, false);
    capture('by_alice');
    identity.reset();
    identity.identify('bob');
    capture('by_bob');
    await grantAndLoad();
    expect(calls()).toEqual(['reset', 'identify bob null null', 'capture by_bob as bob']);
    expect(identity.current()).toBe('bob');
  });

  it('another person without a sign-out: the last one’s person properties and aliases are not theirs', async () => {
    setup('pending');
    identity.identify('alice');
    identity.setPersonProperties({ set: { plan: 'pro' } });
    identity.alias('backend-alice');
    capture('by_alice');
    identity.identify('bob');
    await grantAndLoad();
    expect(calls()).toEqual(['identify bob null null']);
  });

  it('person properties merge (set: last wins, setOnce: first wins); super properties follow register once and unregister', async () => {
    setup('granted');
    await loader.start();
    identity.setPersonProperties({ set: { a: 1 }, setOnce: { first: 'x' } });
    identity.setPersonProperties({ set: { a: 2, b: 1 }, setOnce: { first: 'y' } });
    identity.register({ v: '1', channel: 'beta' }, false);
    identity.register({ v: '9' }, true); // already set: kept
    identity.unregister('channel');
    identity.resetGroups();
    identity.group('team', 'design');
    expect(calls()).toEqual([
      'setPersonProperties {"a":1} {"first":"x"}',
      'setPersonProperties {"a":2,"b":1} {"first":"x"}',
      'register {"v":"1","channel":"beta"}',
      'register {"v":"1","channel":"beta"}',
      'unregister channel',
      'register {"v":"1"}',
      'resetGroups',
      'group team design null',
    ]);
  });

  it('refuses email-shaped ids and aliases, with one report', async () => {
    setup('granted');
    await loader.start();
    const reports: string[] = [];
    channel.on('report', (e) => reports.push(e.message));
    identity.identify('ann@example.com');
    identity.alias('ann@example.com');
    expect(calls()).toEqual([]);
    expect(reports).toEqual(['analytics: not identifying an email-shaped user id']);
  });

  it('follow(): the session that began before is identified with its person properties; a sign-out resets; stop stops', async () => {
    setup('granted');
    await loader.start();
    channel.signedIn({ id: 'fay', name: 'Fay' });
    const stop = identity.follow((user) => ({ name: user.name }));
    channel.signedIn({ id: 'fay', name: 'Fay' }); // the same person: nothing again
    channel.signedOut();
    stop();
    channel.signedIn({ id: 'gus' });
    expect(calls()).toEqual(['identify fay {"name":"Fay"} null', 'reset']);
  });
});

describe('identity follows core’s visitor (issue 34)', () => {
  it('a sign-out while the instance is stopped reaches it at its next start, before any event', async () => {
    setup('granted');
    await loader.start();
    const stop = identity.follow();
    channel.signedIn({ id: 'carol' });
    capture('as_carol');
    stop(); // the provider unmounted (the instance stopped)
    channel.signedOut(); // e.g. in another tab, heard on this page's channel while nobody here listens
    identity.follow(); // started again
    capture('after');
    expect(calls()).toEqual([
      'identify carol null null',
      'capture as_carol as carol',
      'reset',
      'capture after as anon-2',
    ]);
  });

  it('a restore that fails at start-up after an identified session: the person the SDK remembered is reset before its first event', async () => {
    setup('granted', 'carol'); // posthog-js kept carol in the browser from an earlier visit
    channel.signedOut(); // auth's silent restore failed: nobody is signed in
    identity.follow();
    await loader.start();
    capture('first');
    expect(calls()).toEqual(['reset', 'capture first as anon-1']);
  });

  it('the visitor settling anonymous while the SDK runs resets the person it remembered; an anonymous SDK is left alone', async () => {
    setup('granted', 'carol');
    await loader.start();
    identity.follow(); // the visitor is unknown: nothing to say yet
    channel.signedOut();
    capture('next');
    channel.signedIn({ id: 'dan' });
    channel.signedOut();
    capture('later');
    expect(calls()).toEqual([
      'reset',
      'capture next as anon-1',
      'identify dan null null',
      'reset',
      'capture later as anon-2',
    ]);
  });
});
