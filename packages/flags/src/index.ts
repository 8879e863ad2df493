export { type FlagsClient, type FlagsConfig, createFlagsClient } from './createFlagsClient';
export { type FlagCatalogue, type FlagKey, type Flags, type FlagsRegister, type FlagValue, defineFlags } from './defineFlags';
export { Feature, type FeatureProps } from './Feature';
export { FlagsProvider, type FlagsProviderProps } from './FlagsProvider';
export type { FlagDetails, FlagReason, FlagSource, FlagsStatus } from './store';
export { useFlag, useFlagDetails } from './useFlag';
export { useFlagsStatus } from './useFlagsStatus';
export { useVariant } from './useVariant';
