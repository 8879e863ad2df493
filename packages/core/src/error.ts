/**
 * The one error type of Plinth. `source` says which part failed (a discriminant each package
 * narrows to its own union, e.g. `'callback' | 'renew'` in auth), `code` a stable machine-readable
 * reason, `cause` the original error (as react-oidc-context's ErrorContext does).
 */
/** Marks every PlinthError, whichever copy of core (client bundle, `./server` entry) created it. */
const BRAND = Symbol.for('@plinth/core/PlinthError');

export class PlinthError<Source extends string = string, Code extends string = string> extends Error {
  override readonly name: string = 'PlinthError';
  readonly source: Source;
  readonly code: Code | undefined;
  readonly [BRAND] = true;

  constructor(message: string, options: { source: Source; code?: Code; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.source = options.source;
    this.code = options.code;
  }
}

export function isPlinthError(value: unknown): value is PlinthError {
  return value instanceof PlinthError || (value instanceof Error && (value as { [BRAND]?: boolean })[BRAND] === true);
}
