import {
  type ConsentStore,
  channel,
  createVendorLoader,
  scrubDeep,
  type VendorLoader,
  type Visitor,
} from '@plinth/core';
import { createTestConsent, resetChannel } from '@plinth/core/testing';
import type { PosthogAdapter } from './adapter/types';
import { createReconcile } from './reconcile';
import { createWriters } from './writers';

/**
 * `reconcile` (visitor → posthog-js) and the writers, against core's real loader and visitor and a recording adapter
 * that keeps what posthog-js keeps in memory (who is identified, the groups, across a pause; a new anonymous id at a
 * reset). No React.
 */
type RecordingAdapter = PosthogAdapter & { calls: string[]; id: string; identified: boolean };
/** `remembered`: the person posthog-js kept in the browser from an earlier visit (identified at load). */
function recordingAdapter(remembered?: string, groups: Record<string, string> = {}): RecordingAdapter {
  const calls: string[] = [];
  let anonymous = 0;
  let held = { ...groups };
  let paused = false;
  const json = (value: unknown) => JSON.stringify(value ?? null);
  const adapter: RecordingAdapter = {
    calls,
    id: remembered ?? `anon-${++anonymous}`,
    identified: remembered !== undefined,
    capture: (event: string) => calls.push(`capture ${event} as ${adapter.id}`),
    captureException: () => calls.push('captureException'),
    identify: (id, set) => {
      calls.push(`identify ${id} ${json(set)}`);
      adapter.id = id;
      adapter.identified = true;
    },
    setPersonProperties: (set, setOnce) => calls.push(`setPersonProperties ${json(set)} ${json(setOnce)}`),
    unsetPersonProperties: (names) => calls.push(`unsetPersonProperties ${names.join(',')}`),
    alias: (alias) => calls.push(`alias ${alias}`),
    groups: () => held,
    group: (type, key, properties) => {
      calls.push(`group ${type} ${key} ${json(properties)}`);
      held = { ...held, [type]: key };
    },
    ungroup: (type) => {
      calls.push(`ungroup ${type}`);
      const { [type]: _, ...rest } = held;
      held = rest;
    },
    register: (properties) => calls.push(`register ${json(properties)}`),
    unregister: (name) => calls.push(`unregister ${name}`),
    distinctId: () => adapter.id,
    identifiedId: () => (adapter.identified ? adapter.id : undefined),
    sessionId: () => 'session',
    subscribeSessionId: () => () => {},
    subscribeSurveys: () => () => {},
    leavePage: () => calls.push(`leavePage as ${adapter.id}`),
    reset: () => {
      calls.push('reset');
      adapter.id = `anon-${++anonymous}`;
      adapter.identified = false;
      held = {};
    },
    pause: () => {
      paused = true;
      calls.push('pause');
    },
    resume: () => {
      if (!paused) return;
      paused = false;
      calls.push('resume');
    },
  };
  return adapter;
}

let adapter: RecordingAdapter;
let consent: ConsentStore;
let loader: VendorLoader<PosthogAdapter>;
let writers: ReturnType<typeof createWriters>;
let resets: number;
const scrub = <T>(value: T) => scrubDeep(value);

function setup(decision: 'pending' | 'granted' | 'denied', remembered?: string, groups?: Record<string, string>) {
  adapter = recordingAdapter(remembered, groups);
  consent = createTestConsent({ analytics: decision });
  resets = 0;
  const onReset = () => resets++;
  loader = createVendorLoader<PosthogAdapter>({
    name: 'posthog',
    consent: { store: consent, category: 'analytics' },
    load: () => adapter,
    reconcile: createReconcile({ scrub, onReset }),
    onRevoke: (a) => a.pause(),
  });
  writers = createWriters(loader, { scrub, onReset });
}
/** An event as `createAnalytics` sends one (core drops it if its person left before it ran). */
const capture = (event: string) => loader.call((a) => a.capture(event, {}, { at: new Date() }));
const calls = () => adapter.calls.splice(0);
/** Consent was pending: the visitor grants it and the SDK loads. */
async function grantAndLoad() {
  void loader.start();
  consent.grant('analytics');
  await loader.ready();
}

