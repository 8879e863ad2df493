import { channel } from '@plinth/core';
import { resetChannel } from '@plinth/core/testing';
import { writeConfig, writeContext, writeUserAttributes } from './writer';

// Flags' writers of core's visitor: their checks, then core's one writer; flags keep no copy.

afterEach(() => resetChannel());
const visitor = () => channel.visitor.get();

describe('setContext and setUserAttributes write core’s visitor', () => {
  it('a context kind is the visitor’s group of that type (null removes it); each says whether the visitor changed', () => {
    expect(writeContext('organization', { key: 'acme', plan: 'pro' })).toBe(true);
    expect(visitor().groups).toEqual({ organization: { key: 'acme', attributes: { plan: 'pro' } } });
    expect(writeContext('organization', { key: 'acme', plan: 'pro' })).toBe(false);
    expect(writeContext('device', { key: 'kiosk-7' })).toBe(true);
    expect(writeContext('organization', null)).toBe(true);
    expect(visitor().groups).toEqual({ device: { key: 'kiosk-7' } });
  });

  it('user attributes are merged into the visitor’s attributes (a null value removes one; null removes them all)', () => {
    channel.visitor.update({ attributes: { country: 'fr' } }); // e.g. analytics' person properties
    expect(writeUserAttributes({ plan: 'pro', beta: true })).toBe(true);
    expect(visitor().attributes).toEqual({ country: 'fr', plan: 'pro', beta: true });
    expect(writeUserAttributes({ plan: 'pro' })).toBe(false);
    expect(writeUserAttributes({ beta: null })).toBe(true);
    expect(visitor().attributes).toEqual({ country: 'fr', plan: 'pro' });
    expect(writeUserAttributes(null)).toBe(true);
    expect(visitor().attributes).toEqual({});
  });

  it('a mistake throws a typed PlinthError at the call, and nothing is written (the sentinel: the version)', () => {
    const before = visitor().version;
    expect(() => writeContext('user', { key: 'x' })).toThrow(
      expect.objectContaining({ name: 'PlinthError', source: 'flags', code: 'context_kind' }),
    );
    expect(() => writeContext('my org', { key: 'x' })).toThrow(expect.objectContaining({ code: 'context_kind' }));
    expect(() => writeContext('organization', { key: '' })).toThrow(
      expect.objectContaining({ source: 'flags', code: 'context_key' }),
    );
    expect(() => writeUserAttributes({ key: 'forged' })).toThrow(
      expect.objectContaining({ source: 'flags', code: 'user_attributes' }),
    );
    expect(() => writeUserAttributes({ email: 'ada@example.com' })).toThrow(
      expect.objectContaining({ code: 'user_attributes' }),
    );
    expect(visitor().version).toBe(before);
    writeContext('organization', { key: 'acme' });
    expect(visitor().version).toBe(before + 1);
  });

  it('the config’s contexts and userAttributes: checked (source config, invalid_option), then written at once in one version', () => {
    expect(() => writeConfig({ contexts: { multi: { key: 'x' } } })).toThrow(
      expect.objectContaining({ source: 'config', code: 'invalid_option' }),
    );
    expect(() => writeConfig({ userAttributes: { anonymous: false } })).toThrow(
      expect.objectContaining({ source: 'config', code: 'invalid_option' }),
    );
    const before = visitor().version;
    writeConfig({ contexts: { device: { key: 'kiosk-7' }, organization: null }, userAttributes: { plan: 'pro' } });
    expect(visitor()).toMatchObject({
      groups: { device: { key: 'kiosk-7' } },
      attributes: { plan: 'pro' },
      version: before + 1,
    });
  });
});
