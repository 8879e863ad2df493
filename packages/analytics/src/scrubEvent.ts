import { scrubDeep } from '@plinth/core';
import type { OutgoingEvent } from './adapter/posthog';

/**
 * Core's scrubber over everything posthog-js is about to send (its `before_send`): event
 * properties (URLs, referrers, exception messages and stacks, element text), `$set` and
 * `$set_once` (initial URL and referrer). The project `token` and `$cookieless_mode` are kept: the
 * ingestion needs them.
 */
export function scrubEvent(event: OutgoingEvent, extraParams: readonly (string | RegExp)[] = []): OutgoingEvent {
  const options = { extraParams, maxNodes: 5000 };
  if (event.event === '$snapshot') {
    // A recording's batch: its DOM and inputs were masked (and what the app unmasked scrubbed) as they were recorded
    // (`./adapter/replay`); its page addresses and custom payloads are scrubbed here. The DOM is not walked again: it
    // is gzipped by posthog-js, and deeper and larger than the scrubber's bounds.
    const { $snapshot_data: data, ...properties } = event.properties;
    const out = scrubEvent({ event: 'snapshot', properties }, extraParams);
    out.event = '$snapshot';
    out.properties.$snapshot_data = Array.isArray(data) ? data.map((e) => scrubSnapshotEvent(e, extraParams)) : data;
    return out;
  }
  // PostHog's own protocol fields: the public project token, and the cookieless flag (its name would read
  // as a cookie to the scrubber; redacted, PostHog would not hash the visitor and would drop the event).
  const { token, $cookieless_mode: cookieless, ...rest } = event.properties;
  const properties = scrubDeep(rest, options);
  if (token !== undefined) properties.token = token;
  if (typeof cookieless === 'boolean') properties.$cookieless_mode = cookieless;
  const out: OutgoingEvent = { event: event.event, properties };
  if (event.$set) out.$set = scrubDeep(event.$set, options);
  if (event.$set_once) out.$set_once = scrubDeep(event.$set_once, options);
  return out;
}

/** rrweb's event types whose payload is the page's address or the app's own data, not the masked DOM. */
const META = 4;
const CUSTOM = 5;
const PLUGIN = 6;

function scrubSnapshotEvent(event: unknown, extraParams: readonly (string | RegExp)[]): unknown {
  const type = (event as { type?: unknown } | null)?.type;
  if (type !== META && type !== CUSTOM && type !== PLUGIN) return event;
  return scrubDeep(event, { extraParams, maxDepth: 12, maxNodes: 5000, maxStringLength: 100_000 });
}
