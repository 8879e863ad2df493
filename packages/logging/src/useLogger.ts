import { useLoggerInstance } from './LoggerContext';
import type { LoggerBase } from './types';

/** The logger of the nearest `LoggerProvider` (or `TestLoggerProvider`). Throws outside one. */
export function useLogger(): LoggerBase {
  return useLoggerInstance('useLogger');
}
