import { applyClientHints } from './applyClientHints';
import { MAX_LENGTH } from './limits';
import { parseUserAgent } from './parseUserAgent';
import type { BrandVersion, ClientHints, UserAgent } from './types';

/**
 * Request headers in any common shape: a Fetch `Headers`, Node's `IncomingHttpHeaders`
 * (lower-case keys, string or string[] values) or a plain record.
 */
export type HeadersLike =
  | { get(name: string): string | null }
  | Readonly<Record<string, string | readonly string[] | undefined | null>>;

/**
 * The request headers this package reads, lower-case: list them in `Accept-CH` (all but
 * user-agent, sec-ch-ua, sec-ch-ua-mobile and sec-ch-ua-platform, which Chromium always sends)
 * and in `Vary` if responses differ by them.
 */
export const USER_AGENT_HEADERS = [
  'user-agent',
  'sec-ch-ua',
  'sec-ch-ua-mobile',
  'sec-ch-ua-platform',
  'sec-ch-ua-platform-version',
  'sec-ch-ua-model',
  'sec-ch-ua-full-version-list',
  'sec-ch-ua-arch',
  'sec-ch-ua-bitness',
] as const;

function read(headers: HeadersLike, name: string): string | undefined {
  let value: unknown;
  if (typeof (headers as { get?: unknown }).get === 'function') {
    value = (headers as { get(name: string): string | null }).get(name);
  } else {
    const record = headers as Record<string, unknown>;
    value = record[name] ?? Object.entries(record).find(([key]) => key.toLowerCase() === name)?.[1];
  }
  if (Array.isArray(value)) value = value.join(', ');
  return typeof value === 'string' ? value.slice(0, MAX_LENGTH) : undefined;
}

/**
 * What `UserAgentProvider` needs from a request, as plain serialisable props:
 * `<UserAgentProvider {...userAgentProps(request.headers)}>`. Only the User-Agent and the
 * parsed client hints; never cookies or other headers.
 */
export function userAgentProps(headers: HeadersLike | null | undefined): { userAgent: string; hints: ClientHints } {
  if (!headers || typeof headers !== 'object') return { userAgent: '', hints: {} };
  const hints = hintsFromHeaders(headers);
  for (const key of Object.keys(hints) as (keyof ClientHints)[]) if (hints[key] === undefined) delete hints[key];
  return { userAgent: read(headers, 'user-agent') ?? '', hints };
}

// Structured-field parsing (RFC 8941), just enough for Sec-CH-UA-*: sf-string, sf-boolean and a
// list of sf-strings with a `v` parameter. Bounded by the 512-character cap on every value.
function sfString(value: string | undefined): string | undefined {
  const match = value && /^\s*"((?:[^"\\]|\\.)*)"/.exec(value);
  return match ? match[1]!.replace(/\\(.)/g, '$1') : undefined;
}

function sfBrandList(value: string | undefined): BrandVersion[] | undefined {
  if (!value) return undefined;
  const list: BrandVersion[] = [];
  const item = /"((?:[^"\\]|\\.)*)"\s*;\s*v\s*=\s*"((?:[^"\\]|\\.)*)"/g;
  for (let match = item.exec(value); match && list.length < 16; match = item.exec(value)) {
    list.push({ brand: match[1]!.replace(/\\(.)/g, '$1'), version: match[2]!.replace(/\\(.)/g, '$1') });
  }
  return list.length ? list : undefined;
}

/** Reads the `Sec-CH-UA-*` request headers as client hints. */
function hintsFromHeaders(headers: HeadersLike): ClientHints {
  const mobile = read(headers, 'sec-ch-ua-mobile')?.trim();
  return {
    brands: sfBrandList(read(headers, 'sec-ch-ua')),
    fullVersionList: sfBrandList(read(headers, 'sec-ch-ua-full-version-list')),
    mobile: mobile === '?1' ? true : mobile === '?0' ? false : undefined,
    platform: sfString(read(headers, 'sec-ch-ua-platform')),
    platformVersion: sfString(read(headers, 'sec-ch-ua-platform-version')),
    model: sfString(read(headers, 'sec-ch-ua-model')),
    architecture: sfString(read(headers, 'sec-ch-ua-arch')),
    bitness: sfString(read(headers, 'sec-ch-ua-bitness')),
  };
}

/**
 * The server-side counterpart of `getUserAgent()`: parses the request's `User-Agent` and
 * enriches it with whatever `Sec-CH-UA-*` client hints came with it. High-entropy hints
 * (platform version, model, full version list) arrive only after the server asked for them
 * with `Accept-CH`; see the README.
 */
export function userAgentFromHeaders(headers: HeadersLike | null | undefined): UserAgent {
  if (!headers || typeof headers !== 'object') return parseUserAgent('');
  return applyClientHints(parseUserAgent(read(headers, 'user-agent') ?? ''), hintsFromHeaders(headers));
}
