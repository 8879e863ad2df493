import type { LogContext, LogEntry, Logger, LogLevel } from './types';

const RANK: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

export interface BaseLoggerOptions {
  level?: LogLevel | undefined;
  context?: LogContext | undefined;
  /** Called with the whole global context at creation (when given) and after every change. */
  onGlobalContext?: (context: LogContext) => void;
}

/**
 * The level threshold, bound (child) context and global context every logger shares; `emit` gets
 * each log that passes the threshold.
 */
export function createBaseLogger(emit: (entry: LogEntry) => void, options: BaseLoggerOptions = {}): Logger {
  const level = options.level ?? 'info';
  const global: LogContext = { ...options.context };
  const changed = () => options.onGlobalContext?.({ ...global });
  if (options.context) changed();

  const make = (bound: LogContext): Logger => {
    const at =
      (lvl: LogLevel) =>
      (message: string, context?: LogContext, error?: unknown): void => {
        // An unknown level (untyped callers) ranks as `info`.
        if (RANK[lvl] < (RANK[level] ?? 1)) return;
        emit({
          level: lvl,
          message: String(message),
          context: { ...global, ...bound, ...context },
          error,
          at: new Date(),
        });
      };
    return {
      level,
      debug: at('debug'),
      info: at('info'),
      warn: at('warn'),
      error: at('error'),
      child: (context) => make({ ...bound, ...context }),
      setGlobalContext(key, value) {
        global[key] = value;
        changed();
      },
      removeGlobalContext(key) {
        delete global[key];
        changed();
      },
    };
  };
  return make({});
}

/** A readable message for any thrown value. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  const message = (error as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' ? message : String(error);
}
