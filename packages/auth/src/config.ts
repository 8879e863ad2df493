import { configError, reportMisconfiguration } from '@plinth/core';
import type { AuthConfig, IdentityProvider } from './types';

type Optional =
  | 'backend'
  | 'extraQueryParams'
  | 'idTokenAlgorithms'
  | 'logoutUrl'
  | 'navigate'
  | 'provider'
  | 'tenants'
  | 'offlineAccess';
/** `AuthConfig` with every default filled in (internal). */
export type ResolvedAuthConfig = Required<Omit<AuthConfig, Optional>> & Pick<AuthConfig, Optional>;

/** Whether `value` is an http(s) URL (`authority`) or, for a path, `/…` on this origin. */
const valid = (name: string, value: string) =>
  name === 'authority' ? /^https?:\/\/[^/\s]/i.test(value) : /^\/(?![/\\])/.test(value);

/** Where a Google sign-in goes instead (README). */
const GOOGLE = 'https://www.npmjs.com/package/@plinth/auth#google';

/**
 * The defaults filled in, and the mistakes refused where they are made (`PlinthError`, `source: 'config'`):
 * `missing_option` without `authority` or `clientId`, `invalid_option` for an authority that is not an
 * http(s) URL, a path that is not one on this origin (`/…`), an unknown `tokenStorage` or `provider`, `tenants`
 * that is not a list, `'sealed'` with a `backend`, and Google without a `backend` (its token endpoint wants the
 * client secret, which a browser cannot keep).
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
    loadUserInfo: false,
    clockToleranceSeconds: 300,
    // An option given as `undefined` (an unset env variable) takes its default.
    ...(Object.fromEntries(Object.entries(config ?? {}).filter(([, value]) => value !== undefined)) as AuthConfig),
  };
  for (const name of ['authority', 'clientId'] as const) {
    if (!resolved[name]) throw configError(`auth: \`${name}\` is required`, 'missing_option');
  }
  for (const name of ['authority', 'callbackPath', 'silentCallbackPath', 'postLogoutPath', 'backend'] as const) {
    const value = resolved[name];
    if (name === 'backend' && value === undefined) continue;
    if (typeof value !== 'string' || !valid(name, value))
      throw configError(`auth: \`${name}\` cannot be "${value}"`, 'invalid_option');
  }
  if (!/^(memory|sealed|session)$/.test(resolved.tokenStorage))
    throw configError(
      `auth: \`tokenStorage\` is 'memory', 'sealed' or 'session', not "${resolved.tokenStorage}"`,
      'invalid_option',
    );
  const { provider, tenants } = resolved;
  if (provider !== undefined && !/^(entra|cognito|keycloak|auth0|okta|google|generic)$/.test(provider))
    throw configError(`auth: \`provider\` cannot be "${provider}"`, 'invalid_option');
  if (tenants !== undefined && !(Array.isArray(tenants) && tenants.every((t) => typeof t === 'string')))
    throw configError('auth: `tenants` is a list of tenant ids', 'invalid_option');
  if (resolved.backend && resolved.tokenStorage === 'sealed')
    throw configError(
      "auth: `tokenStorage: 'sealed'` has nothing to seal with a `backend` (it keeps the refresh token)",
      'invalid_option',
    );
  if (
    !resolved.backend &&
    (provider === 'google' || (!provider && /^https:\/\/accounts\.google\.com\/?$/i.test(resolved.authority)))
  )
    throw configError(
      `auth: Google's token endpoint requires the client secret, which a browser-only app cannot keep: sign in to Google through a token-mediating backend that holds it (${GOOGLE})`,
      'invalid_option',
    );
  warnIfReloadsSignOut(provider, resolved);
  return resolved;
}

/** Providers whose pages refuse every iframe, so a silent sign-in (`prompt=none`) can never answer (Cognito). */
const NO_IFRAME: ReadonlySet<IdentityProvider> = new Set(['cognito']);

/**
 * Says, once per page, that every reload will sign out: the provider never answers in an iframe and nothing else
 * survives a reload (`tokenStorage: 'memory'`, no `backend`): core's misconfiguration report (a console warning in
 * development naming the fix, an `error` report on the channel in every environment). Called for a `provider` given
 * in the config (at creation) and for one detected from discovery.
 */
export function warnIfReloadsSignOut(provider: IdentityProvider | undefined, resolved: ResolvedAuthConfig): void {
  if (!provider || !NO_IFRAME.has(provider) || resolved.tokenStorage !== 'memory' || resolved.backend) return;
  reportMisconfiguration(
    `plinth.auth.reload-signs-out.${provider}`,
    `auth: ${provider} never answers a silent sign-in in an iframe, so with tokenStorage 'memory' every reload signs out; set tokenStorage: 'sealed' (the refresh token, encrypted in IndexedDB) or a backend (README, "Going live")`,
  );
}
