import {
  MissingProviderError,
  type PlinthError,
  useVendorFailure,
  useVendorStatus,
  type VendorStatus,
} from '@plinth/core';
import { useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { AnalyticsContext } from './context';
import type { Analytics, AnyEvents, EventCatalogue, PropsArg } from './types';

/** The analytics of the nearest `AnalyticsProvider` (untyped; see `defineEvents` for a typed catalogue). */
export function useAnalytics<E extends EventCatalogue = AnyEvents>(): Analytics<E> {
  const analytics = useContext(AnalyticsContext);
  if (!analytics) throw new MissingProviderError('useAnalytics', 'analytics');
  return analytics as unknown as Analytics<E>;
}

/** The SDK's status (core's `VendorStatus`: `waiting-consent`, `loading`, `ready`, …), re-rendering when it changes; `idle` on the server. */
export function useAnalyticsStatus(): VendorStatus {
  return useVendorStatus(useAnalytics());
}

/** Why the SDK failed, was blocked, timed out or was refused by PostHog (`failure()`), re-rendering when it changes. */
export function useAnalyticsFailure(): PlinthError | undefined {
  return useVendorFailure(useAnalytics());
}

/** `sessionId()`, re-rendering when the session changes; `undefined` on the server and before consent. */
export function useAnalyticsSessionId(): string | undefined {
  const analytics = useAnalytics();
  return useSyncExternalStore(analytics.subscribeSessionId, analytics.sessionId, () => undefined);
}

/**
 * Times from mount: returns `stop(properties?)`, which captures `event` with `$duration` (once).
 * A remount starts a new timer.
 */
export function useTime<E extends EventCatalogue = AnyEvents, K extends keyof E & string = keyof E & string>(
  event: K,
): (...properties: PropsArg<E, K>) => void {
  const analytics = useAnalytics<E>();
  const stop = useRef<((...properties: PropsArg<E, K>) => void) | null>(null);
  useEffect(() => {
    stop.current = analytics.time(event);
    return () => {
      stop.current = null;
    };
  }, [analytics, event]);
  return (...properties) => stop.current?.(...properties);
}
