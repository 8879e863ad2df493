/**
 * `@plinth/analytics/server`: capture from server code (route handlers, server actions, jobs) with the
 * app's typed catalogue. No SDK and no `window`: one `fetch` to PostHog's `/batch/` endpoint per call, so
 * it runs on Node and on edge runtimes alike, and nothing is left in a buffer when a serverless function
 * returns. Properties are scrubbed by core's scrubber, as in the browser.
 */
import { configError, PlinthError, scrubDeep } from '@plinth/core/server';
import { type PosthogRegion, regionHosts } from '../hosts';
import type { AnyEvents, EventCatalogue, GroupTypes, PersonUpdate } from '../types';

export interface ServerAnalyticsConfig {
  /** The project's API key (the same public token the browser uses). */
  token: string;
  /** The PostHog Cloud region; default `'us'`. Ignored when `apiHost` is given. */
  region?: PosthogRegion;
  /** A self-hosted PostHog, a proxy, or the sandbox (`http://127.0.0.1:4700`). Must be absolute. */
  apiHost?: string;
  /** Give up after this long (the call resolves `{ ok: false }`). Default 3000 ms. */
  timeoutMs?: number;
  /** Extra URL parameter names (or patterns) to scrub, on top of core's list. */
  scrubParams?: readonly (string | RegExp)[];
  fetch?: typeof fetch;
}

/** What happened to one call. Never a rejection: a server's request must not fail because analytics did. */
export interface ServerSendResult {
  ok: boolean;
  /** PostHog's HTTP status, when it answered. */
  status?: number;
  /** Why not: `rejected` (a 4xx: token or host refused), `unavailable` (5xx), `network`, `timeout`. */
  error?: PlinthError<'server', 'rejected' | 'unavailable' | 'network' | 'timeout'>;
}

type Properties<E extends EventCatalogue, K extends keyof E> = E[K] extends undefined
  ? { properties?: never }
  : Record<never, never> extends NonNullable<E[K]>
    ? { properties?: E[K] }
    : { properties: E[K] };

/** One event: who, what, and optionally the person's properties, the groups and when it happened. */
export type ServerCapture<E extends EventCatalogue, K extends keyof E & string> = {
  /** The person's id: your user id, or the browser's `analytics.distinctId()` passed along. */
  distinctId: string;
  event: K;
  /** The groups the event belongs to (`{ company: 'acme' }`). */
  groups?: Partial<Record<keyof GroupTypes & string, string>>;
  /** When it happened. Default now. */
  timestamp?: Date;
} & PersonUpdate &
  Properties<E, K>;

export interface ServerAnalytics<E extends EventCatalogue = AnyEvents> {
  capture<K extends keyof E & string>(message: ServerCapture<E, K>): Promise<ServerSendResult>;
  /** Writes person properties (`$set`, `$set_once`) for `distinctId`. */
  identify(message: { distinctId: string } & PersonUpdate): Promise<ServerSendResult>;
  /** Links `alias` to `distinctId` (the same person). */
  alias(message: { distinctId: string; alias: string }): Promise<ServerSendResult>;
  /** Writes a group's properties. */
  groupIdentify<T extends keyof GroupTypes & string>(message: {
    type: T;
    key: string;
    properties?: Partial<GroupTypes[T]>;
  }): Promise<ServerSendResult>;
}

interface WireEvent {
  event: string;
  distinct_id: string;
  properties: Record<string, unknown>;
  timestamp: string;
}

/**
 * Server-side analytics for one project, typed by the app's catalogue:
 *
 * @example
 * const analytics = createServerAnalytics<Events>({ token: process.env.POSTHOG_TOKEN!, region: 'eu' });
 * await analytics.capture({ distinctId: user.id, event: 'invoice_paid', properties: { plan: 'pro' } });
 *
 * Send only for people who consented to analytics: the server cannot see the browser's choice unless the
 * app passes it along.
 */
export function createServerAnalytics<E extends EventCatalogue = AnyEvents>(
  options: ServerAnalyticsConfig,
): ServerAnalytics<E> {
  const { token, timeoutMs = 3000, scrubParams = [] } = options;
  if (!token) throw configError('analytics: `token` (the project API key) is required', 'missing_option');
  const hosts = regionHosts(options.region, (message) => configError(message, 'invalid_option'));
  const apiHost = (options.apiHost ?? hosts.api).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(apiHost)) {
    throw configError(`analytics: apiHost must be an absolute URL on the server ("${apiHost}")`, 'invalid_option');
  }
  const doFetch = options.fetch ?? globalThis.fetch;
  const scrub = <T>(value: T): T => scrubDeep(value, { extraParams: scrubParams });
  let warned = false;

  const send = async (event: WireEvent): Promise<ServerSendResult> => {
    const fail = (code: NonNullable<ServerSendResult['error']>['code'], message: string, status?: number) => {
      const error = new PlinthError(`analytics (server): ${message}`, { source: 'server', code });
      if (code === 'rejected' && !warned) {
        warned = true; // a misconfiguration is loud once, not once per request
        console.warn(`[plinth] ${error.message}`);
      }
      return { ok: false, ...(status !== undefined && { status }), error };
    };
    try {
      const response = await doFetch(`${apiHost}/batch/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ api_key: token, batch: [event] }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const { status } = response;
      await response.body?.cancel();
      if (status < 300) return { ok: true, status };
      if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
        return fail('rejected', `PostHog refused the project token or host (HTTP ${status})`, status);
      }
      return fail('unavailable', `PostHog answered HTTP ${status}`, status);
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      return fail(timedOut ? 'timeout' : 'network', timedOut ? `no answer within ${timeoutMs} ms` : String(error));
    }
  };

  const wire = (event: string, distinctId: string, properties: Record<string, unknown>, at = new Date()) =>
    send({
      event,
      distinct_id: distinctId,
      properties: { ...scrub(properties), distinct_id: distinctId, $lib: 'plinth-server' },
      timestamp: at.toISOString(),
    });

  return {
    capture: (message) => {
      const { distinctId, event, groups, timestamp, set, setOnce, properties } = message as ServerCapture<
        AnyEvents,
        string
      > & { properties?: Record<string, unknown> };
      return wire(
        event,
        distinctId,
        {
          ...properties,
          ...(groups && { $groups: groups }),
          ...(set && { $set: set }),
          ...(setOnce && { $set_once: setOnce }),
        },
        timestamp,
      );
    },
    identify: ({ distinctId, set, setOnce }) =>
      wire('$set', distinctId, { $set: set ?? {}, ...(setOnce && { $set_once: setOnce }) }),
    alias: ({ distinctId, alias }) => wire('$create_alias', distinctId, { alias }),
    groupIdentify: ({ type, key, properties }) =>
      wire('$groupidentify', `${type}_${key}`, { $group_type: type, $group_key: key, $group_set: properties ?? {} }),
  };
}

export type { AnyEvents, EventCatalogue, GroupTypes, PersonProperties, PersonUpdate } from '../types';
