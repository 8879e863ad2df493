import { PlinthError } from '@plinth/core';

/** Which step failed. */
export type AuthErrorSource = 'callback' | 'renew' | 'signIn' | 'signOut' | 'discovery' | 'loader';

/**
 * Why it failed. `state_mismatch`: the callback's `state` matches no stored sign-in request (tampered,
 * replayed or already used); `expired`: the stored request is older than `requestMaxAgeSeconds`;
 * `access_denied`, `invalid_grant`, `login_required`, … : the provider's own `error`; `network`: a
 * request failed or timed out; `signed_out`: a token was asked for with no session;
 * `invalid_id_token`: the ID token's signature, algorithm, `iss`, `aud`/`azp`, `exp` or `iat` failed
 * its check (OpenID Connect Core 3.1.3.7); `issuer_mismatch`: the discovery document or the
 * authorization response (RFC 9207 `iss`) names another issuer; `userinfo_mismatch`: UserInfo's `sub`
 * is not the ID token's (or, for Entra ID, an ID token's `iss` names another tenant than its `tid`, or a tenant
 * outside `tenants`); `session_ended`: the provider ended the session for good and a new sign-in is needed
 * (Entra ID's refresh tokens for single-page apps end 24 h after sign-in); `discovery`: the authority answered its
 * discovery document with an HTTP error (a typo in `authority`: 404); `cancelled`: the visitor left the provider's
 * page without answering it (Back, from a page with no Cancel button); `blocked`, `failed`, `timeout` (source
 * `loader`): the sign-in library's chunk could not be had, as core's loader says it for every vendor. A silent sign-in answered `login_required`,
 * `interaction_required`, `consent_required` or `account_selection_required` means "no session here": quietly
 * signed out.
 */
export type AuthErrorCode =
  | 'state_mismatch'
  | 'expired'
  | 'access_denied'
  | 'invalid_grant'
  | 'login_required'
  | 'interaction_required'
  | 'consent_required'
  | 'account_selection_required'
  | 'network'
  | 'signed_out'
  | 'invalid_id_token'
  | 'issuer_mismatch'
  | 'userinfo_mismatch'
  | 'session_ended'
  | 'provider'
  | 'discovery'
  | 'cancelled'
  | 'blocked'
  | 'failed'
  | 'timeout'
  | 'unknown';

const PROVIDER_CODES: readonly string[] = [
  'access_denied',
  'invalid_grant',
  'login_required',
  'interaction_required',
  'consent_required',
  'account_selection_required',
  'issuer_mismatch', // the silent callback's RFC 9207 check hands its refusal to the parent page as an error response
];

/** The one error type of @plinth/auth: a `PlinthError` with the provider's `error` and `error_description` when it sent them. */
export class AuthError extends PlinthError<AuthErrorSource, AuthErrorCode> {
  override readonly name = 'AuthError';
  declare readonly code: AuthErrorCode;
  /** The provider's `error` (RFC 6749 §4.1.2.1 / §5.2), e.g. `access_denied`. */
  readonly error: string | undefined;
  /** The provider's `error_description`. */
  readonly error_description: string | undefined;

  constructor(
    message: string,
    options: {
      source: AuthErrorSource;
      code: AuthErrorCode;
      cause?: unknown;
      error?: string;
      error_description?: string;
    },
  ) {
    super(message, options);
    this.error = options.error;
    this.error_description = options.error_description;
  }
}

const str = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** Maps whatever the SDK (or the network) threw to an `AuthError` of `source`. */
export function toAuthError(thrown: unknown, source: AuthErrorSource): AuthError {
  if (thrown instanceof AuthError) return thrown;
  const raw = (thrown ?? {}) as { name?: unknown; message?: unknown; error?: unknown; error_description?: unknown };
  const message = str(raw.message) ?? String(thrown);
  const error = str(raw.error);
  const error_description = str(raw.error_description) ?? undefined;
  let code: AuthErrorCode;
  if (error) code = PROVIDER_CODES.includes(error) ? (error as AuthErrorCode) : 'provider';
  else if (/no matching state|no state in response/i.test(message)) code = 'state_mismatch';
  else if (/subject from UserInfo response does not match/i.test(message)) code = 'userinfo_mismatch';
  else if (raw.name === 'ErrorTimeout' || thrown instanceof TypeError || /network|fetch|timed? ?out/i.test(message))
    code = 'network';
  else code = 'unknown';
  return new AuthError(
    `${source}: ${error ? `${error}${error_description ? ` (${error_description})` : ''}` : message}`,
    {
      source,
      code,
      cause: thrown,
      ...(error ? { error } : {}),
      ...(error_description ? { error_description } : {}),
    },
  );
}
