/**
 * PII and secret scrubbing: the one scrubber every Plinth package runs before anything leaves the page.
 */

export interface ScrubOptions {
  /** Extra query/fragment parameter names (exact, case-insensitive) or patterns to remove. */
  extraParams?: readonly (string | RegExp)[];
}

export interface ScrubDeepOptions extends ScrubOptions {
  /** Nesting depth kept; deeper values become `'[MaxDepth]'`. Default 8. */
  maxDepth?: number;
  /** Values visited in all; past it the rest is dropped and `'[Truncated]'` marks the spot. Default 1,000. */
  maxNodes?: number;
  /** Strings are cut to this length before scrubbing. Default 10,000. */
  maxStringLength?: number;
}

export const REDACTED = '[redacted]';

/** Secret names: anything `*token*`, passwords, keys, credentials (URL parameters and object keys alike). */
const SECRET =
  /token|secret|passw|pwd|api[-_]?key|signature|credential|authorization|cookie|code_verifier|nonce|assertion/i;
/** Removed from URLs too: the OAuth/OIDC callback parameters and email. */
const URL_ONLY = /^(code|state|session_state|iss|email)$/;

const EMAIL = /[\w.%+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){0,6}\.[a-z]{2,24}/gi;
/** An email whose `@` is percent-encoded, once or twice (`bob%40corp.com`, `bob%2540corp.com`). */
const ENCODED_EMAIL = /[\w.%+-]{1,64}%(?:25)?40[\w-]{1,63}(?:\.[\w-]{1,63}){0,6}\.[a-z]{2,24}/gi;
/** A whole URL percent-encoded inside text (`https%3A%2F%2F…%3Fcode%3D…`, `%2Fcallback%3F…`). */
const ENCODED_URLISH = /(?:\bhttps?%3A%2F%2F|%2F)[^\s"'<>`]*%3F[^\s"'<>`]*/gi;
/** Percent-encoding left after one decoding: decode again (double-encoded values). */
const ENCODED = /%[0-9a-f]{2}/i;
/** Nested decodings followed at most (`%25252F…`). */
const MAX_DECODINGS = 4;
const JWT = /\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g;
const BEARER = /\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]{8,}/gi;
/** URL-like runs with a query or fragment: absolute http(s) URLs, or paths starting with `/`. */
const URLISH = /(?:\bhttps?:\/\/|(?<![\w/])\/)[^\s"'<>`]*[?#][^\s"'<>`]*/gi;

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

/**
 * A parameter's name as the server reads it: decoded (percent or `+`, up to `MAX_DECODINGS` times), up to an
 * `=` that was encoded into it (`?code%3DABC` is `code`).
 */
function paramName(raw: string): string {
  let name = raw;
  for (let depth = 0; depth < MAX_DECODINGS; depth++) {
    const decoded = safeDecode(name);
    if (decoded === name) break;
    name = decoded;
  }
  return name.split('=', 1)[0]!;
}

/**
 * Whether a URL parameter or object key of this name holds a secret or personal data: anything
 * `*token*`, passwords, keys, credentials, `nonce`, assertions, the OAuth/OIDC callback parameters
 * (`code`, `state`, `session_state`, `iss`) and `email`. The sandbox's recorder agrees (tested there).
 */
export function isSecretParam(name: string, extra?: ScrubOptions['extraParams']): boolean {
  const key = paramName(name).trim().toLowerCase();
  if (URL_ONLY.test(key) || SECRET.test(key)) return true;
  return !!extra?.some((p) => (typeof p === 'string' ? p.toLowerCase() === key : p.test(key)));
}

/**
 * A parameter value as a secret would arrive: percent- or `+`-encoded, maybe twice, maybe a whole URL
 * (`?next=%2Fcallback%3Fcode%3DX`). Judged decoded; unchanged values keep their exact encoding, changed
 * ones are encoded again as deeply as they came.
 */
function scrubParamValue(value: string, options: ScrubOptions, depth = 0): string {
  const decoded = safeDecode(value);
  const inner =
    decoded !== value && depth < MAX_DECODINGS && ENCODED.test(decoded)
      ? scrubParamValue(decoded, options, depth + 1)
      : scrubValue(decoded, options);
  if (inner === decoded) return value;
  return decoded === value ? inner : encodeURIComponent(inner);
}

/** One `?…` or `#…` section without its secret `k=v` pairs; every other pair stays exactly as written. */
function scrubSection(mark: string, section: string, extra: ScrubOptions['extraParams']): string {
  const q = section.indexOf('?');
  if (mark === '#') {
    // `#/route?a=1` (hash router): scrub its query; `#anchor`: plain text, kept.
    if (q >= 0) return `#${section.slice(0, q)}${scrubSection('?', section.slice(q + 1), extra)}`;
    if (!safeDecode(section).includes('=')) return `#${section}`;
  }
  const kept = section
    .split('&')
    .filter((pair) => !isSecretParam(pair.split('=', 1)[0]!, extra))
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const value = pair.slice(eq + 1);
      const clean = scrubParamValue(value, { extraParams: extra });
      return clean === value ? pair : `${pair.slice(0, eq + 1)}${clean}`;
    })
    .join('&');
  return kept ? mark + kept : '';
}

