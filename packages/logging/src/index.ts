export { createLogger } from './createLogger';
export { LoggingProvider, type LoggingProviderConfig, type LoggingProviderProps } from './LoggingProvider';
export { DATADOG_SITES, type DatadogSite, intakeOrigin } from './site';
export type {
  BeforeSend,
  BrowserLogger,
  BrowserReportType,
  LogContext,
  LogEntry,
  LogErrorCause,
  LogErrorField,
  LogEvent,
  Logger,
  LoggerConfig,
  LoggerStatus,
  LoggingOptions,
  LogLevel,
} from './types';
export { useLogger } from './useLogger';
