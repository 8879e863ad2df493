/**
 * `@plinth/flags/openfeature`: Plinth's LaunchDarkly integration as an OpenFeature web provider, for an app
 * that standardised on OpenFeature (`@openfeature/web-sdk`, an optional peer). Consent, the session
 * channel, the cache, bootstrap and the catalogue checks stay Plinth's: the provider reads the same
 * `FlagsClient` as the hooks.
 *
 * @example
 * const flagsClient = createFlagsClient({ flags, clientSideId, consent });
 * await OpenFeature.setProviderAndWait(new PlinthFlagsProvider(flagsClient));
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
import type { FlagsClient } from '../createFlagsClient';
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

export class PlinthFlagsProvider implements Provider {
  readonly metadata = { name: 'plinth-launchdarkly' } as const;
  readonly runsOn = 'client' as const;
  readonly events = new OpenFeatureEventEmitter();
  private following: (() => void)[] = [];
  private kinds: Record<string, AppContext> = {};

  /**
   * @param client The flags client (`createFlagsClient`), shared with `FlagsProvider client={…}` if the app
   * also uses Plinth's hooks. The user comes from core's session channel (`@plinth/auth`), as for the hooks:
   * the context's `targetingKey` is not used. Attributes of the context that are objects with a `key`
   * (`{ organization: { key: 'acme' } }`) become LaunchDarkly context kinds beside the user.
   */
  constructor(private readonly client: FlagsClient) {}

  async initialize(context?: EvaluationContext): Promise<void> {
    void this.applyKinds(context); // not started yet: resolves at once
    const { client } = this;
    for (const key of Object.keys(client.defaults)) {
      this.following.push(
        client.subscribe(key, () => this.events.emit(ProviderEvents.ConfigurationChanged, { flagsChanged: [key] })),
      );
    }
    client.start();
    await new Promise<void>((resolve, reject) => {
      let settled = false;
      const onStatus = () => {
        const status = client.status();
        if (status === 'loading') return;
        if (!settled) {
          settled = true;
          // Defaults (or bootstrap and cache) past the timeout are still values: ready, but stale.
          if (status === 'failed') reject(new Error('flags: the flag service failed (defaults in use)'));
          else resolve();
          if (status === 'timeout') this.events.emit(ProviderEvents.Stale);
          return;
        }
        if (status === 'ready') this.events.emit(ProviderEvents.Ready);
        else if (status === 'timeout') this.events.emit(ProviderEvents.Stale);
        else this.events.emit(ProviderEvents.Error, { message: 'flags: the flag service failed' });
      };
      this.following.push(client.subscribeStatus(onStatus));
      onStatus();
    });
  }

  /**
   * Resolves once the flags are evaluated for the new context (OpenFeature shows the provider as
   * `RECONCILING` until then, and `ContextChanged` follows with the new values).
   */
  async onContextChange(_old: EvaluationContext, next: EvaluationContext): Promise<void> {
    await this.applyKinds(next);
  }

  async onClose(): Promise<void> {
    for (const stop of this.following) stop();
    this.following = [];
    this.client.dispose();
  }

  track(name: string, _context: EvaluationContext, details: TrackingEventDetails = {}): void {
    const { value, ...data } = details;
    this.client.track(name, { value, data: Object.keys(data).length > 0 ? data : undefined });
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
    if (!Object.hasOwn(this.client.defaults, key)) {
      return error(ErrorCode.FLAG_NOT_FOUND, `flag "${key}" is not in the catalogue`);
    }
    const details = this.client.details(key);
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

  private applyKinds(context: EvaluationContext | undefined): Promise<unknown> {
    const next = kindsOf(context);
    const evaluations: Promise<void>[] = [];
    for (const kind of Object.keys(this.kinds))
      if (!(kind in next)) evaluations.push(this.client.setContext(kind, null));
    for (const [kind, value] of Object.entries(next)) {
      if (JSON.stringify(value) !== JSON.stringify(this.kinds[kind]))
        evaluations.push(this.client.setContext(kind, value));
    }
    this.kinds = next;
    return Promise.all(evaluations);
  }
}
