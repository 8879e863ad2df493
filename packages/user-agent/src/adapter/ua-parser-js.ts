/// <reference path="./vendor.d.ts" />
// The only file that imports the parser. It is a static import on purpose: `parseUserAgent`
// is synchronous, so the parser cannot be a lazy chunk without making the API async
// (see README, "Why the parser is not lazy").
import UAParser from 'ua-parser-js';

/** The subset of ua-parser-js 1.x's result this package reads; never part of a public signature. */
export interface RawResult {
  browser: { name?: string; version?: string; major?: string };
  engine: { name?: string; version?: string };
  os: { name?: string; version?: string };
  device: { type?: string; vendor?: string; model?: string };
  cpu: { architecture?: string };
}

// A sentinel no browser sends. ua-parser-js 1.x compares the string given to its constructor
// with `navigator.userAgent` and, when they match, silently mixes in navigator state (Brave,
// `userAgentData.mobile`, iPad touch points). Constructing with a sentinel and then `setUA`
// keeps every parse a pure function of the string, so server and client agree and the
// per-string memo is sound. Navigator-based enrichment happens explicitly in getUserAgent.
const SENTINEL = '\u0000plinth';
let parser: UAParser | undefined;

export function parseWithVendor(ua: string): RawResult {
  parser ??= new UAParser(SENTINEL);
  return parser.setUA(ua).getResult();
}
