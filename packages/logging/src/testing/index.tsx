/**
 * Network-free logging for tests and stories: a recording logger and a provider around it.
 *
 * @example
 * import { createTestLogger, TestLoggerProvider, resetLogger } from '@plinth/logging/testing';
 * const logger = createTestLogger();
 * render(<TestLoggerProvider instance={logger}><Checkout /></TestLoggerProvider>);
 * expect(logger.entries).toContainEqual(expect.objectContaining({ level: 'error', message: 'payment failed' }));
 * afterEach(() => resetLogger());
 */
import type { PlinthError, VendorStatus } from '@plinth/core';
import { type ReactNode, useState } from 'react';
import { createBaseLogger, ownContext } from '../base';
import { errorField } from '../error-field';
import { createLogFilter } from '../filter';
import { LoggerContext } from '../LoggerContext';
import type { BeforeSend, LogContext, LogEntry, LogEvent, Logger, LoggerConfig, LogLevel } from '../types';

export interface TestLogger extends Logger {
  /** Every log that passed the level threshold, in order. */
  readonly entries: LogEntry[];
  /** The entries of one level. */
  of(level: LogLevel): LogEntry[];
  /**
   * What the browser logger would hand the intake: each entry as a `LogEvent`, through the same scrubber,
   * filters and `beforeSend` (so an app can test its hook); the logs it drops are not here.
   */
  readonly sent: LogEvent[];
  /** Drive `status()`, `failure()` and `useLoggerStatus()` / `useLoggerFailure()` from the test or story. */
  setStatus(status: VendorStatus, failure?: PlinthError): void;
  /** Empties `entries` and `sent`. */
  clear(): void;
}

const recorders = new Set<TestLogger>();

export interface TestLoggerOptions
  extends Pick<LoggerConfig, 'scrub' | 'dropExtensionErrors' | 'maxRepeats' | 'service'> {
  level?: LogLevel;
  context?: LogContext;
  /** The app's hook, applied to `sent` as the browser logger applies it. */
  beforeSend?: BeforeSend;
  /** What `logger.sessionId()` answers (a browser logger's Datadog session id). Default `undefined`. */
  sessionId?: string;
  /** What `status()` answers until `setStatus`. Default `'ready'`. */
  status?: VendorStatus;
}

/**
 * A logger that keeps what it is given in `.entries` (same levels, threshold, `setLevel`, child and global context
 * rules), with a lifecycle that loads nothing: `start()` and `stop()` do nothing, `status()` is what the test sets.
 * Default level `'debug'`.
 */
export function createTestLogger(options: TestLoggerOptions = {}): TestLogger {
  let status: VendorStatus = options.status ?? 'ready';
  let failure: PlinthError | undefined;
  const listeners = new Set<(status: VendorStatus) => void>();
  const entries: LogEntry[] = [];
  const sent: LogEvent[] = [];
  const filter = createLogFilter(options);
  const base = createBaseLogger(
    (entry) => {
      entries.push(entry);
      const event: LogEvent = {
        date: entry.at.getTime(),
        message: entry.message,
        status: entry.level,
        origin: 'logger',
        ...(options.service ? { service: options.service } : {}),
        ...entry.context,
        ...(entry.error === undefined ? {} : { error: errorField(entry.error) }),
      };
      if (filter(event)) sent.push(event);
    },
    {
      level: options.level ?? 'debug',
      globalContext: ownContext(options.context),
      sessionId: () => options.sessionId,
    },
  );
  // Assigned onto the base logger, not spread: its `level` is a getter (it follows `setLevel`).
  const recorder: TestLogger = Object.assign(base, {
    entries,
    sent,
    of: (level: LogLevel) => entries.filter((entry) => entry.level === level),
    start: () => {},
    stop: () => {},
    status: () => status,
    failure: () => failure,
    dropped: () => ({ overflow: 0, denied: 0, failed: 0, visitor: 0 }),
    subscribeStatus: (listener: (status: VendorStatus) => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    setStatus: (next: VendorStatus, reason?: PlinthError) => {
      failure = reason;
      status = next;
      for (const listener of [...listeners]) listener(next);
    },
    clear: () => {
      entries.length = 0;
      sent.length = 0;
    },
  });
  recorders.add(recorder);
  return recorder;
}

export type TestLoggerProviderProps = TestLoggerOptions & {
  /** The logger `useLogger()` returns (a `createTestLogger()`, or any `Logger`); else one is made from the options. */
  instance?: Logger;
  children?: ReactNode;
};

/** Provides a test (or any) logger to `useLogger()` and the status hooks: no SDK, no consent, no network, nothing started. */
export function TestLoggerProvider({ instance, children, ...options }: TestLoggerProviderProps) {
  const [own] = useState(() => instance ?? createTestLogger(options));
  return <LoggerContext.Provider value={instance ?? own}>{children}</LoggerContext.Provider>;
}

/** Empties every test logger created since the last reset and forgets them. */
export function resetLogger(): void {
  for (const recorder of recorders) recorder.clear();
  recorders.clear();
}
