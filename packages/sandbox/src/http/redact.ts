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

/** Parameter names whose values are OAuth/OIDC secrets (token, code, verifier, …). */
export function isSecretParam(name: string): boolean {
  const key = name.toLowerCase();
  if (key === 'token_type_hint') return false;
  return (
    key === 'code' ||
    key === 'code_verifier' ||
    key === 'client_secret' ||
    key === 'client_assertion' ||
    key === 'password' ||
    key === 'state' ||
    key === 'session_state' ||
    key === 'nonce' ||
    key === 'assertion' ||
    key.includes('token')
  );
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
