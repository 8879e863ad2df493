/**
 * The one door to launchdarkly-js-client-sdk (v3, `initialize()`), imported only through `import()`
 * from `createFlags` so the SDK is a lazy chunk. Nothing here leaks a vendor type, and nothing here keeps
 * the subject: the evaluation context is read from `context()` every time the SDK starts, restarts
 * (consent granted again) or identifies.
 */
import {
  initialize,
  type LDClient,
  type LDContext,
  type LDEvaluationDetail,
  type LDOptions,
} from 'launchdarkly-js-client-sdk';
import type { FlagValue } from '../defineFlags';
import { LAUNCHDARKLY_URLS } from '../endpoints';
import {
  type ContextAttribute,
  type ContextSource,
  canonicalKey,
  currentContext,
  type EvaluationContext,
  type MultiContext,
  type SecureModeContext,
} from '../ldContext';
import type { FlagReason } from '../store';
import { browserVisitorKey } from '../visitorKey';

export interface LiveFlag {
  value: FlagValue | undefined;
  reason: FlagReason;
}

export interface AdapterOptions {
  clientSideId: string;
  /** The evaluation context's parts, read at each (re)open and identify: the current subject, the app's attributes and kinds. */
  source: ContextSource;
  /** User attributes sent as private attributes (`['email']`); default none. */
  contextAttributes?: readonly ContextAttribute[] | undefined;
  /** Secure mode: the server's HMAC-SHA256 (hex) of the evaluated context's canonical key, or `undefined`. */
  hash?: ((context: SecureModeContext) => string | undefined | Promise<string | undefined>) | undefined;
  baseUrl?: string | undefined;
  streamUrl?: string | undefined;
  eventsUrl?: string | undefined;
  streaming: boolean;
  sendEvents: boolean;
  /**
   * Evaluations from the SDK: `complete` when it is every flag the service serves this context (at init and
   * after each identify), else the ones a stream message changed.
   */
  onFlags(flags: Record<string, LiveFlag>, complete?: boolean): void;
  onError(error: unknown): void;
}

export interface LaunchDarklyAdapter {
  /**
   * Evaluate for the context as it is now, if it changed; the previous values stay until the new ones
   * arrive. Resolves once they did (or failed). Never rejects.
   */
  identify(): Promise<void>;
  /** A custom event for experiment metrics (`metricValue` for numeric metrics). */
  track(key: string, data: Record<string, unknown> | undefined, metricValue: number | undefined): void;
  /** Record one evaluation of `key` with LaunchDarkly if it still serves `shown` (an experiment exposure). */
  exposure(key: string, shown: FlagValue, fallback: FlagValue): void;
  /** Stop the stream and events (consent revoked, or the provider that owned it unmounted). */
  close(): void;
  /** A fresh SDK client after `close()` (consent granted again), for the context as it is now. */
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
    // Given even when the config names none, so the hosts the README's CSP lists are these (endpoints.ts).
    baseUrl: options.baseUrl || LAUNCHDARKLY_URLS.baseUrl,
    streamUrl: options.streamUrl || LAUNCHDARKLY_URLS.streamUrl,
    eventsUrl: options.eventsUrl || LAUNCHDARKLY_URLS.eventsUrl,
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

  // An anonymous visitor's key is the one the server's bootstrap read from the same cookie (not one the
  // SDK would generate), so a percentage rollout buckets them alike on both sides.
  const context = () => currentContext(options.source, options.contextAttributes, browserVisitorKey);
  /** Secure mode: the hash for exactly the context being sent (its canonical key: the user's, or the multi-kind one). */
  const hashOf = (evaluated: EvaluationContext | MultiContext) =>
    options.hash?.({ canonicalKey: canonicalKey(evaluated), context: evaluated });
  let closed = false;
  /** The context the running SDK client evaluated (JSON), to skip an identify that changes nothing. */
  let evaluated = '';
  const open = async () => {
    const first = context();
    evaluated = JSON.stringify(first);
    const hash = await hashOf(first);
    const next = initialize(options.clientSideId, first as LDContext, hash ? { ...ldOptions, hash } : ldOptions);
    next.on('error', options.onError);
    try {
      await next.waitForInitialization();
    } catch (error) {
      next.close().catch(silent);
      throw error;
    }
    return next;
  };
  /** The SDK client of this grant: every call waits for it, in order (a reopen's client is not ready at once). */
  let client: Promise<LDClient | undefined> = Promise.resolve(await open());
  let last: Promise<unknown> = client;
  /** Run `fn` on the current client once it is there and what was asked before has run; dropped when closed. */
  const then = (fn: (sdk: LDClient) => unknown): Promise<void> => {
    const current = client;
    const run = last.then(async () => {
      const sdk = await current;
      if (sdk && !closed && current === client) await fn(sdk);
    });
    last = run.catch(silent);
    return run.catch(options.onError);
  };

  return {
    // One identify at a time, each for the context as it is when its turn comes: changes made in a row
    // (sign-in, then an organization) end on the latest context, never on an overtaken one.
    identify: () =>
      then(async (sdk) => {
        const next = context();
        if (JSON.stringify(next) === evaluated) return;
        evaluated = JSON.stringify(next);
        await sdk.identify(next as LDContext, await hashOf(next));
      }),
    track(key, data, metricValue) {
      void then((sdk) => sdk.track(key, data, metricValue));
    },
    exposure(key, shown, fallback) {
      void then((sdk) => {
        const current = sdk.allFlags()[key];
        if (current === undefined || JSON.stringify(current) !== JSON.stringify(shown)) return;
        sdk.variation(key, fallback);
      });
    },
    close() {
      closed = true;
      void client.then((sdk) => sdk?.close().catch(silent));
    },
    reopen() {
      closed = false;
      client = open().catch((error: unknown) => {
        options.onError(error);
        return undefined;
      });
      client.then((sdk) => {
        if (closed) sdk?.close().catch(silent);
      }, silent);
    },
  };
}
