import { type ConsentStore, PlinthError, useConsentStore } from '@plinth/core';
import { type ReactNode, useEffect, useState } from 'react';
import { createLogger } from './createLogger';
import { LoggerContext } from './LoggerContext';
import type { BrowserLogger, LoggerConfig } from './types';

/** `createLogger`'s config; `consent` defaults to the nearest `ConsentProvider`'s store. */
export type LoggingProviderConfig = Omit<LoggerConfig, 'consent'> & { consent?: ConsentStore | false };

/** Give a ready logger, or the config to create one, never both. */
export type LoggingProviderProps = { children?: ReactNode } & (
  | { logger: BrowserLogger; config?: never }
  | { logger?: never; config: LoggingProviderConfig }
);

/**
 * Makes a logger available to `useLogger()` and runs it while mounted: it follows consent and the
 * session channel, and loads the SDK once monitoring consent is granted. Created once per provider
 * (the config is read on mount); StrictMode's double effects give one SDK init.
 */
export function LoggingProvider({ logger, config, children }: LoggingProviderProps) {
  const consentStore = useConsentStore();
  const [own] = useState(() => {
    if (logger) return null;
    const consent = config.consent ?? consentStore;
    if (consent === null) {
      throw new PlinthError(
        'LoggingProvider needs a consent store: render it in a <ConsentProvider>, or set config.consent (false: none)',
        { source: 'logging', code: 'consent_required' },
      );
    }
    return createLogger({ ...config, consent });
  });
  const active = logger ?? own!;
  useEffect(() => {
    void active.start();
    return () => active.dispose();
  }, [active]);
  return <LoggerContext.Provider value={active}>{children}</LoggerContext.Provider>;
}
