/**
 * `@plinth/flags/openfeature`: Plinth's LaunchDarkly integration as an OpenFeature web provider, for an app
 * that standardised on OpenFeature (`@openfeature/web-sdk`, an optional peer). Consent, the session
 * channel, the cache, bootstrap and the catalogue checks stay Plinth's: the provider reads the same
 * `Flags` instance as the hooks.
 *
 * @example
 * const instance = createFlags({ flags, clientSideId, consent });
 * await OpenFeature.setProviderAndWait(new PlinthFlagsProvider(instance));
 */
import {
  ErrorCode,
  type EvaluationContext,
  type JsonValue,
  OpenFeatureEventEmitter,
  type Provider,
  ProviderEvents,
  type ResolutionDetails,
  StandardResolutionReasons,
  type TrackingEventDetails,
} from '@openfeature/web-sdk';
import type { VendorStatus } from '@plinth/core';
import type { Flags } from '../createFlags';
import type { FlagValue } from '../defineFlags';
import type { AppContext } from '../ldContext';
import type { FlagDetails } from '../store';

type Expected = 'boolean' | 'string' | 'number' | 'object';

/** LaunchDarkly's reason kinds as OpenFeature reasons (LaunchDarkly's own provider passes the others through). */
const LIVE_REASON: Record<string, string> = {
  OFF: StandardResolutionReasons.DISABLED,
  TARGET_MATCH: StandardResolutionReasons.TARGETING_MATCH,
  RULE_MATCH: StandardResolutionReasons.TARGETING_MATCH,
  ERROR: StandardResolutionReasons.ERROR,
};
const SOURCE_REASON: Record<Exclude<FlagDetails['source'], 'live'>, string> = {
  default: StandardResolutionReasons.DEFAULT,
  bootstrap: StandardResolutionReasons.STATIC,
  cache: StandardResolutionReasons.CACHED,
};

const kindOf = (value: unknown): Expected | 'other' => {
  if (typeof value === 'boolean' || typeof value === 'string' || typeof value === 'number')
    return typeof value as Expected;
  return value !== null && typeof value === 'object' ? 'object' : 'other';
};

/** The app's own kinds in an OpenFeature context: the attributes whose value is an object with a string `key`. */
const kindsOf = (context: EvaluationContext | undefined): Record<string, AppContext> => {
  const kinds: Record<string, AppContext> = {};
  for (const [name, value] of Object.entries(context ?? {})) {
    if (value && typeof value === 'object' && typeof (value as { key?: unknown }).key === 'string') {
      kinds[name] = value as unknown as AppContext;
    }
  }
  return kinds;
};

/**
 * Core's statuses as OpenFeature's provider states: ready; stale when the values are defaults, bootstrap or
 * cache for now (slow service, consent pending or declined: a choice, not an error); an error when the
 * service will not answer. Idle and loading are not an outcome yet.
 */
const OUTCOME: Partial<Record<VendorStatus, 'ready' | 'stale' | 'error'>> = {
  ready: 'ready',
  timeout: 'stale',
  'waiting-consent': 'stale',
  denied: 'stale',
  failed: 'error',
  blocked: 'error',
  rejected: 'error',
};

export class PlinthFlagsProvider implements Provider {
  readonly metadata = { name: 'plinth-launchdarkly' } as const;
  readonly runsOn = 'client' as const;
  readonly events = new OpenFeatureEventEmitter();
  private following: (() => void)[] = [];

  /**
   * @param instance The flags instance (`createFlags`), shared with `FlagsProvider instance={…}` if the app
   * also uses Plinth's hooks. The user comes from core's session channel (`@plinth/auth`), as for the hooks:
   * the context's `targetingKey` is not used. Attributes of the context that are objects with a `key`
   * (`{ organization: { key: 'acme' } }`) become LaunchDarkly context kinds beside the user: written through the
   * instance's `setContext` to core's visitor (its groups), the one store; the provider keeps no copy of them.
   */
  constructor(private readonly instance: Flags) {}

