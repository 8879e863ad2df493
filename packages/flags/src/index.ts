export { createFlags, type Flags, type FlagsConfig, type TrackOptions } from './createFlags';
export {
  defineFlags,
  type FlagCatalogue,
  type FlagKey,
  type FlagsRegister,
  type FlagValue,
  type FlagValues,
  type MetricKey,
} from './defineFlags';
export { Feature, type FeatureProps } from './Feature';
export { FlagsProvider, type FlagsProviderProps } from './FlagsProvider';
export type { AppContext, EvaluationContext, MultiContext, SecureModeContext } from './ldContext';
export type { FlagDetails, FlagReason, FlagSource } from './store';
export { useAllFlags } from './useAllFlags';
export { type FlagHookOptions, useFlag, useFlagDetails } from './useFlag';
export { useFlagsFailure, useFlagsStatus } from './useFlagsStatus';
export type { FlagAttribute, UserAttributes } from './userAttributes';
export { type FlagsContextSetters, useFlagsContext, useTrack } from './useTrack';
export { useVariant } from './useVariant';
