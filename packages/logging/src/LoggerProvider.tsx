import { type InstanceOrConfig, useProvidedInstance } from '@plinth/core';
import type { ReactNode } from 'react';
import { createLogger } from './createLogger';
import { LoggerContext } from './LoggerContext';
import type { Logger, LoggerConfig } from './types';

/** Give a ready logger (`instance`, from `createLogger`), or the config to create one, never both. */
export type LoggerProviderProps = { children?: ReactNode } & InstanceOrConfig<Logger, LoggerConfig>;

/**
 * Makes a logger available to `useLogger()`, `useLoggerStatus()` and `useLoggerFailure()`, and runs it while
 * mounted: it follows consent and the session channel, and loads the SDK once monitoring consent is granted.
 * With `config`, the logger is created once per provider (the config is read on mount), with the nearest
 * `ConsentProvider`'s store when `config.consent` is not given. StrictMode's double effects give one SDK init.
 */
export function LoggerProvider({ children, ...props }: LoggerProviderProps) {
  const { instance } = useProvidedInstance('LoggerProvider', props, createLogger);
  return <LoggerContext.Provider value={instance}>{children}</LoggerContext.Provider>;
}
