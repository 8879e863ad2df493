import { ConsentProvider } from '@plinth/core';
import { type ReactNode, useEffect } from 'react';
import { consent, startTelemetry } from './telemetry';

/**
 * The one place where the app's providers are composed. A new facility (analytics, flags, logging,
 * auth) adds its provider here, configured from `config.ts`; pages use it through its hooks only.
 */
export function Providers({ children }: { children: ReactNode }) {
  useEffect(() => startTelemetry(), []);
  return <ConsentProvider store={consent}>{children}</ConsentProvider>;
}
