import { createConsent } from '@plinth/core';
import { cmpInCharge, gpcOn } from './cmp/switch';

/** The categories the banner asks for: `functional` covers feature flags and remembered preferences. */
const CONSENT_CATEGORIES = ['analytics', 'monitoring', 'functional'] as const;

/**
 * The visitor's consent, persisted first-party in localStorage under `plinth.consent`. Analytics
 * (PostHog) waits for `analytics`, logging (Datadog) for `monitoring`, flags (LaunchDarkly) for
 * `functional`: before a category is granted its SDK is not even downloaded.
 */
/**
 * `/?cmp=tcf` or `/?cmp=gpp` switches this tab to a CMP instead of Plinth's banner (`?cmp=off` back): the demo's own
 * CMPs on IAB's libraries (src/cmp/), followed by `connectTcf` / `connectGpp` from `@plinth/core`. The CMP keeps the
 * choice, so the store keeps none (`storage: null`) and nothing loads before the CMP answered. `/?gpc=on` (the
 * inspector's toggle; `?gpc=off` back) gives the store Global Privacy Control as if the browser sent it.
 */
export const consentFromCmp = cmpInCharge;

/** What amounts to sale, sharing or targeted advertising here: what GPC holds denied and GPP's opt-outs decide. */
const SALE_OR_SHARING = ['analytics'];

export const consent = createConsent({
  ...(cmpInCharge ? { storage: null } : {}),
  // GPP's US sections carry opt-outs of sale and sharing only: the demo starts the rest granted in that mode.
  ...(cmpInCharge === 'gpp' ? { initial: { monitoring: 'granted', functional: 'granted' } } : {}),
  ...(gpcOn ? { globalPrivacyControl: true } : {}),
  categories: CONSENT_CATEGORIES,
  // With Global Privacy Control on, the marked categories stay denied until the visitor allows them by name. PostHog
  // as the demo uses it (first-party product analytics) is not a sale; it is marked so the signal can be tried here,
  // as a product would mark a category whose vendor shares data for advertising.
  saleOrSharing: SALE_OR_SHARING,
});

if (cmpInCharge) void import('./cmp/start').then(({ startCmp }) => startCmp(consent, SALE_OR_SHARING));

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
