import { createConsent } from '@plinth/core';

/** The categories the banner asks for: `functional` covers feature flags and remembered preferences. */
const CONSENT_CATEGORIES = ['analytics', 'monitoring', 'functional'] as const;

/**
 * The visitor's consent, persisted first-party in localStorage under `plinth.consent`. Analytics
 * (PostHog) waits for `analytics`, logging (Datadog) for `monitoring`, flags (LaunchDarkly) for
 * `functional`: before a category is granted its SDK is not even downloaded.
 */
/**
 * `/?cmp=tcf` switches this tab to a TCF CMP instead of Plinth's banner (`?cmp=off` back): the demo's own CMP on
 * IAB's libraries (src/cmp/tcf.ts), followed by `connectTcf` from `@plinth/core/tcf`. The CMP keeps the choice, so
 * the store keeps none (`storage: null`) and nothing loads before the CMP answered.
 */
export const consentFromCmp = (() => {
  if (typeof window === 'undefined') return false;
  const asked = new URLSearchParams(location.search).get('cmp');
  if (asked === 'tcf') sessionStorage.setItem('plinth.demo.cmp', 'tcf');
  if (asked === 'off') sessionStorage.removeItem('plinth.demo.cmp');
  return sessionStorage.getItem('plinth.demo.cmp') === 'tcf';
})();

export const consent = createConsent({
  ...(consentFromCmp ? { storage: null } : {}),
  categories: CONSENT_CATEGORIES,
  // With Global Privacy Control on, the marked categories stay denied until the visitor allows them by name. PostHog
  // as the demo uses it (first-party product analytics) is not a sale; it is marked so the signal can be tried here,
  // as a product would mark a category whose vendor shares data for advertising.
  saleOrSharing: ['analytics'],
});

if (consentFromCmp) {
  void Promise.all([import('./cmp/tcf'), import('@plinth/core/tcf')]).then(([{ startDemoCmp }, { connectTcf }]) => {
    startDemoCmp();
    connectTcf(consent);
  });
}

/**
 * Proof of consent: a record of each decision (and of the GPC denial) is posted to this origin's
 * `/api/consent-records`, core's `createConsentRecordHandler` on the dev and preview servers (vite.config.ts), which
 * keeps it in the sandbox's collector. `@plinth/core/records` is fetched after start-up (off the initial budget); the
 * decisions it records are the visitor's clicks, which come later.
 */
if (typeof window !== 'undefined') {
  void import('@plinth/core/records').then(({ recordConsent }) =>
    recordConsent(consent, (record) => navigator.sendBeacon('/api/consent-records', JSON.stringify(record))),
  );
}
