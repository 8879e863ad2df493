import { onCallback } from '../callbacks';
import type { Properties } from './types';

const METRIC = /^\$web_vitals_(.+)_value$/;

/**
 * A `$web_vitals` event without what was measured on a callback route: posthog-js buffers a document's metrics
 * and sends them later with the URL the first was measured on, so the page the visitor lands on after a sign-in
 * would carry the callback's URL. Each metric measured there goes (posthog-js's `…_event` tells where; TTFB and
 * others without one were measured where the event was made); the event then carries the URL of the first metric
 * left, or is dropped (`null`) when none is.
 */
export function vitalsOffCallbacks(properties: Properties, paths: readonly string[]): Properties | null {
  const urlOf = (name: string) =>
    (properties[`$web_vitals_${name}_event`] as { $current_url?: unknown } | undefined)?.$current_url ??
    properties.$current_url;
  const out: Properties = { ...properties };
  let kept: unknown;
  let metrics = 0;
  let dropped = 0;
  for (const key of Object.keys(properties)) {
    const name = METRIC.exec(key)?.[1];
    if (name === undefined) continue;
    const url = urlOf(name);
    metrics += 1;
    if (onCallback(url, paths)) {
      dropped += 1;
      delete out[key];
      delete out[`$web_vitals_${name}_event`];
    } else {
      kept ??= url;
    }
  }
  if (dropped === 0 && !onCallback(properties.$current_url, paths)) return properties;
  if (metrics === dropped) return dropped > 0 || onCallback(properties.$current_url, paths) ? null : properties;
  if (onCallback(out.$current_url, paths)) out.$current_url = kept;
  return out;
}
