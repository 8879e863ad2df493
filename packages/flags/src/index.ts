export { createFlagsClient, type FlagsClient, type FlagsConfig, type TrackOptions } from './createFlagsClient';
export {
  defineFlags,
  type FlagCatalogue,
  type FlagKey,
  type Flags,
  type FlagsRegister,
  type FlagValue,
  type MetricKey,
} from './defineFlags';
export { Feature, type FeatureProps } from './Feature';
export { FlagsProvider, type FlagsProviderProps } from './FlagsProvider';
export type { AppContext, FlagAttribute } from './ldContext';
export type { FlagDetails, FlagReason, FlagSource, FlagsStatus } from './store';
export { useAllFlags } from './useAllFlags';
export { type FlagHookOptions, useFlag, useFlagDetails } from './useFlag';
export { useFlagsFailure, useFlagsStatus } from './useFlagsStatus';
export type { UserAttributes } from './userAttributes';
export { type FlagsContextSetters, useFlagsContext, useTrack } from './useTrack';
export { useVariant } from './useVariant';
