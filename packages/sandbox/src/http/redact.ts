import type { IncomingHttpHeaders } from 'node:http';

/** The placeholder that replaces a secret value in a recording. */
export const REDACTED = '[redacted]';

const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'dpop']);

/**
 * Headers as recorded: lower-case names, multi-values joined with ", ", and the values of
 * credentials (`Authorization`, `Cookie`, `DPoP`, …) replaced by `[redacted]` so a test can see
 * that they were sent without the recording holding them.
 */
export function redactHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const key = name.toLowerCase();
    out[key] = SECRET_HEADERS.has(key) ? REDACTED : Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * Parameter names whose values are secrets, matched exactly (lower-case): the OAuth/OIDC callback
 * and request secrets. The same names `@plinth/core`'s scrubber removes from URLs, plus the ones it
 * should (a test in this package checks that the two agree).
 */
export const SECRET_PARAMS: readonly string[] = [
  'code',
  'code_verifier',
  'state',
  'session_state',
  'nonce',
  'iss',
  'email',
  'password',
  'client_secret',
  'client_assertion',
  'assertion',
];

/** …and any name containing one of these: `*token*`, secrets, passwords, API keys, signatures, credentials, cookies. */
const SECRET_PART = /token|secret|passw|pwd|api[-_]?key|signature|credential|authorization|cookie/;

/**
 * Names that look secret but are kept, because they name a secret rather than hold one:
 * `token_type_hint` (`refresh_token`/`access_token`) says what a revocation was for.
 */
export const KEPT_PARAMS: readonly string[] = ['token_type_hint'];

/** Whether a parameter's value is a secret (token, code, verifier, state, nonce, password, …). */
export function isSecretParam(name: string): boolean {
  const key = name.trim().toLowerCase();
  if (KEPT_PARAMS.includes(key)) return false;
  return SECRET_PARAMS.includes(key) || SECRET_PART.test(key);
}

/**
 * A copy of a flat parameter record (form body or query) with every secret parameter's value
 * replaced by `[redacted]`. Used by the OIDC module: the recorder shows what was sent, not the tokens.
 */
export function redactParams<T>(params: T): T {
  if (!params || typeof params !== 'object' || Array.isArray(params)) return params;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params as Record<string, unknown>)) {
    out[key] = isSecretParam(key) && value !== undefined && value !== '' ? REDACTED : value;
  }
  return out as T;
}
