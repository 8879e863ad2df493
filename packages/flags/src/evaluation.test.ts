import { channel, REDACTED } from '@plinth/core';
import { resetChannel } from '@plinth/core/testing';
import { createEvaluation } from './evaluation';
import { currentContext } from './ldContext';

afterEach(() => resetChannel());

const visitor = () => 'visitor-12345678';

describe('the evaluation context (evaluation.ts, read by ldContext’s currentContext): the current subject, the app’s attributes and kinds', () => {
  it('reads the subject from core’s channel at each call, never a copy: signed in, signed out, signed in again', () => {
    const evaluation = createEvaluation({ userAttributes: { plan: 'pro' } });
    expect(currentContext(evaluation, undefined, visitor)).toEqual({
      kind: 'user',
      plan: 'pro',
      key: 'visitor-12345678',
      anonymous: true,
    });
    channel.signedIn({ id: 'carol', email: 'carol@example.com' });
    expect(evaluation.user()).toEqual({ id: 'carol', email: 'carol@example.com' });
    expect(currentContext(evaluation, undefined, visitor)).toEqual({ kind: 'user', plan: 'pro', key: 'carol' }); // no email by default
    channel.signedOut();
    expect(evaluation.user()).toBeNull();
    expect(currentContext(evaluation, undefined, visitor)).toMatchObject({ anonymous: true, key: 'visitor-12345678' });
  });

  it('reset() (a sign-out): the kinds go back to the config’s, the app’s user attributes go', () => {
    const evaluation = createEvaluation({ contexts: { device: { key: 'kiosk-7' } }, userAttributes: { plan: 'pro' } });
    evaluation.setContext('organization', { key: 'acme' });
    evaluation.setContext('device', null);
    evaluation.reset();
    expect(currentContext(evaluation, undefined, visitor)).toEqual({
      kind: 'multi',
      user: { key: 'visitor-12345678', anonymous: true },
      device: { key: 'kiosk-7' },
    });
  });

  it('asks for the anonymous key only when nobody is signed in (the visitor cookie needs consent)', () => {
    const anonymousKey = vi.fn(visitor);
    channel.signedIn({ id: 'carol' });
    currentContext(createEvaluation(), undefined, anonymousKey);
    expect(anonymousKey).not.toHaveBeenCalled();
  });

  it('contextAttributes: email and name as private attributes', () => {
    channel.signedIn({ id: 'carol', email: 'carol@example.com', name: 'Carol' });
    expect(currentContext(createEvaluation(), ['email'], visitor)).toEqual({
      kind: 'user',
      key: 'carol',
      email: 'carol@example.com',
      _meta: { privateAttributes: ['email'] },
    });
  });

  it('kinds beside the user make a multi-kind context; each setter says whether anything changed; values scrubbed', () => {
    const evaluation = createEvaluation({ contexts: { organization: { key: 'acme' }, device: null } });
    expect(evaluation.setContext('organization', { key: 'acme' })).toBe(false);
    expect(evaluation.setContext('device', { key: 'kiosk-7', owner: 'ada@example.com' })).toBe(true);
    expect(currentContext(evaluation, undefined, visitor)).toEqual({
      kind: 'multi',
      user: { key: 'visitor-12345678', anonymous: true },
      organization: { key: 'acme' },
      device: { key: 'kiosk-7', owner: REDACTED },
    });
    expect(evaluation.setContext('device', null)).toBe(true);
    expect(evaluation.setUserAttributes({ plan: 'free' })).toBe(true);
    expect(evaluation.setUserAttributes({ plan: 'free' })).toBe(false);
    expect(evaluation.setUserAttributes(null)).toBe(true);
    expect(currentContext(evaluation, undefined, visitor)).toEqual({
      kind: 'multi',
      user: { key: 'visitor-12345678', anonymous: true },
      organization: { key: 'acme' },
    });
  });

  it('a mistake at run time is source flags; the same mistake in the config is source config, invalid_option', () => {
    const evaluation = createEvaluation();
    expect(() => evaluation.setContext('user', { key: 'x' })).toThrow(
      expect.objectContaining({ source: 'flags', code: 'context_kind' }),
    );
    expect(() => evaluation.setContext('organization', { key: '' })).toThrow(
      expect.objectContaining({ source: 'flags', code: 'context_key' }),
    );
    expect(() => evaluation.setUserAttributes({ key: 'forged' })).toThrow(
      expect.objectContaining({ source: 'flags', code: 'user_attributes' }),
    );
    expect(() => createEvaluation({ contexts: { multi: { key: 'x' } } })).toThrow(
      expect.objectContaining({ source: 'config', code: 'invalid_option' }),
    );
    expect(() => createEvaluation({ userAttributes: { anonymous: false } })).toThrow(
      expect.objectContaining({ source: 'config', code: 'invalid_option' }),
    );
  });
});
