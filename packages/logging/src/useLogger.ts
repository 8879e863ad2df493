import { MissingProviderError } from '@plinth/core';
import { useContext } from 'react';
import { LoggerContext } from './LoggerContext';
import type { Logger } from './types';

/** The logger of the nearest `LoggingProvider` (or `TestLoggingProvider`). Throws outside one. */
export function useLogger(): Logger {
  const logger = useContext(LoggerContext);
  if (!logger) throw new MissingProviderError('useLogger', 'logging');
  return logger;
}
