import { channel, createConsent, createVendorLoader } from '@plinth/core';
import { config } from './config';

/** The categories the banner asks for: `functional` covers feature flags and remembered preferences. */
export const CONSENT_CATEGORIES = ['analytics', 'monitoring', 'functional'] as const;

/** The visitor's consent, persisted first-party in localStorage under `plinth.consent`. */
export const consent = createConsent({ categories: CONSENT_CATEGORIES });

const beacon = (category: 'analytics' | 'monitoring') =>
  createVendorLoader({
    name: `demo-${category}`,
    load: async () => (await import('./beacon')).createBeacon(config.collectUrl),
    consent: { store: consent, category },
  });

/** Page views and events: nothing is loaded or sent before `analytics` consent; calls made earlier queue. */
export const analytics = beacon('analytics');
/** Exceptions and reports from the session channel: only with `monitoring` consent. */
export const monitoring = beacon('monitoring');

export function startTelemetry(): () => void {
  void analytics.start();
  void monitoring.start();
  const offException = channel.on('exception', ({ error, context }) =>
    monitoring.call((b, at) =>
      b.send('exception', { message: error instanceof Error ? error.message : String(error), ...context }, at),
    ),
  );
  const offReport = channel.on('report', ({ level, message, context }) =>
    monitoring.call((b, at) => b.send('report', { level, message, ...context }, at)),
  );
  return () => {
    offException();
    offReport();
  };
}

/** A page view, queued until analytics consent; it is sent with the time it happened, URLs scrubbed. */
export function trackPageView(): void {
  const page = { url: window.location.href, title: document.title, referrer: document.referrer };
  analytics.call((b, at) => b.pageView(page, at));
}
