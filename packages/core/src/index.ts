export {
  ConsentProvider,
  type ConsentProviderProps,
  MissingProviderError,
  type UseConsent,
  useConsent,
  useConsentStore,
} from './ConsentProvider';
export {
  type ChannelEvent,
  type ChannelEventMap,
  type ChannelEventOf,
  type ChannelEventType,
  type ChannelListener,
  type ChannelSession,
  channel,
  createChannel,
  type EventContext,
  type ListenOptions,
  type PlinthUser,
  type ReportLevel,
  type SessionChannel,
  userOf,
  type Visitor,
  type VisitorAttributes,
  type VisitorGroup,
  type VisitorListener,
  type VisitorStore,
  type VisitorSubject,
  type VisitorUpdate,
} from './channel';
export {
  type ConsentCategory,
  type ConsentChange,
  type ConsentConfig,
  type ConsentDecision,
  type ConsentRevision,
  type ConsentSource,
  type ConsentState,
  type ConsentStatus,
  type ConsentStore,
  createConsent,
  type DecisionOptions,
  type PrivacySignal,
} from './consent';
export { ErrorBoundary, type ErrorBoundaryFallbackProps, type ErrorBoundaryProps } from './ErrorBoundary';
export { type ConfigErrorCode, configError, isPlinthError, PlinthError, requireConsent } from './error';
export { isBrowser, isSilentCallbackFrame } from './is-browser';
export {
  type InstanceOrConfig,
  useProvidedInstance,
  useVendorFailure,
  useVendorStatus,
  type VendorLifecycle,
} from './lifecycle';
export { isDevelopment, reportMisconfiguration } from './misconfiguration';
export {
  isSecretParam,
  REDACTED,
  type ScrubDeepOptions,
  type ScrubOptions,
  scrubDeep,
  scrubUrl,
  scrubValue,
} from './scrub';
export { afterNextPaint, type Debounced, type DebounceOptions, debounce, throttle } from './timing';
export { useDebouncedCallback, useThrottledCallback } from './useDebounce';
export {
  type CallOptions,
  createVendorLoader,
  type DropCounts,
  type DropReason,
  type Rejection,
  type VendorCall,
  type VendorErrorCode,
  type VendorLoader,
  type VendorLoaderConfig,
  type VendorStatus,
} from './vendor-loader';
