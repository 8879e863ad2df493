import { scrubDeep } from '@plinth/core';

/**
 * A first-party beacon: the demo's stand-in for an analytics/monitoring SDK until @plinth/analytics
 * and @plinth/logging land. It is loaded as a lazy chunk by core's vendor loader, only after consent,
 * and every payload passes core's scrubber, exactly as the vendor adapters will.
 */
export interface Beacon {
  send(type: string, properties: Record<string, unknown>): void;
}

export function createBeacon(endpoint: string): Beacon {
  return {
    send(type, properties) {
      const body = JSON.stringify({ type, time: new Date().toISOString(), properties: scrubDeep(properties) });
      // text/plain keeps it a simple request (no CORS preflight), as analytics SDKs do.
      fetch(endpoint, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'text/plain' } }).catch(
        () => {
          // a blocked or offline endpoint must never break the page
        },
      );
    },
  };
}
