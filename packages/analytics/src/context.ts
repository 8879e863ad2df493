import { createContext } from 'react';
import type { Analytics } from './types';

/** What `useAnalytics()` reads: set by `AnalyticsProvider`, or by `TestAnalyticsProvider` in tests. */
export const AnalyticsContext = createContext<Analytics | null>(null);
