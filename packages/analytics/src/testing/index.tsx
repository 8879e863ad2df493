/**
 * Network-free analytics for tests and stories: a recording fake and a provider around it.
 *
 * @example
 * import { TestAnalyticsProvider, createFakeAnalytics, resetAnalytics } from '@plinth/analytics/testing';
 * const analytics = createFakeAnalytics();
 * render(<TestAnalyticsProvider analytics={analytics}><Signup /></TestAnalyticsProvider>);
 * expect(analytics.events).toContainEqual({ event: 'signup_completed', properties: { plan: 'pro' } });
 * afterEach(() => resetAnalytics());
 */
import type { ReactNode } from 'react';
import { AnalyticsContext } from '../context';
import type { Analytics, AnalyticsStatus, AnyEvents } from '../types';

export interface RecordedEvent {
  event: string;
  properties: Record<string, unknown>;
}

export interface FakeAnalytics extends Analytics<AnyEvents> {
  /** Every `capture` (and timer stop) so far, in order. `$duration` is present on timed events. */
  readonly events: RecordedEvent[];
  /** Every `captureException` so far. */
  readonly exceptions: { error: unknown; context: Record<string, unknown> }[];
  /** Drive `status()` (and `useAnalyticsStatus()`) from the test. */
  setStatus(status: AnalyticsStatus): void;
  /** Forget what was recorded. */
  clear(): void;
}

const fakes = new Set<FakeAnalytics>();

/** A recording `Analytics`: nothing is loaded or sent. Status `ready` unless told otherwise. */
export function createFakeAnalytics(initial: AnalyticsStatus = 'ready'): FakeAnalytics {
  let status = initial;
  const listeners = new Set<(status: AnalyticsStatus) => void>();
  const events: RecordedEvent[] = [];
  const exceptions: FakeAnalytics['exceptions'] = [];
  const fake: FakeAnalytics = {
    events,
    exceptions,
    capture: (event, properties = {}) => {
      events.push({ event, properties: { ...properties } });
    },
    time: (event) => {
      const started = performance.now();
      let stopped = false;
      return (properties = {}) => {
        if (stopped) return;
        stopped = true;
        events.push({ event, properties: { ...properties, $duration: (performance.now() - started) / 1000 } });
      };
    },
    captureException: (error, context = {}) => {
      exceptions.push({ error, context });
    },
    status: () => status,
    failure: () => undefined,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setStatus: (next) => {
      status = next;
      for (const listener of listeners) listener(next);
    },
    clear: () => {
      events.length = 0;
      exceptions.length = 0;
    },
  };
  fakes.add(fake);
  return fake;
}

let shared: FakeAnalytics | undefined;

/** The fake `TestAnalyticsProvider` uses when none is given. */
export function sharedFakeAnalytics(): FakeAnalytics {
  shared ??= createFakeAnalytics();
  return shared;
}

/** Provides `analytics` (default: the shared fake) to `useAnalytics()` below it. */
export function TestAnalyticsProvider({ analytics, children }: { analytics?: FakeAnalytics; children?: ReactNode }) {
  return <AnalyticsContext.Provider value={analytics ?? sharedFakeAnalytics()}>{children}</AnalyticsContext.Provider>;
}

/** Clears every fake's recordings and puts them back to `ready`. */
export function resetAnalytics(): void {
  for (const fake of fakes) {
    fake.clear();
    fake.setStatus('ready');
  }
}
