export { createLogger } from './createLogger';
export { LoggerProvider, type LoggerProviderProps } from './LoggerProvider';
export { DATADOG_SITES, type DatadogSite, intakeOrigin } from './site';
export type {
  BeforeSend,
  BrowserReportType,
  LogContext,
  LogEntry,
  LogErrorCause,
  LogErrorField,
  LogEvent,
  Logger,
  LoggerBase,
  LoggerConfig,
  LogLevel,
} from './types';
export { useLogger } from './useLogger';
export { useLoggerFailure, useLoggerStatus } from './useLoggerStatus';
