import type { Analytics, EventCatalogue, PropsArg } from './types';
import { useAnalytics, useTime } from './useAnalytics';

export interface EventDefinitions<E extends EventCatalogue> {
  /** `useAnalytics()` typed by the catalogue: a wrong name or property is a compile error. */
  useAnalytics(): Analytics<E>;
  /** `useTime()` typed by the catalogue. */
  useTime<K extends keyof E & string>(event: K): (...properties: PropsArg<E, K>) => void;
}

/**
 * A typed event catalogue. Types only: nothing is registered at run time.
 *
 * @example
 * export const events = defineEvents<{ signup_completed: { plan: 'free' | 'pro' }; app_opened: undefined }>();
 * const analytics = events.useAnalytics();
 * analytics.capture('signup_completed', { plan: 'pro' });
 */
export function defineEvents<E extends EventCatalogue>(): EventDefinitions<E> {
  return {
    useAnalytics: useAnalytics<E>,
    useTime: <K extends keyof E & string>(event: K) => useTime<E, K>(event),
  };
}
