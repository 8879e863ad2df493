import { channel } from '@plinth/core';
import { resetChannel } from '@plinth/core/testing';
import { createFlagCache } from './cache';
import { VISITOR_KEY_COOKIE, visitorKeyCookie } from './visitorKey';

const options = (extra: Partial<Parameters<typeof createFlagCache>[0]> = {}) => ({
  clientSideId: 'env',
  enabled: true,
  allowed: () => true,
  ...extra,
});
/** Core's visitor now, as reconcile gives it to `follow`. */
const visitor = () => channel.visitor.get();

afterEach(() => {
  resetChannel();
  localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: the value is built by visitorKeyCookie
  document.cookie = visitorKeyCookie('', { maxAge: 0 });
});

describe('the first-party cache: per context, only with consent, one revocation path', () => {
  it('keeps the values per context, merged, under core’s visitor as it is at each call (never a copy); another context reads none of them', () => {
    const cache = createFlagCache(options()); // created before auth settled
    channel.signedIn({ id: 'u-1' });
    cache.write({ theme: 'dark' });
    cache.write({ 'price-test': 'a' });
    expect(cache.read()).toEqual({ theme: 'dark', 'price-test': 'a' });
    expect(localStorage.getItem('plinth.flags.env.user:u-1')).not.toBeNull();
    channel.signedOut();
    expect(cache.read()).toBeUndefined(); // the anonymous visitor's: none
    expect(createFlagCache(options()).read()).toBeUndefined();
  });

  it('neither reads nor writes without consent, or with cache: false', () => {
    localStorage.setItem('plinth.flags.env.anonymous', JSON.stringify({ theme: 'dark' }));
    expect(createFlagCache(options()).read()).toEqual({ theme: 'dark' }); // the sentinel: it is there
    for (const cache of [
      createFlagCache(options({ allowed: () => false })),
      createFlagCache(options({ enabled: false })),
    ]) {
      expect(cache.read()).toBeUndefined();
      cache.write({ theme: 'light' });
    }
    expect(JSON.parse(localStorage.getItem('plinth.flags.env.anonymous')!)).toEqual({ theme: 'dark' });
  });

  it("a sign-out forgets the signed-out user's values and follows the anonymous context; another subject keeps none of them", () => {
    const cache = createFlagCache(options());
    channel.signedOut();
    cache.write({ theme: 'light' });
    channel.signedIn({ id: 'u-1' });
    cache.follow(visitor());
    cache.write({ theme: 'dark' });
    channel.signedIn({ id: 'u-1', name: 'Renewed' }); // the same user again (a renewal): hers stay
    cache.follow(visitor());
    expect(localStorage.getItem('plinth.flags.env.user:u-1')).not.toBeNull();
    channel.signedIn({ id: 'u-2' }); // another user on this browser: u-1's go (issue 34)
    cache.follow(visitor());
    expect(localStorage.getItem('plinth.flags.env.user:u-1')).toBeNull();
    cache.write({ theme: 'dark' });
    channel.signedOut();
    cache.follow(visitor());
    expect(localStorage.getItem('plinth.flags.env.user:u-2')).toBeNull();
    expect(cache.read()).toEqual({ theme: 'light' });
  });

  it('a page that settles anonymous (a session that ended while every tab was closed) keeps no earlier visitor’s values (issue 34)', () => {
    localStorage.setItem('plinth.flags.env.user:carol', JSON.stringify({ theme: 'dark' }));
    localStorage.setItem('plinth.flags.env.anonymous', JSON.stringify({ theme: 'light' }));
    localStorage.setItem('plinth.flags.other.user:carol', '{}'); // another environment: not this cache's
    const cache = createFlagCache(options()); // the page starts before auth settles: the anonymous key
    expect(cache.read()).toEqual({ theme: 'light' });
    cache.follow(visitor()); // still unknown: nothing goes (auth has not said who is here)
    expect(localStorage.getItem('plinth.flags.env.user:carol')).not.toBeNull();
    channel.signedOut(); // auth settled: nobody is signed in
    cache.follow(visitor());
    expect(localStorage.getItem('plinth.flags.env.user:carol')).toBeNull();
    expect(localStorage.getItem('plinth.flags.env.anonymous')).not.toBeNull();
    expect(localStorage.getItem('plinth.flags.other.user:carol')).not.toBeNull();
    localStorage.setItem('plinth.flags.env.user:carol', '{}');
    channel.signedIn({ id: 'dan' }); // or someone else signed in
    cache.follow(visitor());
    expect(localStorage.getItem('plinth.flags.env.user:carol')).toBeNull();
  });

  it("revoke: every context's values, the SDK's storage and the visitor key go; other apps' keys stay", () => {
    const cache = createFlagCache(options());
    cache.write({ theme: 'dark' });
    localStorage.setItem('plinth.flags.env.user:u-1', '{}');
    localStorage.setItem('ld:$anonUserId', 'abc');
    localStorage.setItem('plinth.flags.other.anonymous', '{}');
    localStorage.setItem('unrelated', 'kept');
    // biome-ignore lint/suspicious/noDocumentCookie: the value is built by visitorKeyCookie
    document.cookie = visitorKeyCookie('visitor-12345678');
    cache.revoke();
    expect(Object.keys(localStorage).sort()).toEqual(['plinth.flags.other.anonymous', 'unrelated']);
    expect(document.cookie).not.toContain(VISITOR_KEY_COOKIE);
  });
});
