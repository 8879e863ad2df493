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
  type ChannelEventOf,
  type ChannelEventType,
  type ChannelListener,
  type Context,
  channel,
  createChannel,
  type PlinthUser,
  type ReportLevel,
  type SessionChannel,
} from './channel';
export {
  type ConsentCategory,
  type ConsentChange,
  type ConsentDecision,
  type ConsentOptions,
  type ConsentState,
  type ConsentStatus,
  type ConsentStore,
  createConsent,
} from './consent';
export { ErrorBoundary, type ErrorBoundaryFallbackProps, type ErrorBoundaryProps } from './ErrorBoundary';
export { isPlinthError, PlinthError } from './error';
export { isBrowser } from './is-browser';
export { REDACTED, type ScrubDeepOptions, type ScrubOptions, scrubDeep, scrubUrl, scrubValue } from './scrub';
export { type Debounced, type DebounceOptions, debounce, throttle } from './timing';
export { useDebouncedCallback, useThrottledCallback } from './useDebounce';
export {
  createVendorLoader,
  type VendorErrorCode,
  type VendorLoader,
  type VendorLoaderOptions,
  type VendorStatus,
} from './vendor-loader';