  async initialize(context?: EvaluationContext): Promise<void> {
    void this.applyKinds(undefined, context); // not started yet: resolves at once
    const { instance } = this;
    for (const key of Object.keys(instance.defaults)) {
      this.following.push(
        instance.subscribe(key, () => this.events.emit(ProviderEvents.ConfigurationChanged, { flagsChanged: [key] })),
      );
    }
    instance.start();
    await new Promise<void>((resolve, reject) => {
      let settled = false;
      const onStatus = () => {
        const status = instance.status();
        const outcome = OUTCOME[status];
        if (!outcome) return; // idle or loading: the service may still answer
        if (!settled) {
          settled = true;
          // Defaults (or bootstrap and cache) past the timeout, or until the visitor consents, are still
          // values: ready, but stale.
          if (outcome === 'error') reject(instance.failure() ?? new Error(`flags: ${status} (defaults in use)`));
          else resolve();
          if (outcome === 'stale') this.events.emit(ProviderEvents.Stale);
          return;
        }
        if (outcome === 'ready') this.events.emit(ProviderEvents.Ready);
        else if (outcome === 'stale') this.events.emit(ProviderEvents.Stale);
        else this.events.emit(ProviderEvents.Error, { message: `flags: the flag service ${status}` });
      };
      this.following.push(instance.subscribeStatus(onStatus));
      onStatus();
    });
  }

  /**
   * Resolves once the flags are evaluated for the new context (OpenFeature shows the provider as
   * `RECONCILING` until then, and `ContextChanged` follows with the new values).
   */
  async onContextChange(old: EvaluationContext, next: EvaluationContext): Promise<void> {
    await this.applyKinds(old, next);
  }

  async onClose(): Promise<void> {
    for (const stop of this.following) stop();
    this.following = [];
    this.instance.stop();
  }

  track(name: string, _context: EvaluationContext, details: TrackingEventDetails = {}): void {
    const { value, ...data } = details;
    this.instance.track(name, { value, data: Object.keys(data).length > 0 ? data : undefined });
  }

  resolveBooleanEvaluation(key: string, defaultValue: boolean): ResolutionDetails<boolean> {
    return this.resolve(key, defaultValue, 'boolean');
  }
  resolveStringEvaluation(key: string, defaultValue: string): ResolutionDetails<string> {
    return this.resolve(key, defaultValue, 'string');
  }
  resolveNumberEvaluation(key: string, defaultValue: number): ResolutionDetails<number> {
    return this.resolve(key, defaultValue, 'number');
  }
  resolveObjectEvaluation<T extends JsonValue>(key: string, defaultValue: T): ResolutionDetails<T> {
    return this.resolve(key, defaultValue, 'object');
  }

  private resolve<T>(key: string, defaultValue: T, expected: Expected): ResolutionDetails<T> {
    const error = (errorCode: ErrorCode, errorMessage: string): ResolutionDetails<T> => ({
      value: defaultValue,
      reason: StandardResolutionReasons.ERROR,
      errorCode,
      errorMessage,
    });
    if (!Object.hasOwn(this.instance.defaults, key)) {
      return error(ErrorCode.FLAG_NOT_FOUND, `flag "${key}" is not in the catalogue`);
    }
    const details = this.instance.details(key);
    if (details.errorCode) {
      return error(ErrorCode[details.errorCode], `flag "${key}": ${details.errorCode} (see useFlagDetails)`);
    }
    if (kindOf(details.value) !== expected) {
      return error(ErrorCode.TYPE_MISMATCH, `flag "${key}" is a ${kindOf(details.value)}, not a ${expected}`);
    }
    return {
      value: details.value as T & FlagValue,
      reason:
        details.source === 'live' ? (LIVE_REASON[details.reason] ?? details.reason) : SOURCE_REASON[details.source],
      flagMetadata: { source: details.source },
    };
  }

  /**
   * OpenFeature's context change, `old` → `next`, written to core's visitor through the instance's writer: a kind
   * `old` had and `next` has not is removed, each kind of `next` set (an unchanged one is no new version).
   */
  private applyKinds(old: EvaluationContext | undefined, next: EvaluationContext | undefined): Promise<unknown> {
    const kinds = kindsOf(next);
    const evaluations: Promise<void>[] = [];
    for (const kind of Object.keys(kindsOf(old)))
      if (!(kind in kinds)) evaluations.push(this.instance.setContext(kind, null));
    for (const [kind, value] of Object.entries(kinds)) evaluations.push(this.instance.setContext(kind, value));
    return Promise.all(evaluations);
  }
}
