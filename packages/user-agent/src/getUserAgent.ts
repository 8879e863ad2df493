import { isBrowser } from '@plinth/core';
import { applyClientHints, applyTouchPoints } from './applyClientHints';
import { parseUserAgent } from './parseUserAgent';
import type { ClientHints, UserAgent } from './types';

interface NavigatorUAData extends ClientHints {
  getHighEntropyValues?(hints: string[]): Promise<ClientHints>;
}
type NavigatorWithHints = Navigator & { userAgentData?: NavigatorUAData };

export const HIGH_ENTROPY_HINTS = ['platformVersion', 'model', 'fullVersionList', 'architecture', 'bitness'];
const HINT_TIMEOUT_MS = 2000;

let sync: UserAgent | undefined;
let pending: Promise<UserAgent> | undefined;
let resolved: UserAgent | undefined;

function lowEntropy(data: NavigatorUAData | undefined): ClientHints | undefined {
  return data && typeof data === 'object'
    ? { brands: data.brands, mobile: data.mobile, platform: data.platform }
    : undefined;
}

/**
 * What the browser says synchronously: the frozen string, the low-entropy client hints
 * (`navigator.userAgentData.brands/mobile/platform`) and touch points (iPadOS). Cached.
 */
export function readNavigator(): UserAgent {
  if (!isBrowser) return parseUserAgent('');
  sync ??= fromNavigator(lowEntropy((navigator as NavigatorWithHints).userAgentData));
  return sync;
}

function fromNavigator(hints: ClientHints | undefined): UserAgent {
  return applyTouchPoints(applyClientHints(parseUserAgent(navigator.userAgent ?? ''), hints), navigator.maxTouchPoints);
}

async function enrich(): Promise<UserAgent> {
  const base = readNavigator();
  const data = (navigator as NavigatorWithHints).userAgentData;
  if (typeof data?.getHighEntropyValues !== 'function') return base;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const values = await new Promise<ClientHints>((resolve, reject) => {
      timer = setTimeout(reject, HINT_TIMEOUT_MS, 'timed out');
      data.getHighEntropyValues!(HIGH_ENTROPY_HINTS).then(resolve, reject);
    });
    return fromNavigator({ ...lowEntropy(data), ...(values && typeof values === 'object' ? values : {}) });
  } catch {
    // A permissions policy can block high-entropy hints; the synchronous answer still stands.
    return base;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The current browser's user agent, enriched from `navigator.userAgentData.getHighEntropyValues`
 * where available (Windows 11, the real macOS/Android version, device model, full browser
 * version, CPU) and from touch points for iPadOS. One request per page: every call returns the
 * same promise. Never rejects: without client hints it resolves to the synchronous parse.
 * On a server it resolves to `parseUserAgent()` (use `userAgentFromHeaders` there instead).
 */
export function getUserAgent(): Promise<UserAgent> {
  if (!isBrowser) return Promise.resolve(parseUserAgent());
  pending ??= enrich()
    .catch(readNavigator)
    .then((value) => {
      resolved = value;
      return value;
    });
  return pending;
}

/** The enriched value once `getUserAgent()` has settled, else undefined. */
export const peekUserAgent = (): UserAgent | undefined => resolved;

/** Forgets the per-page cache (tests only; exported through `@plinth/user-agent/testing`). */
export function resetUserAgent(): void {
  sync = undefined;
  pending = undefined;
  resolved = undefined;
}
