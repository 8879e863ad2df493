import { isPlinthError } from '@plinth/core';
import { resolveConfig } from './config';
import type { AuthConfig } from './types';

const refused = (config: Partial<AuthConfig>) => {
  try {
    resolveConfig(config as AuthConfig);
  } catch (error) {
    return isPlinthError(error) ? { source: error.source, code: error.code } : error;
  }
  return 'accepted';
};

describe('AuthConfig', () => {
  it('fills the defaults, and a given value wins', () => {
    const resolved = resolveConfig({
      authority: 'https://id.example',
      clientId: 'spa',
      renewBeforeSeconds: 30,
      callbackPath: undefined, // an unset env variable: the default
    });
    expect(resolved).toMatchObject({ callbackPath: '/auth/callback', tokenStorage: 'memory', renewBeforeSeconds: 30 });
  });

  it("a missing authority or clientId is core's missing_option (source config)", () => {
    expect(refused({ clientId: 'spa' })).toEqual({ source: 'config', code: 'missing_option' });
    expect(refused({ authority: 'https://id.example' })).toEqual({ source: 'config', code: 'missing_option' });
    expect(refused({ authority: '', clientId: 'spa' })).toEqual({ source: 'config', code: 'missing_option' });
  });

  it('a malformed value is invalid_option', () => {
    const base = { authority: 'https://id.example', clientId: 'spa' };
    expect(refused({ ...base, authority: 'id.example' })).toEqual({ source: 'config', code: 'invalid_option' });
    expect(refused({ ...base, authority: 'javascript:alert(1)' })).toEqual({
      source: 'config',
      code: 'invalid_option',
    });
    expect(refused({ ...base, callbackPath: 'auth/callback' })).toEqual({ source: 'config', code: 'invalid_option' });
    expect(refused({ ...base, postLogoutPath: '//evil.example' })).toEqual({
      source: 'config',
      code: 'invalid_option',
    });
    expect(refused({ ...base, tokenStorage: 'local' as 'memory' })).toEqual({
      source: 'config',
      code: 'invalid_option',
    });
    expect(refused({ ...base, authority: 'http://127.0.0.1:4700/oidc', callbackPath: '/cb' })).toBe('accepted');
  });
});
