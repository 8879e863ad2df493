import { scrubDeep } from '@plinth/core';
import type { OutgoingEvent } from './adapter/posthog';

/**
 * Core's scrubber over everything posthog-js is about to send (its `before_send`): event
 * properties (URLs, referrers, exception messages and stacks, element text), `$set` and
 * `$set_once` (initial URL and referrer). The project `token` is kept: it is public and the
 * ingestion needs it.
 */
export function scrubEvent(event: OutgoingEvent, extraParams: readonly (string | RegExp)[] = []): OutgoingEvent {
  const options = { extraParams, maxNodes: 5000 };
  const { token, ...rest } = event.properties;
  const properties = scrubDeep(rest, options);
  if (token !== undefined) properties.token = token;
  const out: OutgoingEvent = { event: event.event, properties };
  if (event.$set) out.$set = scrubDeep(event.$set, options);
  if (event.$set_once) out.$set_once = scrubDeep(event.$set_once, options);
  return out;
}
