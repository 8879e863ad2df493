import { channel, isBrowser, userOf, type Visitor } from '@plinth/core';
import type { FlagValue } from './defineFlags';
import { forgetVisitorKey } from './visitorKey';

/**
 * The first-party cache of the last values the flag service served, per client-side ID and per context
 * (`plinth.flags.<id>.anonymous`, `plinth.flags.<id>.user:<id>`): a signed-in user's values are never shown
 * to another visitor of the same browser, and they go at sign-out. Whose entry is read and written is core's
 * visitor as it is at that moment (never a copy). Read and written only while `allowed()` (functional consent).
 */
export interface FlagCache {
  /** The values kept for the current visitor's context, if allowed. */
  read(): Record<string, FlagValue> | undefined;
  /** Keep `values` for the current visitor's context (merged with the kept ones), if allowed. */
  write(values: Record<string, FlagValue>): void;
  /**
   * The visitor is `visitor` (settled: anonymous or identified): no other subject's values stay, read or kept (a
   * signed-in user's, and the SDK's own `ld:` storage, go when another subject follows them, on this page or a
   * later one). An `unknown` visitor removes nothing (auth has not said who is here yet).
   */
  follow(visitor: Visitor): void;
  /**
   * Consent revoked, the one revocation path: every context's values, the SDK's own storage (`ld:` keys)
   * and the anonymous visitor's key go.
   */
  revoke(): void;
}

const storage = (): Storage | undefined => {
  try {
    return isBrowser ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Removes every key starting with `prefix` but `keep`; when any went (or `always`), the SDK's own storage too
 * (`ld:…` keys).
 */
function remove(prefix: string, keep?: string, always = false) {
  try {
    const store = storage();
    if (!store) return;
    const gone = Object.keys(store).filter((name) => name.startsWith(prefix) && name !== keep);
    if (always || gone.length > 0) gone.push(...Object.keys(store).filter((name) => name.startsWith('ld:')));
    for (const name of gone) store.removeItem(name);
  } catch {
    // disabled storage: nothing to remove
  }
}

export function createFlagCache(options: {
  clientSideId: string;
  /** `false`: no cache at all (`cache: false` in the config). */
  enabled: boolean;
  /** Functional consent, now. */
  allowed: () => boolean;
}): FlagCache {
  const prefix = `plinth.flags.${options.clientSideId}.`;
  const keyFor = (visitor: Visitor) => {
    const user = userOf(visitor);
    return `${prefix}${user ? `user:${user.id}` : 'anonymous'}`;
  };
  /** The current visitor's entry, read at each call. */
  const key = () => keyFor(channel.visitor.get());
  const usable = () => options.enabled && options.allowed();

  const read = (): Record<string, FlagValue> | undefined => {
    if (!usable()) return undefined;
    try {
      return JSON.parse(storage()?.getItem(key()) ?? 'null') ?? undefined;
    } catch {
      return undefined; // unreadable: as if there were none
    }
  };

  return {
    read,
    write(values) {
      if (!usable()) return;
      try {
        storage()?.setItem(key(), JSON.stringify({ ...read(), ...values }));
      } catch {
        // quota or disabled storage: the values still hold for this page
      }
    },
    follow(visitor) {
      // Another subject's values (a signed-in user's, kept from this page or an earlier visit) go.
      if (visitor.subject.kind !== 'unknown') remove(`${prefix}user:`, keyFor(visitor));
    },
    revoke() {
      remove(prefix, undefined, true);
      forgetVisitorKey();
    },
  };
}
