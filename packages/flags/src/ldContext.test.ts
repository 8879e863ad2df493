import { toContext, withKinds } from './ldContext';

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
