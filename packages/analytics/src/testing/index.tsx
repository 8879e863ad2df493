/**
 * Network-free analytics for tests and stories: a recording `Analytics` and a provider around it.
 *
 * @example
 * import { TestAnalyticsProvider, createTestAnalytics, resetAnalytics } from '@plinth/analytics/testing';
 * const analytics = createTestAnalytics({ status: 'ready' });
 * render(<TestAnalyticsProvider instance={analytics}><Signup /></TestAnalyticsProvider>);
 * render(<TestAnalyticsProvider status="waiting-consent"><Banner /></TestAnalyticsProvider>); // a fake of its own
 * expect(analytics.events).toContainEqual({ event: 'signup_completed', properties: { plan: 'pro' } });
 * afterEach(() => resetAnalytics());
 */
import type { VendorStatus } from '@plinth/core';
import { type ReactNode, useState } from 'react';
import { AnalyticsContext } from '../context';
import type { SurveyDefinition } from '../surveyTypes';
import type { Analytics, AnyEvents } from '../types';

export interface RecordedEvent {
  event: string;
  properties: Record<string, unknown>;
}

/** A recording `Analytics`: what `createTestAnalytics()` returns. */
export interface TestAnalytics extends Analytics<AnyEvents> {
  /** Every `capture` (and timer stop) so far, in order. `$duration` is present on timed events. */
  readonly events: RecordedEvent[];
  /** Every `captureException` so far. */
  readonly exceptions: { error: unknown; context: Record<string, unknown> }[];
  /**
   * Identity calls so far, in order: `['identify', id, person]`, `['setPersonProperties', person]`,
   * `['alias', alias]`, `['group', type, key, properties]`, `['resetGroups']`, `['register', properties, options]`,
   * `['unregister', name]`, `['reset']`.
   */
  readonly identity: [method: string, ...args: unknown[]][];
  /** Super properties registered and not unregistered; added to each recorded event. */
  readonly superProperties: Record<string, unknown>;
  /** Drive `status()` (and `useAnalyticsStatus()`) from the test. */
  setStatus(status: VendorStatus): void;
  /** Drive `sessionId()` (and `useAnalyticsSessionId()`) from the test; `undefined` until set. `reset()` sets a new one when there was one. */
  setSessionId(id: string | undefined): void;
  /** Forget what was recorded. */
  clear(): void;
}

export interface TestAnalyticsOptions {
  /** What `status()` answers until `setStatus` (core's `VendorStatus`). Default `'ready'`. */
  status?: VendorStatus | undefined;
  /** What `sessionId()` answers until `setSessionId`. Default `undefined`. */
  sessionId?: string | undefined;
  /** The surveys `subscribeSurveys` hands to its listeners (`<AnalyticsSurveys />` draws the first). Default none. */
  surveys?: SurveyDefinition[] | undefined;
}

const fakes = new Set<TestAnalytics>();

/** A recording `Analytics`: nothing is loaded or sent. Status `ready` unless told otherwise; `start()`/`stop()` do nothing. */
export function createTestAnalytics({
  status: initial = 'ready',
  sessionId,
  surveys = [],
}: TestAnalyticsOptions = {}): TestAnalytics {
  let status = initial;
  const listeners = new Set<(status: VendorStatus) => void>();
  const sessionListeners = new Set<(id: string | undefined) => void>();
  let session: string | undefined = sessionId;
  let sessions = 0;
  const events: RecordedEvent[] = [];
  const exceptions: TestAnalytics['exceptions'] = [];
  const identity: TestAnalytics['identity'] = [];
  const superProperties: Record<string, unknown> = {};
  let distinct: string | undefined;
  const record =
    (method: string) =>
    (...args: unknown[]) => {
      identity.push([method, ...args]);
    };
  const fake: TestAnalytics = {
    events,
    exceptions,
    identity,
    superProperties,
    capture: (event, properties = {}) => {
      events.push({ event, properties: { ...superProperties, ...properties } });
    },
    identify: (id, person) => {
      distinct = id;
      record('identify')(id, person);
    },
    setPersonProperties: record('setPersonProperties'),
    alias: record('alias'),
    group: record('group'),
    resetGroups: record('resetGroups'),
    register: (properties, options) => {
      for (const [key, value] of Object.entries(properties)) {
        if (!(options?.once && key in superProperties)) superProperties[key] = value;
      }
      record('register')(properties, options);
    },
    unregister: (name) => {
      delete superProperties[name];
      record('unregister')(name);
    },
    distinctId: () => distinct,
    reset: () => {
      distinct = undefined;
      for (const key of Object.keys(superProperties)) delete superProperties[key];
      record('reset')();
      if (session !== undefined) fake.setSessionId(`fake-session-${++sessions}`);
    },
    sessionId: () => session,
    subscribeSurveys: (listener) => {
      listener(surveys);
      return () => {};
    },
    subscribeSessionId: (listener) => {
      sessionListeners.add(listener);
      return () => sessionListeners.delete(listener);
    },
    setSessionId: (id) => {
      if (id === session) return;
      session = id;
      for (const listener of sessionListeners) listener(id);
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
    subscribeStatus: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dropped: () => ({ overflow: 0, denied: 0, failed: 0, visitor: 0 }),
    start: () => {},
    stop: () => {},
    setStatus: (next) => {
      status = next;
      for (const listener of listeners) listener(next);
    },
    clear: () => {
      events.length = 0;
      exceptions.length = 0;
      identity.length = 0;
      for (const key of Object.keys(superProperties)) delete superProperties[key];
      distinct = undefined;
      fake.setSessionId(undefined);
    },
  };
  fakes.add(fake);
  return fake;
}

export type TestAnalyticsProviderProps = TestAnalyticsOptions & {
  /** A fake made with `createTestAnalytics` (to read what it recorded); else one is made from the options. */
  instance?: TestAnalytics;
  children?: ReactNode;
};

/** Provides `instance`, or a fake of its own made from the options, to `useAnalytics()` below it: no SDK, no network. */
export function TestAnalyticsProvider({ instance, children, ...options }: TestAnalyticsProviderProps) {
  const [own] = useState(() => instance ?? createTestAnalytics(options));
  return <AnalyticsContext.Provider value={instance ?? own}>{children}</AnalyticsContext.Provider>;
}

/** Empties every `TestAnalytics` created since the last reset and forgets them. Call in `afterEach`. */
export function resetAnalytics(): void {
  for (const fake of fakes) fake.clear();
  fakes.clear();
}
