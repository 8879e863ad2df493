import { configError } from '@plinth/core';
import type { AuthConfig } from './types';

type Optional = 'extraQueryParams' | 'idTokenAlgorithms' | 'logoutUrl' | 'navigate';
/** `AuthConfig` with every default filled in (internal). */
export type ResolvedAuthConfig = Required<Omit<AuthConfig, Optional>> & Pick<AuthConfig, Optional>;

/** Whether `value` is an http(s) URL (`authority`) or, for a path, `/…` on this origin. */
const valid = (name: string, value: string) =>
  name === 'authority' ? /^https?:\/\/[^/\s]/i.test(value) : /^\/(?![/\\])/.test(value);

/**
 * The defaults filled in, and the mistakes refused where they are made (`PlinthError`, `source: 'config'`):
 * `missing_option` without `authority` or `clientId`, `invalid_option` for an authority that is not an
 * http(s) URL, a path that is not one on this origin (`/…`) or an unknown `tokenStorage`.
 */
export function resolveConfig(config: AuthConfig): ResolvedAuthConfig {
  const resolved: ResolvedAuthConfig = {
    scope: 'openid profile email',
    callbackPath: '/auth/callback',
    silentCallbackPath: '/silent-callback',
    postLogoutPath: '/',
    tokenStorage: 'memory',
    requestMaxAgeSeconds: 900,
    renewBeforeSeconds: 60,
    offlineAccess: true,
    loadUserInfo: false,
    clockToleranceSeconds: 300,
    // An option given as `undefined` (an unset env variable) takes its default.
    ...(Object.fromEntries(Object.entries(config ?? {}).filter(([, value]) => value !== undefined)) as AuthConfig),
  };
  for (const name of ['authority', 'clientId'] as const) {
    if (!resolved[name]) throw configError(`auth: \`${name}\` is required`, 'missing_option');
  }
  for (const name of ['authority', 'callbackPath', 'silentCallbackPath', 'postLogoutPath'] as const) {
    const value = resolved[name];
    if (typeof value !== 'string' || !valid(name, value))
      throw configError(`auth: \`${name}\` cannot be "${value}"`, 'invalid_option');
  }
  if (!/^(memory|session)$/.test(resolved.tokenStorage))
    throw configError(
      `auth: \`tokenStorage\` is 'memory' or 'session', not "${resolved.tokenStorage}"`,
      'invalid_option',
    );
  return resolved;
}
