import { isBrowser, type PlinthUser } from '@plinth/core';
import type { FlagValue } from './defineFlags';
import { forgetVisitorKey } from './visitorKey';

/**
 * The first-party cache of the last values the flag service served, per client-side ID and per context
 * (`plinth.flags.<id>.anonymous`, `plinth.flags.<id>.user:<id>`): a signed-in user's values are never shown
 * to another visitor of the same browser, and they go at sign-out. Read and written only while `allowed()`
 * (functional consent).
 */
export interface FlagCache {
  /** The values kept for the current context, if allowed. */
  read(): Record<string, FlagValue> | undefined;
  /** Keep `values` for the current context (merged with the kept ones), if allowed. */
  write(values: Record<string, FlagValue>): void;
  /**
   * The context is now `user`'s (`null`: anonymous): no other subject's values stay, read or kept (a signed-in
   * user's, and the SDK's own `ld:` storage, go when another subject follows them, on this page or a later one).
   */
  follow(user: PlinthUser | null): void;
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
  /** Whose context it starts on. */
  user: PlinthUser | null;
}): FlagCache {
  const prefix = `plinth.flags.${options.clientSideId}.`;
  const keyFor = (user: PlinthUser | null) => `${prefix}${user ? `user:${user.id}` : 'anonymous'}`;
  let key = keyFor(options.user);
  const usable = () => options.enabled && options.allowed();

  const read = (): Record<string, FlagValue> | undefined => {
    if (!usable()) return undefined;
    try {
      return JSON.parse(storage()?.getItem(key) ?? 'null') ?? undefined;
    } catch {
      return undefined; // unreadable: as if there were none
    }
  };

  return {
    read,
    write(values) {
      if (!usable()) return;
      try {
        storage()?.setItem(key, JSON.stringify({ ...read(), ...values }));
      } catch {
        // quota or disabled storage: the values still hold for this page
      }
    },
    follow(user) {
      const next = keyFor(user);
      // Another subject's values (a signed-in user's, kept from this page or an earlier visit) go.
      remove(`${prefix}user:`, next);
      key = next;
    },
    revoke() {
      remove(prefix, undefined, true);
      forgetVisitorKey();
    },
  };
}
