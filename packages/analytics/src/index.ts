export { AnalyticsProvider, type AnalyticsProviderProps } from './AnalyticsProvider';
export {
  type AnalyticsConfig,
  type Capabilities,
  DEFAULT_CAPABILITIES,
  POSTHOG_HOSTS,
  type PosthogRegion,
  type RateLimit,
} from './config';
export { createAnalytics } from './createAnalytics';
export { defineEvents, type EventDefinitions } from './defineEvents';
export type {
  Analytics,
  AnalyticsRegister,
  AnyEvents,
  EventCatalogue,
  GroupTypes,
  PersonProperties,
  PersonUpdate,
  PropsArg,
  SuperProperties,
} from './types';
export {
  useAnalytics,
  useAnalyticsFailure,
  useAnalyticsSessionId,
  useAnalyticsStatus,
  useTime,
} from './useAnalytics';
