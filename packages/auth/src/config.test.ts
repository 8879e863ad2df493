import { isPlinthError } from '@plinth/core';
import { recordChannel, resetChannel } from '@plinth/core/testing';
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
    expect(refused({ ...base, tokenStorage: 'sealed' })).toBe('accepted');
    expect(refused({ ...base, authority: 'http://127.0.0.1:4700/oidc', callbackPath: '/cb' })).toBe('accepted');
  });
});

describe('AuthConfig: provider', () => {
  const base = { authority: 'https://id.example', clientId: 'spa' };

  it('takes one of the known providers; anything else is invalid_option', () => {
    for (const provider of ['entra', 'cognito', 'keycloak', 'auth0', 'okta', 'generic'] as const)
      expect(refused({ ...base, provider })).toBe('accepted');
    expect(refused({ ...base, provider: 'azure' as 'entra' })).toEqual({ source: 'config', code: 'invalid_option' });
    expect(
      refused({ ...base, provider: 'entra', tenants: ['consumers', '72f988bf-86f1-41af-91ab-2d7cd011db47'] }),
    ).toBe('accepted');
    expect(refused({ ...base, tenants: 'common' as unknown as string[] })).toEqual({
      source: 'config',
      code: 'invalid_option',
    });
  });

  it('Google, browser-only, is refused at creation, naming the way out', () => {
    for (const config of [
      { ...base, provider: 'google' as const },
      { authority: 'https://accounts.google.com', clientId: 'x.apps.googleusercontent.com' },
    ]) {
      expect(refused(config)).toEqual({ source: 'config', code: 'invalid_option' });
      expect(() => resolveConfig(config)).toThrow(/client secret.*token-mediating backend.*#google/s);
    }
  });

  it('Google with a backend is taken; the backend is a path on this origin, and not with sealed storage', () => {
    expect(resolveConfig({ ...base, provider: 'google', backend: '/api/auth/token' }).backend).toBe('/api/auth/token');
    expect(
      resolveConfig({ authority: 'https://accounts.google.com', clientId: 'x', backend: '/api/auth/token' }).backend,
    ).toBe('/api/auth/token');
    for (const backend of ['https://evil.example/token', '//evil.example/token', 'api/auth/token']) {
      expect(refused({ ...base, backend })).toEqual({ source: 'config', code: 'invalid_option' });
    }
    expect(refused({ ...base, backend: '/api/auth/token', tokenStorage: 'sealed' })).toEqual({
      source: 'config',
      code: 'invalid_option',
    });
  });
});

describe('a provider that never answers in an iframe (Cognito)', () => {
  it("with tokenStorage 'memory' and no backend: says once, in development, that every reload signs out and what fixes it", () => {
    resetChannel(); // the warnings already given on this page
    const recording = recordChannel();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      for (const config of [
        { provider: 'cognito', tokenStorage: 'sealed' },
        { provider: 'cognito', backend: '/api/auth/token' },
        { provider: 'entra' },
      ] as const)
        resolveConfig({ authority: 'https://id.example', clientId: 'spa', ...config });
      expect(warn).not.toHaveBeenCalled();
      resolveConfig({ authority: 'https://id.example', clientId: 'spa', provider: 'cognito' });
      resolveConfig({ authority: 'https://id.example', clientId: 'spa', provider: 'cognito' });
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toMatch(/cognito .*every reload signs out; set tokenStorage: 'sealed'/);
      expect(recording.of('report').map((r) => r.level)).toEqual(['error']);
    } finally {
      warn.mockRestore();
      recording.stop();
    }
  });
});
