import { type InstanceOrConfig, useProvidedInstance } from '@plinth/core';
import type { ReactNode } from 'react';
import type { AnalyticsConfig } from './config';
import { AnalyticsContext } from './context';
import { createAnalytics } from './createAnalytics';
import type { Analytics } from './types';

/**
 * A ready instance (`createAnalytics(config)`), or a config to create one, never both. Without `consent` in
 * the config, the nearest `ConsentProvider`'s store is used.
 */
export type AnalyticsProviderProps = { children?: ReactNode } & InstanceOrConfig<Analytics, AnalyticsConfig>;

/**
 * Product analytics for the tree below. Renders nothing of its own and costs nothing on the first
 * render: the SDK is imported after consent, from an effect. Needs a `ConsentProvider` above it
 * (or `consent` in the config): without a consent store it refuses to start.
 */
export function AnalyticsProvider({ children, ...props }: AnalyticsProviderProps) {
  const { instance } = useProvidedInstance('AnalyticsProvider', props, createAnalytics);
  return <AnalyticsContext.Provider value={instance}>{children}</AnalyticsContext.Provider>;
}
