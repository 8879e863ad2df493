import { createConsent } from '@plinth/core';

/** The categories the banner asks for: `functional` covers feature flags and remembered preferences. */
const CONSENT_CATEGORIES = ['analytics', 'monitoring', 'functional'] as const;

/**
 * The visitor's consent, persisted first-party in localStorage under `plinth.consent`. Analytics
 * (PostHog) waits for `analytics`, logging (Datadog) for `monitoring`, flags (LaunchDarkly) for
 * `functional`: before a category is granted its SDK is not even downloaded.
 */
export const consent = createConsent({
  categories: CONSENT_CATEGORIES,
  // With Global Privacy Control on, the marked categories stay denied until the visitor allows them by name. PostHog
  // as the demo uses it (first-party product analytics) is not a sale; it is marked so the signal can be tried here,
  // as a product would mark a category whose vendor shares data for advertising.
  saleOrSharing: ['analytics'],
});
