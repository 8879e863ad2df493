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
import { LoggerContext } from '../LoggerContext';
import type { LogContext, LogEntry, Logger, LogLevel } from '../types';

export interface RecordingLogger extends Logger {
  /** Every log that passed the level threshold, in order. */
  readonly entries: LogEntry[];
  /** The entries of one level. */
  of(level: LogLevel): LogEntry[];
  clear(): void;
}

const recorders = new Set<RecordingLogger>();

/** A logger that keeps what it is given in `.entries` (same threshold, child and global context rules). Default level `'debug'`. */
export function createRecordingLogger(options: { level?: LogLevel; context?: LogContext } = {}): RecordingLogger {
  const entries: LogEntry[] = [];
  const base = createBaseLogger((entry) => entries.push(entry), { level: options.level ?? 'debug', ...options });
  const recorder: RecordingLogger = {
    ...base,
    entries,
    of: (level) => entries.filter((entry) => entry.level === level),
    clear: () => {
      entries.length = 0;
    },
  };
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
