export { AnalyticsProvider, type AnalyticsProviderProps } from './AnalyticsProvider';
export {
  type AnalyticsConfig,
  type Capabilities,
  DEFAULT_CAPABILITIES,
  POSTHOG_HOSTS,
  type PosthogRegion,
  type RateLimit,
} from './config';
export { type AnalyticsInstance, type CreateAnalyticsOptions, createAnalytics } from './createAnalytics';
export { defineEvents, type EventDefinitions } from './defineEvents';
export type {
  Analytics,
  AnalyticsRegister,
  AnalyticsStatus,
  AnyEvents,
  EventCatalogue,
  GroupTypes,
  PersonProperties,
  PersonUpdate,
  PropsArg,
  SuperProperties,
} from './types';
export { useAnalytics, useAnalyticsSessionId, useAnalyticsStatus, useTime } from './useAnalytics';
