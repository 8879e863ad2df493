import { useCallback, useMemo } from 'react';
import { useFlagsInstance } from './context';
import type { TrackOptions } from './createFlags';
import type { MetricKey } from './defineFlags';
import type { AppContext } from './ldContext';
import type { UserAttributes } from './userAttributes';

/**
 * Experiment metrics: `track('checkout-completed')` for a conversion, `track('revenue', { value: 42 })` for
 * a numeric metric. Typed by the registered `metrics`; sent with `functional` consent only (queued until
 * the SDK is ready), `data` scrubbed first. The function is stable across renders.
 */
export function useTrack(): (metric: MetricKey, options?: TrackOptions) => void {
  const instance = useFlagsInstance('useTrack');
  return useCallback((metric, options) => instance.track(metric, options), [instance]);
}

/** What `useFlagsContext` gives: the evaluation context's parts of the app's own. */
export interface FlagsContextSetters {
  /** A context kind beside the user (`'organization'`), or `null` to drop it. */
  setContext(kind: string, context: AppContext | null): Promise<void>;
  /** The app's own attributes on the user context (`{ plan: 'pro' }`), or `null`; they go at sign-out. */
  setUserAttributes(attributes: UserAttributes | null): Promise<void>;
}

/**
 * The evaluation context's parts of the app's own: LaunchDarkly multi-kind contexts
 * (`setContext('organization', { key: org.id, plan: org.plan })` when the user switches organization,
 * `setContext('organization', null)` to drop it) and attributes on the user context for targeting
 * (`setUserAttributes({ plan: 'pro' })`). The flags are evaluated again; each resolves once they are
 * (never rejects). Stable across renders.
 */
export function useFlagsContext(): FlagsContextSetters {
  const instance = useFlagsInstance('useFlagsContext');
  return useMemo(
    () => ({
      setContext: (kind, context) => instance.setContext(kind, context),
      setUserAttributes: (attributes) => instance.setUserAttributes(attributes),
    }),
    [instance],
  );
}
