import { channel, isBrowser } from '@plinth/core';
import { parseWithVendor, type RawResult } from './adapter/ua-parser-js';
import { isBot } from './isBot';
import { MAX_LENGTH } from './limits';
import type { DeviceType, UserAgent } from './types';

const MEMO_SIZE = 100;
const memo = new Map<string, UserAgent>();

const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** Freezes a result (results are shared through the memo, so nobody may mutate one). */
export function freezeUserAgent(value: UserAgent): UserAgent {
  for (const part of [value.browser, value.engine, value.os, value.device, value.cpu]) Object.freeze(part);
  return Object.freeze(value);
}

/** Converts the vendor's result into Plinth's shape; tolerant of any missing piece. */
function fromRaw(ua: string, raw: Partial<RawResult>): UserAgent {
  const { browser = {}, engine = {}, os = {}, device = {}, cpu = {} } = raw;
  return freezeUserAgent({
    ua,
    browser: { name: str(browser.name), version: str(browser.version), major: str(browser.major) },
    engine: { name: str(engine.name), version: str(engine.version) },
    os: { name: str(os.name), version: str(os.version) },
    device: { type: str(device.type) as DeviceType | undefined, vendor: str(device.vendor), model: str(device.model) },
    cpu: { architecture: str(cpu.architecture) },
    isBot: isBot(ua),
  });
}

/** Truncates and parses without the memo (the benchmark's cold path). */
export function parseUncached(ua: string): UserAgent {
  const input = ua.length > MAX_LENGTH ? ua.slice(0, MAX_LENGTH) : ua;
  let raw: Partial<RawResult> = {};
  try {
    raw = parseWithVendor(input);
  } catch (error) {
    channel.reportOnce('user-agent', 'warn', 'parser threw', { error: String(error) });
  }
  return fromRaw(input, raw);
}

/**
 * Parses a user-agent string synchronously (ua-parser-js 1.0.x, MIT). Without an argument it
 * parses `navigator.userAgent` (an empty string on a server without `navigator`). Input longer
 * than 512 characters is truncated first; any input returns in bounded time and never throws.
 * Results are memoised per string (the 100 most recently used) and frozen.
 *
 * This is the frozen string only: for Windows 11, iPadOS, the device model and the full
 * browser version in a browser use `getUserAgent()`; on a server, `userAgentFromHeaders()`.
 */
export function parseUserAgent(ua?: string | null): UserAgent {
  const input = ua === undefined ? (isBrowser && navigator.userAgent) || '' : typeof ua === 'string' ? ua : '';
  const key = input.length > MAX_LENGTH ? input.slice(0, MAX_LENGTH) : input;
  let result = memo.get(key);
  if (result) {
    // Refresh recency: a Map iterates in insertion order, so the first key is the least recent.
    memo.delete(key);
  } else {
    result = parseUncached(key);
    if (memo.size >= MEMO_SIZE) memo.delete(memo.keys().next().value as string);
  }
  memo.set(key, result);
  return result;
}
