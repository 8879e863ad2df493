// `@plinth/logging/server`: the same Logger API for Node (servers, route handlers, scripts), with no
// vendor SDK and no React: one JSON line per log on stdout, scrubbed with core's scrubber.
import { scrubDeep, scrubValue } from '@plinth/core/server';
import { createBaseLogger, ownContext } from './base';
import { errorField } from './error-field';
import type { LogEntry, LoggerBase, LoggerConfig } from './types';

export type { LogContext, LogEntry, LogErrorCause, LogErrorField, LoggerBase, LogLevel } from './types';

/** The browser's `LoggerConfig` options that mean something on a server, and where the lines go. */
export interface ServerLoggerConfig
  extends Pick<LoggerConfig, 'level' | 'service' | 'env' | 'version' | 'context' | 'scrub'> {
  /** Print nothing (tests). Default false. */
  silent?: boolean;
  /** Where each line goes. Default `process.stdout` (or `console.log` where there is no process). */
  write?: (line: string) => void;
}

const defaultWrite = (line: string) => {
  const stdout = (globalThis as { process?: { stdout?: { write(text: string): unknown } } }).process?.stdout;
  if (stdout) stdout.write(`${line}\n`);
  else console.log(line);
};

/** Renders one log as the line the server prints. */
function toLine(entry: LogEntry, config: ServerLoggerConfig): string {
  const { service, env, version } = config;
  const head = {
    date: entry.at.toISOString(),
    status: entry.level,
    message: scrubValue(entry.message, config.scrub),
  };
  // date, status and message first and never overridden by a context key of the same name.
  const record = Object.assign({ ...head }, scrubDeep(entry.context, config.scrub), head, {
    ...(service ? { service } : {}),
    ...(env ? { env } : {}),
    ...(version ? { version } : {}),
    ...(entry.error === undefined ? {} : { error: scrubDeep(errorField(entry.error), config.scrub) }),
  });
  try {
    return JSON.stringify(record);
  } catch {
    return JSON.stringify({ date: record.date, status: record.status, message: record.message, unserializable: true });
  }
}

/**
 * A server logger: JSON lines at or above `level` on stdout (or `write`), nothing with `silent`.
 * The same API as the browser's `createLogger` (`child`, global context), no consent (server logs
 * are the operator's own), no channel (it is one per process, not per request): bind the user per
 * request with `logger.child({ usr: { id } })`.
 */
export function createLogger(config: ServerLoggerConfig = {}): LoggerBase {
  const write = config.write ?? defaultWrite;
  return createBaseLogger(
    (entry) => {
      if (config.silent) return;
      try {
        write(toLine(entry, config));
      } catch {
        // a closed stream must not take the caller down
      }
    },
    { level: config.level, globalContext: ownContext(config.context) },
  );
}
