/**
 * The one door to launchdarkly-js-client-sdk (v3, `initialize()`), imported only through `import()`
 * from `createFlags` so the SDK is a lazy chunk. Nothing here leaks a vendor type, and nothing here reads
 * core's visitor: the context to evaluate is given (at load, then by the loader's `reconcile` at each change and
 * grant); a restart (consent granted again) evaluates the last one given.
 */

import { isDevelopment, type Rejection } from '@plinth/core';
import {
  initialize,
  type LDClient,
  type LDContext,
  type LDEvaluationDetail,
  type LDOptions,
} from 'launchdarkly-js-client-sdk';
import type { FlagValue } from '../defineFlags';
import { LAUNCHDARKLY_URLS } from '../endpoints';
import { canonicalKey, type EvaluationContext, type MultiContext, type SecureModeContext } from '../ldContext';
import type { FlagReason } from '../store';

// Loaded with the SDK, in this lazy chunk: what follows core's visitor (`../reconcile`) and the anonymous visitor's key.
export { contextOf, createReconcile } from '../reconcile';
export { browserVisitorKey } from '../visitorKey';

export interface LiveFlag {
  value: FlagValue | undefined;
  reason: FlagReason;
}

export interface AdapterOptions {
  clientSideId: string;
  /** The context the SDK starts on (core's visitor as it is at load). */
  context: EvaluationContext | MultiContext;
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
  /**
   * What the SDK reported (its logger's warnings and errors, its `error` event), as text; also printed in
   * development, once per message (the SDK's own words are never silenced into nothing).
   */
  onError(message: string): void;
  /**
   * The service refused the client-side ID: it names no environment (HTTP 404 to the first evaluation), said in
   * Plinth's words (what to check) for the loader's `reject`. The SDK client is kept (its calls are harmless).
   */
  rejected(rejection: Rejection): void;
}

export interface LaunchDarklyAdapter {
  /**
   * Evaluate for `context` (reconcile's), unless it is the one evaluated; the previous values stay until the new
   * ones arrive. Resolves once they did (or failed). Never rejects. While closed, it is the context of the next
   * `reopen()`.
   */
  identify(context: EvaluationContext | MultiContext): Promise<void>;
  /** A custom event for experiment metrics (`metricValue` for numeric metrics). */
  track(key: string, data: Record<string, unknown> | undefined, metricValue: number | undefined): void;
  /** Record one evaluation of `key` with LaunchDarkly if it still serves `shown` (an experiment exposure). */
  exposure(key: string, shown: FlagValue, fallback: FlagValue): void;
  /** Stop the stream and events (consent revoked, or the provider that owned it unmounted). */
  close(): void;
  /** A fresh SDK client after `close()` (consent granted again), for the last context given. */
  reopen(): void;
}

const toLive = (detail: LDEvaluationDetail): LiveFlag => ({
  value: detail.value as FlagValue | undefined,
  reason: detail.reason?.kind ?? 'UNKNOWN',
});

export async function createLaunchDarkly(options: AdapterOptions): Promise<LaunchDarklyAdapter> {
  const silent = () => {};
  const printed = new Set<string>();
  const onError = (error: unknown) => {
    const message = String((error as Error | undefined)?.message ?? error);
    if (isDevelopment() && !printed.has(message)) {
      printed.add(message);
      console.warn(`[plinth] launchdarkly (the SDK): ${message}`);
    }
    options.onError(message);
  };
  const baseUrl = options.baseUrl || LAUNCHDARKLY_URLS.baseUrl;
  const ldOptions: LDOptions = {
    streaming: options.streaming,
    sendEvents: options.sendEvents,
    // Evaluations are recorded only for exposures (useVariant), never for every flag received.
    sendEventsOnlyForVariation: true,
    evaluationReasons: true,
    fetchGoals: false,
    // Given even when the config names none, so the hosts the README's CSP lists are these (endpoints.ts).
    baseUrl,
    streamUrl: options.streamUrl || LAUNCHDARKLY_URLS.streamUrl,
    eventsUrl: options.eventsUrl || LAUNCHDARKLY_URLS.eventsUrl,
    diagnosticOptOut: false,
    // Its warnings and errors are not lost: createFlags reports them (and prints them in development).
    logger: { debug: silent, info: silent, warn: onError, error: onError },
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

  /** Secure mode: the hash for exactly the context being sent (its canonical key: the user's, or the multi-kind one). */
  const hashOf = (evaluated: EvaluationContext | MultiContext) =>
    options.hash?.({ canonicalKey: canonicalKey(evaluated), context: evaluated });
  let closed = false;
  /** The context reconcile last gave: the SDK's to evaluate (what it was told, not a copy of the visitor). */
  let wanted = options.context;
  /** The context the running SDK client evaluated (JSON), to skip an identify that changes nothing. */
  let evaluated = '';
  const open = async () => {
    const first = wanted;
    evaluated = JSON.stringify(first);
    const hash = await hashOf(first);
    const next = initialize(options.clientSideId, first as LDContext, hash ? { ...ldOptions, hash } : ldOptions);
    next.on('error', onError);
    try {
      // The SDK's `initialized` or `failed` (what `waitForInitialization()` waits for, without its warning that no
      // timeout was given: the loader's `timeoutMs` bounds the status, and a late answer still counts).
      await new Promise<void>((resolve, reject) => {
        next.on('initialized', resolve);
        next.on('failed', reject);
      });
    } catch (error) {
      // A client-side ID that names no environment: LaunchDarkly answers the first evaluation 404, which the SDK
      // reports as this error (js-sdk-common's Requestor). A refusal, not a failure: said as such.
      if ((error as Error | undefined)?.name === 'LaunchDarklyInvalidEnvironmentIdError') {
        options.rejected({
          message:
            "LaunchDarkly knows no environment with this client-side ID (HTTP 404): check `clientSideId` (the environment's client-side ID, not its SDK key or mobile key) and `baseUrl`",
          httpStatus: 404,
          url: `${baseUrl.replace(/\/$/, '')}/sdk/evalx`,
          cause: error,
        });
        return next;
      }
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
    return run.catch(onError);
  };

  return {
    // One identify at a time, each for the context as it is when its turn comes: changes made in a row
    // (sign-in, then an organization) end on the latest context, never on an overtaken one.
    identify(context) {
      wanted = context;
      return then(async (sdk) => {
        const next = wanted;
        if (JSON.stringify(next) === evaluated) return;
        evaluated = JSON.stringify(next);
        await sdk.identify(next as LDContext, await hashOf(next));
      });
    },
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
        onError(error);
        return undefined;
      });
      client.then((sdk) => {
        if (closed) sdk?.close().catch(silent);
      }, silent);
    },
  };
}
