import type { LogErrorCause, LogErrorField } from './types';

/** Causes kept, as the SDK keeps them (`flattenErrorCauses` in `@datadog/browser-core`'s `domain/error/error.ts`). */
const MAX_CAUSES = 10;

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  cause?: unknown;
  dd_fingerprint?: unknown;
}

const isError = (value: unknown): value is ErrorLike =>
  value instanceof Error || Object.prototype.toString.call(value) === '[object Error]';

const text = (value: unknown): string => {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
};

/**
 * An error as Datadog's pipelines read it, built as the browser SDK builds it (`computeRawError`):
 * `kind`, `message`, `stack`; `causes`, the `cause` chain (outermost first, at most 10, each
 * `{ message, source, type, stack }`, ending at a cause that is not an `Error`); `fingerprint` from
 * the error's `dd_fingerprint`. For the server logger and the recording logger's `sent`.
 */
export function errorField(error: unknown): LogErrorField {
  if (error === null || typeof error !== 'object') return { message: String(error) };
  const { name, message, stack, dd_fingerprint } = error as ErrorLike;
  const causes: LogErrorCause[] = [];
  let cause = isError(error) ? error.cause : undefined;
  while (cause !== undefined && cause !== null && causes.length < MAX_CAUSES) {
    if (!isError(cause)) {
      causes.push({ message: text(cause), source: 'logger' });
      break;
    }
    causes.push({
      message: typeof cause.message === 'string' ? cause.message : text(cause.message),
      source: 'logger',
      ...(typeof cause.name === 'string' ? { type: cause.name } : {}),
      ...(typeof cause.stack === 'string' ? { stack: cause.stack } : {}),
    });
    cause = cause.cause;
  }
  return {
    kind: typeof name === 'string' ? name : 'Error',
    message: typeof message === 'string' ? message : String(error),
    ...(typeof stack === 'string' ? { stack } : {}),
    ...(causes.length > 0 ? { causes } : {}),
    ...(isError(error) && dd_fingerprint !== undefined ? { fingerprint: String(dd_fingerprint) } : {}),
  };
}
