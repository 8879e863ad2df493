import { createTestConsent } from '@plinth/core/testing';
import { createFlags, type FlagsConfig } from './createFlags';
import { testFlags } from './test-flags';

const base: FlagsConfig = { flags: testFlags, clientSideId: 'env', consent: createTestConsent() };

describe('createFlags: configuration mistakes are PlinthErrors with source config and core’s codes', () => {
  it.each([
    ['no consent (and not false)', { consent: undefined }, 'consent_required'],
    ['no clientSideId', { clientSideId: '' }, 'missing_option'],
    ['a reserved user attribute', { userAttributes: { key: 'forged' } }, 'invalid_option'],
    ['an invalid context kind', { contexts: { multi: { key: 'x' } } }, 'invalid_option'],
  ] as const)('%s: %s', (_, extra, code) => {
    expect(() => createFlags({ ...base, ...extra } as FlagsConfig)).toThrow(
      expect.objectContaining({ name: 'PlinthError', source: 'config', code }),
    );
  });

  it('the sentinel: the same config without the mistake is an instance, idle until started; consent: false is accepted', () => {
    expect(createFlags(base).status()).toBe('idle');
    expect(createFlags({ ...base, consent: false }).status()).toBe('idle');
  });
});
