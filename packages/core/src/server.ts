/**
 * `@plinth/core/server`: the framework-free parts for servers and React Server Components (no
 * `'use client'`, no React): the scrubber, the error type (and `configError`), the SSR guard and the
 * proof-of-consent route handler.
 */

export {
  CONSENT_COOKIE,
  formatConsentCookie,
  type ReadConsentCookieOptions,
  readConsentCookie,
} from './consent-cookie';
export {
  type ConsentRecord,
  type ConsentRecordCheck,
  type ConsentRecordHandlerOptions,
  checkConsentRecord,
  createConsentRecordHandler,
} from './consent-record';
export { type ConfigErrorCode, configError, isPlinthError, PlinthError, requireConsent } from './error';
export { isBrowser } from './is-browser';
export {
  isSecretParam,
  REDACTED,
  type ScrubDeepOptions,
  type ScrubOptions,
  scrubDeep,
  scrubUrl,
  scrubValue,
} from './scrub';
