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

/**
 * The codes of a configuration mistake, the same in every package (`source: 'config'`): no consent store
 * (and not `false`), a required option missing, an option given a value it cannot take, a consent category
 * the store does not ask for.
 */
export type ConfigErrorCode =
  | 'consent_required'
  | 'missing_option'
  | 'invalid_option'
  | 'unknown_category'
  | 'visitor_group';

/** A configuration mistake, thrown where it is made: `PlinthError` with `source: 'config'`, the same in every package. */
export const configError = (message: string, code: ConfigErrorCode, cause?: unknown) =>
  new PlinthError<'config', ConfigErrorCode>(message, { source: 'config', code, cause });

/**
 * The one `consent_required` check of every package: `consent` must be said (a store, a decision, or `false`
 * for none); missing consent never means granted. Returns it, narrowed; throws `configError` otherwise.
 * `expected` says what `who` accepts, when it is not a store.
 */
export function requireConsent<T>(
  who: string,
  consent: T | null | undefined,
  expected = 'a ConsentStore (the provider takes the nearest <ConsentProvider>’s), or `false` for none',
): T {
  if (consent === undefined || consent === null) {
    throw configError(`${who}: \`consent\` is required: ${expected}`, 'consent_required');
  }
  return consent;
}
