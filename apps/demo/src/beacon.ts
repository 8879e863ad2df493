import { scrubDeep, scrubUrl } from '@plinth/core';

/**
 * A first-party beacon: the demo's stand-in for an analytics/monitoring SDK until @plinth/analytics
 * and @plinth/logging land. It is loaded as a lazy chunk by core's vendor loader, only after consent,
 * and every payload passes core's scrubber (here, in the lazy chunk, so the scrubber is not on the
 * start-up path), exactly as the vendor adapters' before-send hooks will.
 */
export interface Beacon {
  send(type: string, properties: Record<string, unknown>, at?: Date): void;
  pageView(page: { url: string; title: string; referrer: string }, at?: Date): void;
}

export function createBeacon(endpoint: string): Beacon {
  const send: Beacon['send'] = (type, properties, at = new Date()) => {
    const body = JSON.stringify({ type, time: at.toISOString(), properties: scrubDeep(properties) });
    // text/plain keeps it a simple request (no CORS preflight), as analytics SDKs do.
    fetch(endpoint, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'text/plain' } }).catch(() => {
      // a blocked or offline endpoint must never break the page
    });
  };
  return {
    send,
    pageView: ({ url, title, referrer }, at) =>
      send('page_view', { url: scrubUrl(url), title, referrer: referrer && scrubUrl(referrer) }, at),
  };
}
