import { useCallback } from 'react';
import { useFlagsClient } from './context';
import type { TrackOptions } from './createFlagsClient';
import type { MetricKey } from './defineFlags';
import type { AppContext } from './ldContext';

/**
 * Experiment metrics: `track('checkout-completed')` for a conversion, `track('revenue', { value: 42 })` for
 * a numeric metric. Typed by the registered `metrics`; sent with `functional` consent only (queued until
 * the SDK is ready), `data` scrubbed first. The function is stable across renders.
 */
export function useTrack(): (metric: MetricKey, options?: TrackOptions) => void {
  const client = useFlagsClient('useTrack');
  return useCallback((metric, options) => client.track(metric, options), [client]);
}

/**
 * The app's own context kinds beside the user (LaunchDarkly multi-kind contexts):
 * `setContext('organization', { key: org.id, plan: org.plan })` when the user switches organization,
 * `setContext('organization', null)` to drop it. The flags are evaluated again; stable across renders.
 */
export function useFlagsContext(): { setContext(kind: string, context: AppContext | null): void } {
  const client = useFlagsClient('useFlagsContext');
  const setContext = useCallback(
    (kind: string, context: AppContext | null) => client.setContext(kind, context),
    [client],
  );
  return { setContext };
}