beforeEach(() => resetChannel());

describe('reconcile alone: previous → next', () => {
  const visitor = (patch: Partial<Visitor> = {}): Visitor => ({
    subject: { kind: 'anonymous' },
    attributes: {},
    groups: {},
    properties: {},
    person: 0,
    version: 1,
    ...patch,
  });
  const carol = { kind: 'identified', user: { id: 'carol', name: 'Carol' } } as const;

  it('from undefined (a load, a grant): identifies with the person properties, groups, super properties, all scrubbed', () => {
    const a = recordingAdapter();
    const reconcile = createReconcile({ scrub, personProperties: (user) => ({ name: user.name }) });
    reconcile(
      a,
      visitor({
        subject: carol,
        attributes: { plan: 'pro', contact: 'gina@example.com' },
        groups: { company: { key: 'acme', attributes: { seats: 3 } } },
        properties: { app: '1.0' },
      }),
      undefined,
    );
    expect(a.calls).toEqual([
      'register {"app":"1.0"}',
      'identify carol {"name":"Carol","plan":"pro","contact":"[redacted]"}',
      'group company acme {"seats":3}',
    ]);
  });

  it('from undefined again on an SDK that kept it all in memory (a re-grant): nothing is sent twice', () => {
    const a = recordingAdapter('carol', { company: 'acme' });
    const next = visitor({ subject: carol, groups: { company: { key: 'acme', attributes: { seats: 3 } } } });
    createReconcile({ scrub })(a, next, undefined);
    expect(a.calls).toEqual([]);
  });

  it('a change: only the difference (attributes whole when they changed, a removal unset, unregistered, ungrouped)', () => {
    const a = recordingAdapter('carol', { company: 'acme', team: 'design' });
    const previous = visitor({
      subject: carol,
      attributes: { plan: 'free', beta: true },
      groups: { company: { key: 'acme' }, team: { key: 'design' } },
      properties: { app: '1.0', channel: 'beta' },
    });
    const next = visitor({
      subject: carol,
      attributes: { plan: 'pro' },
      groups: { company: { key: 'acme', attributes: { seats: 4 } } },
      properties: { app: '1.0' },
      version: 2,
    });
    createReconcile({ scrub })(a, next, previous);
    expect(a.calls).toEqual([
      'unregister channel',
      'setPersonProperties {"plan":"pro"} null',
      'unsetPersonProperties beta',
      'ungroup team',
      'group company acme {"seats":4}',
    ]);
  });

  it('the person left (person grew): her page first, then the reset, then the next visitor from scratch', () => {
    const a = recordingAdapter('carol', { company: 'acme' });
    const previous = visitor({ subject: carol, groups: { company: { key: 'acme' } } });
    const next = visitor({ person: 1, properties: { app: '1.0' }, version: 2 });
    let reset = 0;
    createReconcile({ scrub, onReset: () => reset++ })(a, next, previous);
    expect(a.calls).toEqual(['leavePage as carol', 'reset', 'register {"app":"1.0"}']);
    expect(reset).toBe(1);
  });

  it('at load: a remembered person is reset when the visitor is anonymous or someone else, kept while unknown or her', () => {
    const run = (subject: Visitor['subject']) => {
      const a = recordingAdapter('carol');
      createReconcile({ scrub })(a, visitor({ subject }), undefined);
      return a.calls;
    };
    expect(run({ kind: 'unknown' })).toEqual([]);
    expect(run(carol)).toEqual([]);
    // Nothing is sent in her name: she left before this page (no leavePage).
    expect(run({ kind: 'anonymous' })).toEqual(['reset']);
    expect(run({ kind: 'identified', user: { id: 'dan' } })).toEqual(['reset', 'identify dan null']);
  });

  it('refuses an email-shaped id (reported once): the SDK carries nobody rather than her address', () => {
    const reports: string[] = [];
    channel.on('report', (e) => reports.push(e.message));
    const a = recordingAdapter();
    createReconcile({ scrub })(
      a,
      visitor({ subject: { kind: 'identified', user: { id: 'ann@example.com' } } }),
      undefined,
    );
    expect(a.calls).toEqual([]);
    expect(reports).toEqual(['analytics: not identifying an email-shaped user id']);
  });
});