/**
 * Removes JWTs from the path (`/u/eyJ…/profile`), OAuth/OIDC callback and secret parameters (`code`, `state`, `session_state`, `iss`,
 * `id_token`, `access_token`, `refresh_token`, anything `*token*`, `nonce`, `password`, `email`, … and
 * `extraParams`, also behind an `=` encoded into the name: `?code%3D…`) from the query and the fragment (`#access_token=…`, `#/route?code=…`), and
 * credentials from the authority. The values that stay are judged decoded (percent, `+`, twice
 * encoded) and scrubbed like text: an email, a JWT or a URL nested in a parameter
 * (`?next=%2Fcallback%3Fcode%3D…`) is cleaned too. Everything else is kept exactly as written:
 * relative URLs stay relative, order and encoding are unchanged.
 */
export function scrubUrl(url: string, { extraParams }: ScrubOptions = {}): string {
  if (typeof url !== 'string') return url;
  return url
    .replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#@]*@/i, '$1')
    .replace(/^[^?#]*/, (path) => (path.includes('eyJ') ? path.replace(JWT, REDACTED) : path)) // `/u/eyJ…/profile`
    .replace(/\?([^#]*)|#(.*)/g, (_, query?: string, fragment?: string) =>
      query === undefined ? scrubSection('#', fragment ?? '', extraParams) : scrubSection('?', query, extraParams),
    );
}

/**
 * Redacts email addresses (also percent-encoded), JWTs and bearer/basic credentials inside a string,
 * and scrubs every URL in it with `scrubUrl`.
 */
export function scrubValue(value: string, options: ScrubOptions = {}): string {
  if (typeof value !== 'string' || value === '') return value;
  let out = value;
  if (out.includes('?') || out.includes('#')) out = out.replace(URLISH, (url) => scrubUrl(url, options));
  if (out.includes('%')) out = out.replace(ENCODED_URLISH, (url) => scrubParamValue(url, options));
  if (out.includes('eyJ')) out = out.replace(JWT, REDACTED);
  out = out.replace(BEARER, (_, scheme: string) => `${scheme} ${REDACTED}`);
  if (out.includes('@')) out = out.replace(EMAIL, REDACTED);
  if (out.includes('%')) out = out.replace(ENCODED_EMAIL, REDACTED);
  return out;
}

/**
 * A scrubbed deep copy of `value`: strings pass through `scrubValue`, values under secret-looking
 * keys (`password`, `token`, `authorization`, `cookie`, …) become `[redacted]`, Errors become
 * `{ name, message, stack }`. Safe on cycles (`'[Circular]'`), bounded in depth and size.
 */
export function scrubDeep<T>(value: T, options: ScrubDeepOptions = {}): T {
  const { maxDepth = 8, maxNodes = 1000, maxStringLength = 10_000 } = options;
  let budget = maxNodes;
  const seen = new WeakSet<object>();

  const visit = (input: unknown, depth: number): unknown => {
    budget -= 1;
    if (typeof input === 'string') {
      const cut = input.length > maxStringLength ? `${input.slice(0, maxStringLength)}…[Truncated]` : input;
      return scrubValue(cut, options);
    }
    if (input === null || typeof input !== 'object') return input;
    if (input instanceof Date) return input;
    if (seen.has(input)) return '[Circular]';
    if (depth >= maxDepth) return '[MaxDepth]';
    seen.add(input);
    try {
      const list = Array.isArray(input);
      const source = (
        input instanceof Error ? { ...input, name: input.name, message: input.message, stack: input.stack } : input
      ) as Record<string, unknown>;
      const out = (list ? [] : {}) as Record<string, unknown>;
      for (const key of Object.keys(source)) {
        if (budget <= 0) {
          out[list ? key : '[Truncated]'] = '[Truncated]';
          break;
        }
        const item = source[key];
        // Values under secret-looking keys go, whatever they hold (array indices are never secret).
        out[key] =
          !list && (SECRET.test(key) || key === 'code') && item !== undefined && item !== null && item !== ''
            ? REDACTED
            : visit(item, depth + 1);
      }
      return out;
    } finally {
      seen.delete(input);
    }
  };
  return visit(value, 0) as T;
}
