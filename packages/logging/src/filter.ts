import { reportMisconfiguration, type ScrubOptions, scrubDeep } from '@plinth/core';
import type { BeforeSend, LogEvent } from './types';

/** The part of a log event the filter reads: what the SDK hands to `beforeSend` (and the server builds). */
export interface LogEventLike {
  message?: unknown;
  status?: unknown;
  error?: { kind?: unknown; message?: unknown; stack?: unknown } | undefined;
  [key: string]: unknown;
}

export interface LogFilterOptions {
  dropExtensionErrors?: boolean | undefined;
  maxRepeats?: number | undefined;
  scrub?: ScrubOptions | undefined;
  /** The app's hook, run after the scrubber and the filters; what it adds is scrubbed again. */
  beforeSend?: BeforeSend | undefined;
}

const EXTENSION_URL = /^(?:chrome|moz|safari(?:-web)?|ms-browser|edge)-extension:\/\//i;
const ANY_URL = /[a-z][\w+.-]*:\/\/[^\s)]+/i;
const SEVERE = ['error', 'critical', 'alert', 'emerg'];
/** Distinct errors counted per page; past it new errors are no longer counted (memory stays bounded). */
const MAX_KEYS = 500;

/** The URLs of a stack's frames (every line after the first), in the browser's or the SDK's format. */
const frameUrls = (stack: string): string[] =>
  stack
    .split('\n')
    .slice(1)
    .map((line) => ANY_URL.exec(line)?.[0])
    .filter((url): url is string => url !== undefined);

/** True when a stack has frames and every one of them comes from a browser extension. */
export function isExtensionStack(stack: unknown): boolean {
  if (typeof stack !== 'string') return false;
  const urls = frameUrls(stack);
  return urls.length > 0 && urls.every((url) => EXTENSION_URL.test(url));
}

/**
 * The `beforeSend` of every browser log: scrubs the whole event in place (message, context, view URL,
 * referrer, error message and stack, with core's scrubber), then answers whether to send it: errors
 * from extensions only are dropped, and one error (kind, message, first frame) is sent at most
 * `maxRepeats` times per page (logs at `error` and above count even without an error object).
 */
export function createLogFilter({
  dropExtensionErrors = true,
  maxRepeats = 10,
  scrub,
  beforeSend,
}: LogFilterOptions = {}) {
  const seen = new Map<string, number>();
  const scrubInPlace = (event: LogEventLike) => Object.assign(event, scrubDeep({ ...event }, scrub));
  const keep = (event: LogEventLike): boolean => {
    const { error } = event;
    if (dropExtensionErrors && isExtensionStack(error?.stack)) return false;
    // Counted: logs with an error, and logs at `error` or above (`critical`, `alert`, `emerg`) without one.
    if (!error && !SEVERE.includes(event.status as string)) return true;
    const key = `${error?.kind}|${error?.message ?? event.message}|${String(error?.stack).split('\n')[1]}`;
    const count = (seen.get(key) ?? 0) + 1;
    if (count > 1 || seen.size < MAX_KEYS) seen.set(key, count);
    return count <= maxRepeats;
  };
  return (event: LogEventLike): boolean => {
    scrubInPlace(event);
    if (!keep(event)) return false;
    if (!beforeSend) return true;
    // The app's hook sees scrubbed data only; it cannot stop a log from being sent by throwing.
    let send = true;
    try {
      send = beforeSend(event as LogEvent) !== false;
    } catch (error) {
      // Reported after this log is on its way (the report is itself a log that passes this hook).
      setTimeout(() =>
        reportMisconfiguration(
          'logging:beforeSend',
          `logging: config.beforeSend threw (${error instanceof Error ? error.message : String(error)}); the log was sent anyway, scrubbed`,
        ),
      );
    }
    scrubInPlace(event); // what the hook added is scrubbed too
    return send;
  };
}
