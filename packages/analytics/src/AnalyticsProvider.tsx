import { configError, useConsentStore } from '@plinth/core';
import { type ReactNode, useEffect, useState } from 'react';
import type { AnalyticsConfig } from './config';
import { AnalyticsContext } from './context';
import { createAnalytics } from './createAnalytics';
import type { Analytics } from './types';

/**
 * A ready instance (`createAnalytics(config)`), or a config to create one, never both. Without `consent` in
 * the config, the nearest `ConsentProvider`'s store is used.
 */
export type AnalyticsProviderProps = { children?: ReactNode } & (
  | { instance: Analytics; config?: never }
  | { instance?: never; config: AnalyticsConfig }
);

/**
 * Product analytics for the tree below. Renders nothing of its own and costs nothing on the first
 * render: the SDK is imported after consent, from an effect. Needs a `ConsentProvider` above it
 * (or `consent` in the config): without a consent store it refuses to start.
 */
export function AnalyticsProvider({ instance, config, children }: AnalyticsProviderProps) {
  const nearest = useConsentStore();
  const [analytics] = useState(() => {
    if (instance) return instance;
    const consent = (config as AnalyticsConfig).consent ?? nearest;
    if (consent === undefined || consent === null) {
      throw configError(
        'AnalyticsProvider needs a ConsentProvider above it (or `consent` in its config: a store, or `false` for none)',
        'consent_required',
      );
    }
    return createAnalytics({ ...(config as AnalyticsConfig), consent });
  });
  useEffect(() => {
    analytics.start();
    return () => analytics.stop();
  }, [analytics]);
  return <AnalyticsContext.Provider value={analytics}>{children}</AnalyticsContext.Provider>;
}
