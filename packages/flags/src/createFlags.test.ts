import { channel } from '@plinth/core';
import { createTestConsent, resetChannel } from '@plinth/core/testing';
import { createFlags, type FlagsConfig } from './createFlags';
import { testFlags } from './test-flags';

const base: FlagsConfig = { flags: testFlags, clientSideId: 'env', consent: createTestConsent() };

afterEach(() => resetChannel());

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

describe('createFlags and core’s visitor', () => {
  it('the config’s contexts and userAttributes are written to core’s visitor when the instance is created (flags keep no copy)', () => {
    const before = channel.visitor.get().version;
    createFlags({ ...base, contexts: { organization: { key: 'acme', plan: 'pro' } }, userAttributes: { beta: true } });
    expect(channel.visitor.get()).toMatchObject({
      attributes: { beta: true },
      groups: { organization: { key: 'acme', attributes: { plan: 'pro' } } },
      version: before + 1,
    });
  });

  it('no consent: core’s one consent_required check, its message naming what flags accept', () => {
    expect(() => createFlags({ ...base, consent: undefined })).toThrow(
      /^flags: `consent` is required: a ConsentStore \(or a ConsentProvider above FlagsProvider\), or `false` for none$/,
    );
  });
});
