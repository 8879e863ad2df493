/**
 * Server helpers: evaluate the catalogue for one request so the first render already has the
 * visitor's values (pass the result as `bootstrap`). No SDK, no window: one `fetch` to the same
 * client-side endpoint the browser SDK uses.
 */
import type { ConsentStatus, PlinthUser } from '@plinth/core';
import { configError, PlinthError, requireConsent, scrubDeep } from '@plinth/core/server';
import type { FlagCatalogue, FlagValue } from '../defineFlags';
import { LAUNCHDARKLY_BOOTSTRAP_URL } from '../endpoints';
import {
  type AppContext,
  type ContextAttribute,
  canonicalKey,
  type SecureModeContext,
  toContext,
  withKinds,
} from '../ldContext';
import { type UserAttributes, userAttributesError } from '../userAttributes';
import { visitorKeyFrom } from '../visitorKey';

// The catalogue, for a module that server and client code both import (a React Server Component cannot call
// `defineFlags` from the package's main entry, a 'use client' module): the same function and type as there.
export { defineFlags, type FlagCatalogue } from '../defineFlags';
export { LAUNCHDARKLY_BOOTSTRAP_URL, LAUNCHDARKLY_URLS } from '../endpoints';
export { canonicalKey, type SecureModeContext } from '../ldContext';
export { newVisitorKey, VISITOR_KEY_COOKIE, visitorKeyCookie, visitorKeyFrom } from '../visitorKey';

export interface BootstrapConfig {
  clientSideId: string;
  /**
   * The visitor's `functional` consent as your server knows it (e.g. from your own consent cookie; the
   * browser's choice lives in its storage). Only `'granted'` sends the visitor to the flag service;
   * `'pending'` and `'denied'` resolve `{}` without a request. `false`: no consent needed (as
   * `FlagsProvider`'s `consent={false}`). Required: there is no safe default.
   */
  consent: ConsentStatus | false;
  /** The signed-in user, or `null`/absent for an anonymous visitor. */
  user?: PlinthUser | null | undefined;
  /** The app's own context kinds, as the browser's `FlagsConfig.contexts`/`setContext` has them (the same evaluation). */
  contexts?: Readonly<Record<string, AppContext | null | undefined>> | undefined;
  /** User attributes sent for targeting (private attributes); default none, as in `FlagsConfig`. */
  contextAttributes?: readonly ContextAttribute[] | undefined;
  /** The app's own user attributes, as the browser's `FlagsConfig.userAttributes` has them (the same evaluation). */
  userAttributes?: UserAttributes | undefined;
  /**
   * Secure mode: the HMAC-SHA256 (hex) of the evaluated context's canonical key with the environment's SDK key
   * (LaunchDarkly's `secureModeHash`). Best as a function, given the context this call builds and its
   * `canonicalKey` (the signed-in user's id or the anonymous visitor's key, or with `contexts` the multi-kind key):
   * `hash: ({ canonicalKey }) => createHmac('sha256', sdkKey).update(canonicalKey).digest('hex')`. A string is
   * sent as it is. An environment that requires secure mode answers 400 without it (the bootstrap is then `{}`
   * and `onError` hears `rejected`).
   */
  hash?: string | ((context: SecureModeContext) => string | undefined | Promise<string | undefined>) | undefined;
  /**
   * Hears why the bootstrap is `{}`: `rejected` (the service refused the client-side ID, context or secure
   * mode hash: a 4xx, misconfiguration), `failed` (5xx, network), `timeout`. Default: a console warning in
   * development for `rejected` only.
   */
  onError?: ((error: PlinthError<'server', BootstrapErrorCode>) => void) | undefined;
  /**
   * The request's `Cookie` header: an anonymous visitor's key is read from Plinth's visitor cookie
   * (`VISITOR_KEY_COOKIE`), the key the browser SDK then uses too, so a percentage rollout buckets the
   * visitor identically on the server and in the browser.
   */
  cookie?: string | null | undefined;
  /**
   * An anonymous visitor's key, when you keep it yourself (it must be the one the browser uses). Default:
   * from `cookie`. With neither, an anonymous visitor is not evaluated (`{}`, no request): a key shared by
   * every visitor would put them all in one bucket and show values the browser then changes. On a first
   * visit, create one with `newVisitorKey()`, pass it here and send `visitorKeyCookie(key)` as `Set-Cookie`.
   */
  anonymousKey?: string | undefined;
  /**
   * Default `https://clientsdk.launchdarkly.com` (`LAUNCHDARKLY_BOOTSTRAP_URL`): LaunchDarkly's client-side SDK
   * host, which serves the same evaluation endpoint as the browser SDK's `https://app.launchdarkly.com`.
   */
  baseUrl?: string | undefined;
  /** Give up after this long and return `{}` (the client then uses cache or defaults). Default 1000 ms. */
  timeoutMs?: number | undefined;
  fetch?: typeof fetch | undefined;
}

