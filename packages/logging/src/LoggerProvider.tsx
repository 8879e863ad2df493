import { configError, useConsentStore } from '@plinth/core';
import { type ReactNode, useEffect, useState } from 'react';
import { createLogger } from './createLogger';
import { LoggerContext } from './LoggerContext';
import type { Logger, LoggerConfig } from './types';

/** Give a ready logger (`instance`, from `createLogger`), or the config to create one, never both. */
export type LoggerProviderProps = { children?: ReactNode } & (
  | { instance: Logger; config?: never }
  | { instance?: never; config: LoggerConfig }
);

/**
 * Makes a logger available to `useLogger()`, `useLoggerStatus()` and `useLoggerFailure()`, and runs it while
 * mounted: it follows consent and the session channel, and loads the SDK once monitoring consent is granted.
 * With `config`, the logger is created once per provider (the config is read on mount), with the nearest
 * `ConsentProvider`'s store when `config.consent` is not given. StrictMode's double effects give one SDK init.
 */
export function LoggerProvider({ instance, config, children }: LoggerProviderProps) {
  const consentStore = useConsentStore();
  const [own] = useState(() => {
    if (instance) return null;
    const consent = config.consent ?? consentStore;
    if (consent === null) {
      throw configError(
        'LoggerProvider needs a consent store: render it in a <ConsentProvider>, or set config.consent (false: none)',
        'consent_required',
      );
    }
    return createLogger({ ...config, consent });
  });
  const active = instance ?? own!;
  useEffect(() => {
    active.start();
    return () => active.stop();
  }, [active]);
  return <LoggerContext.Provider value={active}>{children}</LoggerContext.Provider>;
}
