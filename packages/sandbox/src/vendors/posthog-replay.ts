import { gunzipSync } from 'node:zlib';

/**
 * PostHog's session replay as its ingestion sees it (posthog-js 1.449, `lazy-loaded-session-recorder`): `$snapshot`
 * events posted to the remote config's `sessionRecording.endpoint` (`/s/`), each with `$snapshot_data`, a list of
 * rrweb events. A full snapshot's `data`, and a mutation's `texts`/`attributes`/`removes`/`adds`, may each be gzipped
 * JSON sent as a latin1 string (fflate's `strFromU8(gzipSync(…), true)`), the event then marked `cv: '2024-10'`.
 */

/** rrweb: `EventType.FullSnapshot`, `EventType.IncrementalSnapshot`, `IncrementalSource.Mutation`. */
const FULL_SNAPSHOT = 2;
const INCREMENTAL = 3;
const MUTATION = 0;
const MUTATION_FIELDS = ['texts', 'attributes', 'removes', 'adds'] as const;

const gunzipLatin1 = (value: unknown): unknown =>
  typeof value === 'string' ? JSON.parse(gunzipSync(Buffer.from(value, 'latin1')).toString('utf8')) : value;

interface RrwebEvent {
  type?: unknown;
  cv?: unknown;
  data?: unknown;
  [key: string]: unknown;
}

/** One rrweb event with its compressed fields decoded (`cv` dropped); any other event as it came. */
export function decodeRrwebEvent(event: unknown): unknown {
  const e = event as RrwebEvent | null;
  if (!e || typeof e !== 'object' || e.cv === undefined) return event;
  const { cv: _, ...rest } = e;
  if (rest.type === FULL_SNAPSHOT) return { ...rest, data: gunzipLatin1(rest.data) };
  const data = rest.data as Record<string, unknown> | undefined;
  if (rest.type === INCREMENTAL && data?.source === MUTATION) {
    const decoded: Record<string, unknown> = { ...data };
    for (const field of MUTATION_FIELDS) decoded[field] = gunzipLatin1(data[field]);
    return { ...rest, data: decoded };
  }
  return rest;
}

/** A `$snapshot` event with every rrweb event of its `$snapshot_data` decoded. */
export function decodeSnapshot<T extends object>(event: T): T {
  const properties = (event as { properties?: { $snapshot_data?: unknown } }).properties;
  if (!properties || !Array.isArray(properties.$snapshot_data)) return event;
  return { ...event, properties: { ...properties, $snapshot_data: properties.$snapshot_data.map(decodeRrwebEvent) } };
}
