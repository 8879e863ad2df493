import { configError } from '@plinth/core';
import type { AuthConfig } from './types';

type Optional = 'extraQueryParams' | 'idTokenAlgorithms' | 'logoutUrl' | 'navigate';
/** `AuthConfig` with every default filled in (internal). */
export type ResolvedAuthConfig = Required<Omit<AuthConfig, Optional>> & Pick<AuthConfig, Optional>;

const PATHS = ['callbackPath', 'silentCallbackPath', 'postLogoutPath'] as const;

/**
 * The defaults filled in, and the mistakes refused where they are made (`PlinthError`, `source: 'config'`):
 * `missing_option` without `authority` or `clientId`, `invalid_option` for an authority that is not an
 * http(s) URL, a path that is not one (`/…`) or an unknown `tokenStorage`.
 */
export function resolveConfig(config: AuthConfig): ResolvedAuthConfig {
  for (const name of ['authority', 'clientId'] as const) {
    if (!config?.[name]) throw configError(`auth: \`${name}\` is required`, 'missing_option');
  }
  let protocol: string | undefined;
  try {
    protocol = new URL(config.authority).protocol;
  } catch {}
  if (protocol !== 'https:' && protocol !== 'http:') {
    throw configError(`auth: \`authority\` must be an http(s) URL, got "${config.authority}"`, 'invalid_option');
  }
  for (const name of PATHS) {
    const path = config[name];
    if (path !== undefined && (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//'))) {
      throw configError(
        `auth: \`${name}\` must be a path on this origin (\`/…\`), got "${String(path)}"`,
        'invalid_option',
      );
    }
  }
  if (config.tokenStorage !== undefined && config.tokenStorage !== 'memory' && config.tokenStorage !== 'session') {
    throw configError(
      `auth: \`tokenStorage\` is 'memory' or 'session', got "${String(config.tokenStorage)}"`,
      'invalid_option',
    );
  }
  return {
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
    ...config,
  };
}