export type BootstrapErrorCode = 'rejected' | 'failed' | 'timeout';

const developmentWarning = (error: PlinthError<'server', BootstrapErrorCode>) => {
  let development = false;
  try {
    development = process.env.NODE_ENV !== 'production';
  } catch {
    // no process (an edge runtime without it)
  }
  if (development && error.code === 'rejected') console.warn(`[plinth] ${error.message}`);
};

const base64url = (text: string) => {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
};

/**
 * The catalogue's values for this visitor, as the flag service evaluates them: only catalogue keys,
 * only values that arrived. Without `functional` consent it resolves `{}` and sends nothing. Never
 * rejects for the service: on any failure or past `timeoutMs` it resolves `{}`. A configuration mistake
 * rejects with a `PlinthError` (`source: 'config'`): `code: 'consent_required'` without `consent`,
 * `'invalid_option'` for an unknown consent value or reserved user attributes.
 */
export async function createBootstrap<Defaults extends Record<string, FlagValue>>(
  flags: FlagCatalogue<Defaults>,
  options: BootstrapConfig,
): Promise<Partial<Defaults>> {
  const { clientSideId, baseUrl = LAUNCHDARKLY_BOOTSTRAP_URL, timeoutMs = 1000, consent } = options;
  requireConsent('createBootstrap', consent, "'granted', 'pending', 'denied' or false");
  if (consent !== false && consent !== 'granted' && consent !== 'pending' && consent !== 'denied') {
    throw configError(
      `createBootstrap: consent must be 'granted', 'pending', 'denied' or false, got ${JSON.stringify(consent)}`,
      'invalid_option',
    );
  }
  if (consent === 'pending' || consent === 'denied') return {};
  const user = options.user ?? null;
  const anonymousKey = options.anonymousKey ?? visitorKeyFrom(options.cookie);
  if (!user && !anonymousKey) return {};
  const invalid = userAttributesError(options.userAttributes ?? null);
  if (invalid) throw configError(`createBootstrap: ${invalid}`, 'invalid_option');
  // Scrubbed as the browser scrubs them, so both evaluate the same context.
  const context = withKinds(
    toContext(user, anonymousKey, options.contextAttributes, scrubDeep(options.userAttributes ?? {})),
    options.contexts && scrubDeep(options.contexts),
  );
  const hash =
    typeof options.hash === 'function'
      ? await options.hash({ canonicalKey: canonicalKey(context), context })
      : options.hash;
  const query = hash ? `?h=${encodeURIComponent(hash)}` : '';
  const url = `${baseUrl.replace(/\/$/, '')}/sdk/evalx/${encodeURIComponent(clientSideId)}/contexts/${base64url(JSON.stringify(context))}${query}`;
  const fail = (code: BootstrapErrorCode, message: string, cause?: unknown) => {
    const error = new PlinthError(`createBootstrap: ${message}; the flags start on cache or defaults`, {
      source: 'server',
      code,
      cause,
    });
    try {
      (options.onError ?? developmentWarning)(error);
    } catch {
      // the app's handler threw: the bootstrap still resolves
    }
    return {};
  };
  try {
    const response = await (options.fetch ?? fetch)(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429) {
      return fail(
        'rejected',
        `LaunchDarkly refused the evaluation (${response.status}): check the client-side ID, and the secure mode \`hash\` if the environment requires it`,
      );
    }
    if (!response.ok) return fail('failed', `LaunchDarkly answered ${response.status}`);
    const body = (await response.json()) as Record<string, { value?: FlagValue } | undefined>;
    const values: Partial<Record<string, FlagValue>> = {};
    for (const key of Object.keys(flags.defaults)) {
      const value = body?.[key]?.value;
      if (value !== undefined && value !== null) values[key] = value;
    }
    return values as Partial<Defaults>;
  } catch (cause) {
    const timedOut = cause instanceof Error && cause.name === 'TimeoutError';
    return timedOut
      ? fail('timeout', `no answer within ${timeoutMs} ms`, cause)
      : fail('failed', 'the flag service could not be reached', cause);
  }
}
