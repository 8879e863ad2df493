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
