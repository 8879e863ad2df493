import { type ConsentStore, PlinthError, useConsentStore } from '@plinth/core';
import { type ReactNode, useEffect, useState } from 'react';
import type { AnalyticsConfig } from './config';
import { AnalyticsContext } from './context';
import { type AnalyticsInstance, createAnalytics } from './createAnalytics';

/** A ready instance (`createAnalytics()`), or a config to create one, never both. */
export type AnalyticsProviderProps = { children?: ReactNode } & (
  | { client: AnalyticsInstance; config?: never; consent?: never }
  | {
      client?: never;
      config: AnalyticsConfig;
      /** The consent store; default the nearest `ConsentProvider`'s. */
      consent?: ConsentStore;
    }
);

/**
 * Product analytics for the tree below. Renders nothing of its own and costs nothing on the first
 * render: the SDK is imported after consent, from an effect. Needs a `ConsentProvider` above it
 * (or `consent`): without a consent store it refuses to start.
 */
export function AnalyticsProvider({ client, config, consent, children }: AnalyticsProviderProps) {
  const nearest = useConsentStore();
  const [analytics] = useState(() => {
    if (client) return client;
    const store = consent ?? nearest;
    if (!store) {
      throw new PlinthError('AnalyticsProvider needs a ConsentProvider above it (or a `consent` store)', {
        source: 'config',
        code: 'consent',
      });
    }
    return createAnalytics({ ...(config as AnalyticsConfig), consent: store });
  });
  useEffect(() => {
    analytics.start();
    return () => analytics.stop();
  }, [analytics]);
  return <AnalyticsContext.Provider value={analytics}>{children}</AnalyticsContext.Provider>;
}
