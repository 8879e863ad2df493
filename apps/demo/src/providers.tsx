import { ConsentProvider } from '@plinth/core';
import { lazy, type ReactNode } from 'react';
import { consent } from './consent';

/**
 * The one place where the app's providers are composed. At start-up only consent (core's store,
 * persisted first-party); the facilities (auth, analytics, flags, logging: `facilities.tsx`) are one
 * chunk, requested as this module runs, in parallel with the first page's chunk, so their code is not
 * on the start-up budget. A new facility adds its provider in `facilities.tsx`.
 */
const facilities = import('./facilities');

/** The facilities' providers (lazy): render it inside a `Suspense` whose fallback is the shell. */
export const FacilityProviders = lazy(() => facilities.then((m) => ({ default: m.Facilities })));

/** The survey PostHog has for this visitor, if any (`facilities.tsx`): render it inside `FacilityProviders`. */
export const FacilitySurvey = lazy(() => facilities.then((m) => ({ default: m.Survey })));

export function Providers({ children }: { children: ReactNode }) {
  return <ConsentProvider store={consent}>{children}</ConsentProvider>;
}
