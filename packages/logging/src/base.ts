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

/** Where the global context lives: `setGlobalContext` and `removeGlobalContext` write it, each log reads it. */
interface GlobalContext {
  get(): LogContext;
  set(key: string, value: unknown): void;
  remove(key: string): void;
}

export interface BaseLoggerOptions {
  level?: LogLevel | undefined;
  /** Where the global context lives: the browser logger's is core's visitor, the server's and a test logger's their own (`ownContext`). */
  globalContext: GlobalContext;
  /** What `logger.sessionId()` answers (the browser's Datadog session). Default: always `undefined`. */
  sessionId?: () => string | undefined;
}

/**
 * The level threshold, bound (child) context and global context every logger shares; `emit` gets
 * each log that passes the threshold. Each logger may set its own level (`setLevel`); one that did
 * not follows its parent's, read at each call, so a parent's change reaches its children.
 */
export function createBaseLogger(emit: (entry: LogEntry) => void, options: BaseLoggerOptions): LoggerBase {
  const configured = options.level ?? 'info';
  const global = options.globalContext;

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
      setGlobalContext: (key: string, value: unknown) => global.set(key, value),
      removeGlobalContext: (key: string) => global.remove(key),
      sessionId: () => options.sessionId?.(),
    } as LoggerBase;
    for (const level of LEVELS) {
      logger[level] = (message: string, context?: LogContext, error?: unknown): void => {
        if (rank(level) < rank(current())) return;
        emit({
          level,
          message: String(message),
          context: { ...global.get(), ...bound, ...context },
          error,
          at: new Date(),
        });
      };
    }
    return logger;
  };
  return make({}, () => configured);
}

/** A global context kept by the logger itself (the server's, a test logger's), starting from `initial`. */
export function ownContext(initial: LogContext | undefined): GlobalContext {
  const context: LogContext = { ...initial };
  return {
    get: () => context,
    set: (key, value) => {
      context[key] = value;
    },
    remove: (key) => {
      delete context[key];
    },
  };
}

/** A readable message for any thrown value. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  const message = (error as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' ? message : String(error);
}
