import { channel, createConsent, createVendorLoader, scrubUrl } from '@plinth/core';
import { config } from './config';

/** The visitor's consent, persisted first-party in localStorage under `plinth.consent`. */
export const consent = createConsent({ categories: ['analytics', 'monitoring'] });

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
    monitoring.call((b) =>
      b.send('exception', { message: error instanceof Error ? error.message : String(error), ...context }),
    ),
  );
  const offReport = channel.on('report', ({ level, message, context }) =>
    monitoring.call((b) => b.send('report', { level, message, ...context })),
  );
  return () => {
    offException();
    offReport();
  };
}

export function trackPageView(): void {
  const url = scrubUrl(window.location.href);
  const title = document.title;
  analytics.call((b) => b.send('page_view', { url, title, referrer: scrubUrl(document.referrer) }));
}
