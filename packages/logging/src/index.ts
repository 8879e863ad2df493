export { createLogger } from './createLogger';
export { LoggingProvider, type LoggingProviderConfig, type LoggingProviderProps } from './LoggingProvider';
export type {
  BrowserLogger,
  LogContext,
  LogEntry,
  Logger,
  LoggerConfig,
  LoggerStatus,
  LoggingOptions,
  LogLevel,
} from './types';
export { useLogger } from './useLogger';
