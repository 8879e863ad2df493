import { canonicalKey, toContext, withKinds } from './ldContext';

describe('withKinds: the user alone, or with the app’s own kinds as one multi-kind context', () => {
  const user = toContext({ id: 'u-1', email: 'bea@example.com' });

  it('no kinds (or only removed ones): the user context as before', () => {
    expect(withKinds(user)).toBe(user);
    expect(withKinds(user, { organization: null, device: undefined })).toBe(user);
  });

  it('kinds beside the user: a multi context, undefined attributes left out', () => {
    expect(withKinds(user, { organization: { key: 'acme', plan: 'pro', seats: undefined } })).toEqual({
      kind: 'multi',
      user: { key: 'u-1' },
      organization: { key: 'acme', plan: 'pro' },
    });
  });
});

describe('canonicalKey: the string secure mode signs, as LaunchDarkly computes it', () => {
  // LaunchDarkly's own vectors: js-sdk-common src/__tests__/context-test.js ("when determining canonical keys"),
  // https://github.com/launchdarkly/js-sdk-common/blob/main/src/__tests__/context-test.js
  it.each([
    [{ key: 'test' }, 'test'],
    [{ kind: 'user', key: 'test' }, 'test'],
    [{ kind: 'org', key: 'orgtest' }, 'org:orgtest'],
    [{ kind: 'multi', user: { key: 'usertest' } }, 'user:usertest'],
    [{ kind: 'multi', user: { key: 'usertest' }, org: { key: 'orgtest' } }, 'org:orgtest:user:usertest'],
    [{ kind: 'multi', user: { key: 'user:test' }, org: { key: 'org:test' } }, 'org:org%3Atest:user:user%3Atest'],
    [{ kind: 'multi', user: { key: 'user%test' }, org: { key: 'org%test' } }, 'org:org%25test:user:user%25test'],
    [
      { kind: 'multi', user: { key: 'user%:test' }, org: { key: 'org%:test' } },
      'org:org%25%3Atest:user:user%25%3Atest',
    ],
  ])('%j → %s', (context, expected) => {
    expect(canonicalKey(context)).toBe(expected);
  });

  it('a user key is never escaped; another kind’s is (LaunchDarkly’s Dart SDK vectors)', () => {
    expect(canonicalKey({ kind: 'user', key: 'user-key%:' })).toBe('user-key%:');
    expect(canonicalKey({ kind: 'organization', key: 'org-key%:' })).toBe('organization:org-key%25%3A');
  });

  it('what Plinth sends: the user alone is its key; with kinds, sorted by kind whatever the insertion order', () => {
    const user = toContext({ id: 'u-1' });
    expect(canonicalKey(user)).toBe('u-1');
    expect(canonicalKey(withKinds(user, { team: { key: 't:1' }, device: { key: 'd-9' } }))).toBe(
      'device:d-9:team:t%3A1:user:u-1',
    );
  });
});
