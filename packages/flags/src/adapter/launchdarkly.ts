/**
 * The one door to launchdarkly-js-client-sdk (v3, `initialize()`), imported only through `import()`
 * from the flags client so the SDK is a lazy chunk. Nothing here leaks a vendor type.
 */
import type { PlinthUser } from '@plinth/core';
import { initialize, type LDContext, type LDEvaluationDetail, type LDOptions } from 'launchdarkly-js-client-sdk';
import type { FlagValue } from '../defineFlags';
import { type AppContext, type ContextAttribute, toContext, withKinds } from '../ldContext';
import type { FlagReason } from '../store';
import type { UserAttributes } from '../userAttributes';
import { browserVisitorKey } from '../visitorKey';

export interface LiveFlag {
  value: FlagValue | undefined;
  reason: FlagReason;
}

export interface AdapterOptions {
  clientSideId: string;
  user: PlinthUser | null;
  contextAttributes?: readonly ContextAttribute[] | undefined;
  baseUrl?: string | undefined;
  streamUrl?: string | undefined;
  eventsUrl?: string | undefined;
  streaming: boolean;
  sendEvents: boolean;
  /** The app's own context kinds (organization, device…), read at each (re)identify. */
  kinds?: (() => Readonly<Record<string, AppContext | null | undefined>>) | undefined;
  /** The app's own user attributes, read at each (re)identify. */
  userAttributes?: (() => UserAttributes) | undefined;
  /** Secure mode: the server's HMAC-SHA256 of the context's key (hex), per user (`undefined` for none). */
  hash?: ((user: PlinthUser | null) => string | undefined) | undefined;
  /**
   * Evaluations from the SDK: `complete` when it is every flag the service serves this context (at init and
   * after each identify), else the ones a stream message changed.
   */
  onFlags(flags: Record<string, LiveFlag>, complete?: boolean): void;
  onError(error: unknown): void;
}

export interface LaunchDarklyAdapter {
  /** Switch context (the user, and the app's kinds as they are now); the previous values stay until the new ones arrive. Never rejects. */
  identify(user: PlinthUser | null): Promise<void>;
  /** A custom event for experiment metrics (`metricValue` for numeric metrics). */
  track(key: string, data: Record<string, unknown> | undefined, metricValue: number | undefined): void;
  /** Record one evaluation of `key` with LaunchDarkly if it still serves `shown` (an experiment exposure). */
  exposure(key: string, shown: FlagValue, fallback: FlagValue): void;
  /** Stop the stream and events for good (consent revoked). */
  close(): void;
  /** A fresh client after `close()` (consent granted again), for the current user. */
  reopen(): void;
}

const toLive = (detail: LDEvaluationDetail): LiveFlag => ({
  value: detail.value as FlagValue | undefined,
  reason: detail.reason?.kind ?? 'UNKNOWN',
});

export async function createLaunchDarkly(options: AdapterOptions): Promise<LaunchDarklyAdapter> {
  const silent = () => {};
  const ldOptions: LDOptions = {
    streaming: options.streaming,
    sendEvents: options.sendEvents,
    // Evaluations are recorded only for exposures (useVariant), never for every flag received.
    sendEventsOnlyForVariation: true,
    evaluationReasons: true,
    fetchGoals: false,
    diagnosticOptOut: false,
    logger: { debug: silent, info: silent, warn: silent, error: (message: string) => options.onError(message) },
    inspectors: [
      {
        type: 'flag-details-changed',
        name: 'plinth-flags',
        synchronous: true,
        method: (details: Record<string, LDEvaluationDetail>) =>
          options.onFlags(
            Object.fromEntries(Object.entries(details).map(([key, detail]) => [key, toLive(detail)])),
            true,
          ),
      },
      {
        type: 'flag-detail-changed',
        name: 'plinth-flag',
        synchronous: true,
        method: (key: string, detail: LDEvaluationDetail) => options.onFlags({ [key]: toLive(detail) }, false),
      },
    ],
  };
  if (options.baseUrl) ldOptions.baseUrl = options.baseUrl;
  if (options.streamUrl) ldOptions.streamUrl = options.streamUrl;
  if (options.eventsUrl) ldOptions.eventsUrl = options.eventsUrl;

  // An anonymous visitor's key is the one the server's bootstrap read from the same cookie (not one the
  // SDK would generate), so a percentage rollout buckets them alike on both sides.
  const contextFor = (who: PlinthUser | null) =>
    withKinds(
      toContext(who, who ? undefined : browserVisitorKey(), options.contextAttributes, options.userAttributes?.()),
      options.kinds?.(),
    ) as LDContext;
  let user = options.user;
  let context = contextFor(user);
  let closed = false;
  const open = async () => {
    context = contextFor(user);
    const hash = options.hash?.(user);
    const next = initialize(options.clientSideId, context, hash ? { ...ldOptions, hash } : ldOptions);
    next.on('error', options.onError);
    try {
      await next.waitForInitialization();
    } catch (error) {
      next.close().catch(silent);
      throw error;
    }
    return next;
  };
  let client = await open();
  let identifying = Promise.resolve();

  return {
    identify(nextUser) {
      user = nextUser;
      // One identify at a time, each for the context as it is when its turn comes: changes made in a
      // row (sign-in, then an organization) end on the latest context, never on an overtaken one.
      identifying = identifying.then(async () => {
        const next = contextFor(user);
        if (JSON.stringify(next) === JSON.stringify(context)) return;
        context = next;
        try {
          await client.identify(next, options.hash?.(user));
        } catch (error) {
          options.onError(error);
        }
      });
      return identifying;
    },
    track(key, data, metricValue) {
      client.track(key, data, metricValue);
    },
    exposure(key, shown, fallback) {
      const current = client.allFlags()[key];
      if (current === undefined || JSON.stringify(current) !== JSON.stringify(shown)) return;
      client.variation(key, fallback);
    },
    close() {
      closed = true;
      client.close().catch(silent);
    },
    reopen() {
      closed = false;
      open().then((next) => {
        if (closed) next.close().catch(silent);
        else client = next;
      }, options.onError);
    },
  };
}