describe('the writers and reconcile against core’s loader', () => {
  it('what is said before consent is applied at load, scrubbed, before the events queued with it', async () => {
    setup('pending');
    writers.register({ app: '1.0' });
    writers.identify('user-7', { set: { plan: 'pro', contact: 'gina@example.com' } });
    capture('first');
    writers.group('company', 'acme', { seats: 3 });
    writers.setPersonProperties({ set: { seats_used: 1 }, setOnce: { first_seen: 'today' } });
    writers.alias('backend-7');
    capture('second');
    await grantAndLoad();
    expect(calls()).toEqual([
      'register {"app":"1.0"}',
      'identify user-7 {"plan":"pro","contact":"[redacted]","seats_used":1}',
      'group company acme {"seats":3}',
      'setPersonProperties null {"first_seen":"today"}', // PostHog's alone, kept by the loader until sent
      'alias backend-7',
      'capture first as user-7',
      'capture second as user-7',
    ]);
  });

  it('a denial drops events, never the visitor; a re-grant resumes first and sends nothing the SDK still holds', async () => {
    setup('granted');
    await loader.start();
    writers.identify('carol', { set: { plan: 'pro' } });
    writers.group('company', 'acme', { seats: 3 });
    writers.alias('backend-carol');
    writers.register({ app: '1.0' });
    calls();
    consent.deny('analytics');
    capture('while_denied');
    writers.group('team', 'design'); // said while denied: applied at the grant
    consent.grant('analytics');
    capture('after');
    expect(calls()).toEqual([
      'pause',
      'resume', // before anything else: a paused posthog-js drops what it is given
      'register {"app":"1.0"}', // local to the SDK: applied whole
      'setPersonProperties {"plan":"pro"} null', // posthog-js skips a $set it just sent (the same call)
      'group team design null',
      'capture after as carol',
    ]);
    expect(loader.dropped()).toMatchObject({ denied: 1, visitor: 0 });
  });

  it('two tabs: denied here, signed out in the other tab (heard on the channel), granted again: reset first, carries no one', async () => {
    setup('granted');
    await loader.start();
    channel.signedIn({ id: 'carol' });
    writers.group('company', 'acme');
    capture('as_carol');
    consent.deny('analytics');
    capture('dropped_while_denied');
    channel.signedOut();
    expect(calls()).toEqual(['identify carol null', 'group company acme null', 'capture as_carol as carol', 'pause']);
    expect(resets).toBe(0); // nothing runs while denied
    consent.grant('analytics');
    capture('after_regrant');
    // She left while it was paused: reset, and nothing made in her name after she left (no leavePage).
    expect(calls()).toEqual(['resume', 'reset', 'capture after_regrant as anon-2']);
    expect(resets).toBe(1);
    consent.deny('analytics');
    consent.grant('analytics');
    capture('again');
    expect(calls()).toEqual(['pause', 'resume', 'capture again as anon-2']); // reset once, not at every grant
  });

  it('sign-in then sign-out before consent: nothing of hers reaches the SDK, her queued events are dropped (counted)', async () => {
    setup('pending');
    writers.identify('alice', { set: { plan: 'pro' }, setOnce: { first: 'x' } });
    writers.alias('backend-alice');
    writers.register({ plan: 'pro' });
    capture('by_alice');
    writers.reset();
    writers.identify('bob');
    capture('by_bob');
    await grantAndLoad();
    expect(calls()).toEqual(['identify bob null', 'capture by_bob as bob']);
    expect(loader.dropped().visitor).toBe(1);
  });

  it('another person without a sign-out: the last one’s attributes, $set_once and aliases are not theirs', async () => {
    setup('pending');
    writers.identify('alice');
    writers.setPersonProperties({ set: { plan: 'pro' }, setOnce: { first: 'x' } });
    writers.alias('backend-alice');
    capture('by_alice');
    writers.identify('bob');
    await grantAndLoad();
    expect(calls()).toEqual(['identify bob null']);
    expect(loader.dropped().visitor).toBe(1);
  });

  it('register once keeps a value already set; unregister and resetGroups take them off; $set_once first wins', async () => {
    setup('granted');
    await loader.start();
    writers.setPersonProperties({ set: { a: 1 }, setOnce: { first: 'x' } });
    writers.register({ v: '1', channel: 'beta' });
    writers.register({ v: '9' }, { once: true }); // already set: kept
    writers.unregister('channel');
    writers.group('team', 'design');
    writers.resetGroups();
    expect(calls()).toEqual([
      'setPersonProperties {"a":1} null',
      'setPersonProperties null {"first":"x"}',
      'register {"v":"1","channel":"beta"}',
      'unregister channel',
      'group team design null',
      'ungroup team',
    ]);
  });

  it('refuses email-shaped ids and aliases, with one report', async () => {
    setup('granted');
    await loader.start();
    const reports: string[] = [];
    channel.on('report', (e) => reports.push(e.message));
    writers.identify('ann@example.com');
    writers.alias('ann@example.com');
    expect(calls()).toEqual([]);
    expect(channel.visitor.get().subject.kind).toBe('unknown');
    expect(reports).toEqual(['analytics: not identifying an email-shaped user id']);
  });
});

