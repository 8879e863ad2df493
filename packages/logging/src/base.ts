import type { LogContext, LogEntry, LoggerBase, LogLevel } from './types';

/** Datadog's statuses, lowest first (`STATUS_PRIORITIES` in the SDK's `logger/isAuthorized.ts`): the threshold order. */
export const LEVELS: readonly LogLevel[] = [
  'ok',
  'debug',
  'info',
  'notice',
  'warn',
  'error',
  'critical',
  'alert',
  'emerg',
];

/** A level's place in `LEVELS`; an unknown one (an untyped caller) ranks as `info`. */
export const rank = (level: LogLevel): number => {
  const at = LEVELS.indexOf(level);
  return at < 0 ? 2 : at;
};

export interface BaseLoggerOptions {
  level?: LogLevel | undefined;
  context?: LogContext | undefined;
  /** Called with the whole global context at creation (when given) and after every change. */
  onGlobalContext?: (context: LogContext) => void;
  /** What `logger.sessionId()` answers (the browser's Datadog session). Default: always `undefined`. */
  sessionId?: () => string | undefined;
}

/**
 * The level threshold, bound (child) context and global context every logger shares; `emit` gets
 * each log that passes the threshold. Each logger may set its own level (`setLevel`); one that did
 * not follows its parent's, read at each call, so a parent's change reaches its children.
 */
export function createBaseLogger(emit: (entry: LogEntry) => void, options: BaseLoggerOptions = {}): LoggerBase {
  const configured = options.level ?? 'info';
  const global: LogContext = { ...options.context };
  const changed = () => options.onGlobalContext?.({ ...global });
  if (options.context) changed();

  const make = (bound: LogContext, inherited: () => LogLevel): LoggerBase => {
    let own: LogLevel | undefined;
    const current = () => own ?? inherited();
    const logger = {
      get level() {
        return current();
      },
      setLevel(level: LogLevel | undefined) {
        own = level;
      },
      child: (context: LogContext) => make({ ...bound, ...context }, current),
      setGlobalContext(key: string, value: unknown) {
        global[key] = value;
        changed();
      },
      removeGlobalContext(key: string) {
        delete global[key];
        changed();
      },
      sessionId: () => options.sessionId?.(),
    } as LoggerBase;
    for (const level of LEVELS) {
      logger[level] = (message: string, context?: LogContext, error?: unknown): void => {
        if (rank(level) < rank(current())) return;
        emit({ level, message: String(message), context: { ...global, ...bound, ...context }, error, at: new Date() });
      };
    }
    return logger;
  };
  return make({}, () => configured);
}

/** A readable message for any thrown value. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  const message = (error as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' ? message : String(error);
}
