import { type ReactNode, useMemo } from 'react';
import { applyClientHints } from '../applyClientHints';
import { resetUserAgent } from '../getUserAgent';
import { parseUserAgent } from '../parseUserAgent';
import type { ClientHints } from '../types';
import { UserAgentContext } from '../UserAgentContext';

export { resetUserAgent };

export interface TestUserAgentProviderProps {
  /** The user-agent string every `useUserAgent()` below returns (parsed); '' for unknown. */
  userAgent: string;
  /** Client hints applied on top, e.g. `{ platform: 'Windows', platformVersion: '15.0.0' }`. */
  hints?: ClientHints;
  children?: ReactNode;
}

/**
 * Pins `useUserAgent()` to one value on server and client alike: no navigator read, no client
 * hints request. For tests and stories.
 */
export function TestUserAgentProvider({ userAgent, hints, children }: TestUserAgentProviderProps) {
  const key = JSON.stringify([userAgent, hints ?? null]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` captures userAgent/hints by content.
  const value = useMemo(() => ({ server: applyClientHints(parseUserAgent(userAgent), hints), fixed: true }), [key]);
  return <UserAgentContext.Provider value={value}>{children}</UserAgentContext.Provider>;
}

export interface FakeNavigator {
  userAgent?: string;
  maxTouchPoints?: number;
  /** Low-entropy values plus what `getHighEntropyValues` resolves to; `null` removes `userAgentData`. */
  userAgentData?: (ClientHints & { highEntropy?: ClientHints | Error }) | null;
}

/**
 * Overrides `navigator.userAgent`, `maxTouchPoints` and `userAgentData` (jsdom or a browser)
 * and clears the per-page cache. Returns a function that restores both.
 */
export function stubNavigator(fake: FakeNavigator): () => void {
  const nav = navigator as unknown as Record<string, unknown>;
  const saved: [string, PropertyDescriptor | undefined][] = [];
  const define = (key: string, value: unknown) => {
    saved.push([key, Object.getOwnPropertyDescriptor(nav, key)]);
    Object.defineProperty(nav, key, { value, configurable: true, enumerable: true, writable: true });
  };
  if (fake.userAgent !== undefined) define('userAgent', fake.userAgent);
  if (fake.maxTouchPoints !== undefined) define('maxTouchPoints', fake.maxTouchPoints);
  if (fake.userAgentData !== undefined) {
    const data = fake.userAgentData;
    define(
      'userAgentData',
      data && {
        brands: data.brands ?? [],
        mobile: data.mobile ?? false,
        platform: data.platform ?? '',
        getHighEntropyValues: async (requested: string[]) => {
          if (data.highEntropy instanceof Error) throw data.highEntropy;
          const all: Record<string, unknown> = { ...data, ...data.highEntropy };
          const out: Record<string, unknown> = { brands: all.brands, mobile: all.mobile, platform: all.platform };
          for (const key of requested) if (key in all) out[key] = all[key];
          return out;
        },
      },
    );
  }
  resetUserAgent();
  return () => {
    for (const [key, descriptor] of saved.reverse()) {
      if (descriptor) Object.defineProperty(nav, key, descriptor);
      else delete nav[key];
    }
    resetUserAgent();
  };
}