describe('every way a session ends reaches PostHog (issue 34)', () => {
  it('a sign-out while the instance is stopped reaches it at its next start, before any event', async () => {
    setup('granted');
    await loader.start();
    channel.signedIn({ id: 'carol' });
    capture('as_carol');
    loader.stop(); // the provider unmounted (the instance stopped)
    channel.signedOut(); // e.g. in another tab, heard on this page's channel while nobody here listens
    void loader.start(); // started again
    capture('after');
    expect(calls()).toEqual([
      'identify carol null',
      'capture as_carol as carol',
      'leavePage as carol',
      'reset',
      'capture after as anon-2',
    ]);
  });

  it('a restore that fails at start-up after an identified session: the person the SDK remembered is reset before its first event', async () => {
    setup('granted', 'carol'); // posthog-js kept carol in the browser from an earlier visit
    channel.signedOut(); // auth's silent restore failed: nobody is signed in
    capture('first');
    await loader.start();
    expect(calls()).toEqual(['reset', 'capture first as anon-1']);
  });

  it('the visitor settling anonymous while the SDK runs resets the person it remembered; an anonymous SDK is left alone', async () => {
    setup('granted', 'carol');
    await loader.start(); // the visitor is unknown: nothing to say yet
    channel.signedOut();
    capture('next');
    channel.signedIn({ id: 'dan' });
    channel.signedOut();
    capture('later');
    expect(calls()).toEqual([
      'reset', // the page was the visitor's, not hers: no leavePage
      'capture next as anon-1',
      'identify dan null',
      'leavePage as dan',
      'reset',
      'capture later as anon-2',
    ]);
  });

  it('events queued across a sign-out are hers: dropped and counted, never sent as the next visitor', async () => {
    setup('pending');
    channel.signedIn({ id: 'carol' });
    capture('hers_1');
    capture('hers_2');
    channel.signedOut();
    capture('his');
    await grantAndLoad();
    expect(calls()).toEqual(['capture his as anon-1']);
    expect(loader.dropped()).toMatchObject({ visitor: 2, overflow: 0, denied: 0, failed: 0 });
  });
});
