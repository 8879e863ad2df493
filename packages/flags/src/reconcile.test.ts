import { channel, REDACTED, type Visitor } from '@plinth/core';
import { resetChannel } from '@plinth/core/testing';
import { createFlagCache } from './cache';
import type { EvaluationContext, MultiContext } from './ldContext';
import { contextOf, createReconcile } from './reconcile';

// The loader's reconcile for LaunchDarkly, without React and without the SDK: core's visitor → the context the
// SDK evaluates, and the cache following the subject.

const visitorKey = () => 'visitor-12345678';
const cache = () => createFlagCache({ clientSideId: 'env', enabled: true, allowed: () => true });
/** A recording SDK door: the contexts it was asked to evaluate. */
const sdk = () => {
  const asked: (EvaluationContext | MultiContext)[] = [];
  return { asked, identify: async (context: EvaluationContext | MultiContext) => void asked.push(context) };
};
const now = (): Visitor => channel.visitor.get();

afterEach(() => {
  resetChannel();
  localStorage.clear();
});

describe('contextOf: core’s visitor as the LaunchDarkly context', () => {
  it('unknown or anonymous: the visitor key; identified: the subject’s id only; the visitor’s attributes on the user, its groups as kinds', () => {
    channel.visitor.update({ attributes: { plan: 'pro' } });
    expect(contextOf(now(), undefined, visitorKey)).toEqual({
      kind: 'user',
      plan: 'pro',
      key: 'visitor-12345678',
      anonymous: true,
    });
    channel.signedIn({ id: 'carol', email: 'carol@example.com' });
    channel.visitor.update({ groups: { organization: { key: 'acme', attributes: { plan: 'team' } } } });
    expect(contextOf(now(), undefined, visitorKey)).toEqual({
      kind: 'multi',
      user: { plan: 'pro', key: 'carol' },
      organization: { plan: 'team', key: 'acme' },
    });
    expect(contextOf(now(), ['email'], visitorKey)).toMatchObject({
      user: { key: 'carol', email: 'carol@example.com', _meta: { privateAttributes: ['email'] } },
    });
  });

  it('what other packages wrote is sent only as LaunchDarkly may have it: scrubbed, no reserved name, no group type that is not a kind (one development warning)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // e.g. analytics' person properties and groups, through the same writer
    channel.visitor.update({
      attributes: { email: 'ada@example.com', name: 'Ada', key: 'forged', note: 'write ada@example.com' },
      groups: {
        'my org': { key: 'acme' },
        user: { key: 'x' },
        team: { key: 't-1', attributes: { key: 'y', lead: 'bo@example.com' } },
      },
    });
    const context = contextOf(now(), undefined, visitorKey);
    expect(context).toEqual({
      kind: 'multi',
      user: { note: `write ${REDACTED}`, key: 'visitor-12345678', anonymous: true },
      team: { lead: REDACTED, key: 't-1' },
    });
    contextOf(now(), undefined, visitorKey); // again: no second warning
    expect(warn.mock.calls.map(([message]) => String(message))).toEqual([
      expect.stringMatching(
        /^\[plinth\] launchdarkly: the visitor's group "my org" is not a LaunchDarkly context kind/,
      ),
      expect.stringMatching(/group "user" is not a LaunchDarkly context kind/),
    ]);
    warn.mockRestore();
  });
});

describe('reconcile(sdk, next, previous)', () => {
  it('at load, on a page that settled anonymous: the remembered person’s cached values go before the SDK evaluates the anonymous context', async () => {
    localStorage.setItem('plinth.flags.env.user:carol', JSON.stringify({ theme: 'dark' })); // an earlier visit
    localStorage.setItem('ld:env:$diagnostics', '{}');
    localStorage.setItem('plinth.flags.env.anonymous', JSON.stringify({ theme: 'light' }));
    const door = sdk();
    const reconcile = createReconcile({ cache: cache(), anonymousKey: visitorKey });
    channel.signedOut(); // the silent restore failed
    await reconcile(door, now(), undefined);
    expect(door.asked).toEqual([{ kind: 'user', key: 'visitor-12345678', anonymous: true }]);
    expect(localStorage.getItem('plinth.flags.env.user:carol')).toBeNull();
    expect(localStorage.getItem('ld:env:$diagnostics')).toBeNull();
    expect(localStorage.getItem('plinth.flags.env.anonymous')).not.toBeNull(); // the visitor's own stay
  });

  it('before auth settles nothing is removed (the sentinel: once it settles on another user, it is)', async () => {
    localStorage.setItem('plinth.flags.env.user:carol', '{}');
    const door = sdk();
    const reconcile = createReconcile({ cache: cache(), anonymousKey: visitorKey });
    const unknown = now();
    await reconcile(door, unknown, undefined);
    expect(localStorage.getItem('plinth.flags.env.user:carol')).not.toBeNull();
    channel.signedIn({ id: 'dan' });
    await reconcile(door, now(), unknown);
    expect(localStorage.getItem('plinth.flags.env.user:carol')).toBeNull();
    expect(door.asked.at(-1)).toEqual({ kind: 'user', key: 'dan' });
  });

  it('a person leaving: her cached values, attributes and kinds go (core empties the slices); the next context is anonymous', async () => {
    const follow = createFlagCache({ clientSideId: 'env', enabled: true, allowed: () => true });
    const spy = vi.spyOn(follow, 'follow');
    const door = sdk();
    const reconcile = createReconcile({ cache: follow, anonymousKey: visitorKey });
    channel.signedIn({ id: 'carol' });
    const signedIn = now();
    await reconcile(door, signedIn, undefined);
    follow.write({ theme: 'dark' });
    channel.visitor.update({ attributes: { plan: 'pro' }, groups: { organization: { key: 'acme' } } });
    const withOrg = now();
    await reconcile(door, withOrg, signedIn);
    expect(spy).toHaveBeenCalledTimes(1); // the same subject: the cache is not swept again
    channel.signedOut();
    await reconcile(door, now(), withOrg);
    expect(door.asked).toEqual([
      { kind: 'user', key: 'carol' },
      { kind: 'multi', user: { plan: 'pro', key: 'carol' }, organization: { key: 'acme' } },
      { kind: 'user', key: 'visitor-12345678', anonymous: true },
    ]);
    expect(localStorage.getItem('plinth.flags.env.user:carol')).toBeNull();
  });
});
