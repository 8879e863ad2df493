/**
 * Network-free logging for tests and stories: a recording logger and a provider around it.
 *
 * @example
 * import { createRecordingLogger, TestLoggingProvider, resetLogging } from '@plinth/logging/testing';
 * const logger = createRecordingLogger();
 * render(<TestLoggingProvider logger={logger}><Checkout /></TestLoggingProvider>);
 * expect(logger.entries).toContainEqual(expect.objectContaining({ level: 'error', message: 'payment failed' }));
 * afterEach(() => resetLogging());
 */
import { type ReactNode, useState } from 'react';
import { createBaseLogger } from '../base';
import { errorField } from '../error-field';
import { createLogFilter } from '../filter';
import { LoggerContext } from '../LoggerContext';
import type { BeforeSend, LogContext, LogEntry, LogEvent, Logger, LoggerConfig, LogLevel } from '../types';

export interface RecordingLogger extends Logger {
  /** Every log that passed the level threshold, in order. */
  readonly entries: LogEntry[];
  /** The entries of one level. */
  of(level: LogLevel): LogEntry[];
  /**
   * What the browser logger would hand the intake: each entry as a `LogEvent`, through the same scrubber,
   * filters and `beforeSend` (so an app can test its hook); the logs it drops are not here.
   */
  readonly sent: LogEvent[];
  clear(): void;
}

const recorders = new Set<RecordingLogger>();

export interface RecordingLoggerOptions
  extends Pick<LoggerConfig, 'scrub' | 'dropExtensionErrors' | 'maxRepeats' | 'service'> {
  level?: LogLevel;
  context?: LogContext;
  /** The app's hook, applied to `sent` as the browser logger applies it. */
  beforeSend?: BeforeSend;
  /** What `logger.sessionId()` answers (a browser logger's Datadog session id). Default `undefined`. */
  sessionId?: string;
}

/**
 * A logger that keeps what it is given in `.entries` (same levels, threshold, `setLevel`, child and global context
 * rules). Default level `'debug'`.
 */
export function createRecordingLogger(options: RecordingLoggerOptions = {}): RecordingLogger {
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
    { ...options, level: options.level ?? 'debug', sessionId: () => options.sessionId },
  );
  // Assigned onto the base logger, not spread: its `level` is a getter (it follows `setLevel`).
  const recorder: RecordingLogger = Object.assign(base, {
    entries,
    sent,
    of: (level: LogLevel) => entries.filter((entry) => entry.level === level),
    clear: () => {
      entries.length = 0;
      sent.length = 0;
    },
  });
  recorders.add(recorder);
  return recorder;
}

export interface TestLoggingProviderProps {
  /** The logger `useLogger()` returns; a new recording logger when omitted. */
  logger?: Logger;
  children?: ReactNode;
}

/** Provides a recording (or any) logger to `useLogger()`: no SDK, no consent, no network. */
export function TestLoggingProvider({ logger, children }: TestLoggingProviderProps) {
  const [own] = useState(() => logger ?? createRecordingLogger());
  return <LoggerContext.Provider value={logger ?? own}>{children}</LoggerContext.Provider>;
}

/** Empties every recording logger created since the last reset and forgets them. */
export function resetLogging(): void {
  for (const recorder of recorders) recorder.clear();
  recorders.clear();
}
