import { createConsent } from '@plinth/core';

/** The categories the banner asks for: `functional` covers feature flags and remembered preferences. */
const CONSENT_CATEGORIES = ['analytics', 'monitoring', 'functional'] as const;

/**
 * The visitor's consent, persisted first-party in localStorage under `plinth.consent`. Analytics
 * (PostHog) waits for `analytics`, logging (Datadog) for `monitoring`, flags (LaunchDarkly) for
 * `functional`: before a category is granted its SDK is not even downloaded.
 */
export const consent = createConsent({ categories: CONSENT_CATEGORIES });
