// oidc-client-ts's stored requests (its state store, which the adapter sets up with this prefix in localStorage):
// the one place outside the SDK that knows their format. Apart from oidc-client-ts.ts because it is read before
// the SDK loads (is this URL the return from our sign-out? where does a failed callback land?), so it is in the
// entry chunk while the adapter and the SDK stay a lazy one.

/** The prefix of the stored requests' keys (`oidc.<state>`), given to oidc-client-ts's state store. */
export const REQUEST_PREFIX = 'oidc.';

/** A stored sign-in or sign-out request, as Plinth needs it. */
export interface StoredRequest {
  /** A sign-out request (oidc-client-ts's `request_type` `so:…`), else a sign-in (`si:…`). */
  signOut: boolean;
  /** Epoch seconds. */
  created: number | undefined;
  /** The `returnTo` stored with it (validate before use). */
  returnTo: unknown;
}

type Raw = { created?: unknown; request_type?: unknown; data?: { returnTo?: unknown } } | null;

/** The stored request of `state`, or `null` (none, unreadable, or storage unavailable). */
export function storedRequest(state: string): StoredRequest | null {
  let raw: Raw;
  try {
    raw = JSON.parse(localStorage.getItem(REQUEST_PREFIX + state) ?? 'null') as Raw;
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object') return null;
  return {
    signOut: String(raw.request_type).startsWith('so:'),
    created: typeof raw.created === 'number' ? raw.created : undefined,
    returnTo: raw.data?.returnTo,
  };
}

/** Forgets the stored request of `state`. */
export function forgetRequest(state: string): void {
  try {
    localStorage.removeItem(REQUEST_PREFIX + state);
  } catch {
    // Storage unavailable (privacy mode): nothing stored.
  }
}

/** Whether a request created at `created` (epoch seconds) is older than `maxAgeSeconds` now. */
export const isExpired = (created: number | undefined, maxAgeSeconds: number) =>
  !!created && created * 1000 < Date.now() - maxAgeSeconds * 1000;

/** Forgets every stored request older than `maxAgeSeconds` (abandoned sign-ins), except `keep`'s. */
export function forgetStaleRequests(maxAgeSeconds: number, keep?: string | null): void {
  for (const state of requestStates()) {
    if (state !== keep && isExpired(storedRequest(state)?.created, maxAgeSeconds)) forgetRequest(state);
  }
}

/** Forgets everything oidc-client-ts stored under the prefix, in localStorage and sessionStorage (tests: `resetAuth()`). */
export function forgetStoredRequestsAndUsers(): void {
  for (const store of [globalThis.localStorage, globalThis.sessionStorage]) {
    if (!store) continue;
    for (const key of Object.keys(store)) if (key.startsWith(REQUEST_PREFIX)) store.removeItem(key);
  }
}

function requestStates(): string[] {
  try {
    return Object.keys(localStorage)
      .filter((key) => key.startsWith(REQUEST_PREFIX))
      .map((key) => key.slice(REQUEST_PREFIX.length));
  } catch {
    return [];
  }
}
