import { MissingProviderError } from '@plinth/core';
import { createContext, useContext } from 'react';
import type { Logger } from './types';

export const LoggerContext = createContext<Logger | null>(null);

/** The nearest `LoggerProvider`'s (or `TestLoggerProvider`'s) logger; `hook` names the caller in the error outside one. */
export function useLoggerInstance(hook: string): Logger {
  const logger = useContext(LoggerContext);
  if (!logger) throw new MissingProviderError(hook, 'logging');
  return logger;
}
