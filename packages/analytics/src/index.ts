export { AnalyticsProvider, type AnalyticsProviderProps } from './AnalyticsProvider';
export { AnalyticsSurveys, type AnalyticsSurveysProps, type SurveyLabels } from './AnalyticsSurveys';
export {
  type AnalyticsConfig,
  type Capabilities,
  DEFAULT_CAPABILITIES,
  POSTHOG_HOSTS,
  type PosthogRegion,
  type RateLimit,
  type ReplayOptions,
} from './config';
export { createAnalytics } from './createAnalytics';
export { defineEvents, type EventDefinitions } from './defineEvents';
export type { SurveyDefinition, SurveyQuestion } from './surveyTypes';
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
