export { createFlagsClient, type FlagsClient, type FlagsConfig } from './createFlagsClient';
export {
  defineFlags,
  type FlagCatalogue,
  type FlagKey,
  type Flags,
  type FlagsRegister,
  type FlagValue,
} from './defineFlags';
export { Feature, type FeatureProps } from './Feature';
export { FlagsProvider, type FlagsProviderProps } from './FlagsProvider';
export type { FlagDetails, FlagReason, FlagSource, FlagsStatus } from './store';
export { useFlag, useFlagDetails } from './useFlag';
export { useFlagsStatus } from './useFlagsStatus';
export { useVariant } from './useVariant';
