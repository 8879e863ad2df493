/**
 * First-party, token-free bookkeeping in web storage, all under `plinth.auth.*`:
 * - `plinth.auth.session` (localStorage): "a session existed", so a reload tries a silent sign-in;
 * - `plinth.auth.autoSignInAt` (sessionStorage): the loop guard, per tab, surviving reloads;
 * - `plinth.auth.lock` (localStorage): the renewal lease where Web Locks are missing;
 * - `plinth.auth.signingIn` (sessionStorage): this tab left for the provider's page and has not come back through
 *   the callback yet; found at a page load or a back/forward-cache restore, the visitor came back another way
 *   (Back): the sign-in did not complete.
 */
const SESSION = 'plinth.auth.session';
const AUTO = 'plinth.auth.autoSignInAt';
const LEASE = 'plinth.auth.lock';
const PENDING = 'plinth.auth.signingIn';

/** At most one automatic sign-in redirect per this many ms, per tab. */
export const LOOP_WINDOW_MS = 30_000;

const safe = <T>(fn: () => T, fallback: T): T => {
  try {
    return fn();
  } catch {
    return fallback; // storage disabled (privacy mode, sandboxed iframe)
  }
};

export const hasSessionMarker = () => safe(() => localStorage.getItem(SESSION) === '1', false);
export const setSessionMarker = (on: boolean) =>
  safe(() => (on ? localStorage.setItem(SESSION, '1') : localStorage.removeItem(SESSION)), undefined);

/** Claims the tab's one automatic redirect per 30 s; false when one already happened within the window. */
export function claimAutoSignIn(now = Date.now()): boolean {
  return safe(() => {
    const last = Number(sessionStorage.getItem(AUTO));
    if (last && now - last < LOOP_WINDOW_MS && now >= last) return false;
    sessionStorage.setItem(AUTO, String(now));
    return true;
  }, true);
}

/** Notes that this tab is leaving for the provider's sign-in page (`true`), or is not (`false`). */
export const setSignInPending = (on: boolean): void =>
  safe(
    () => (on ? sessionStorage.setItem(PENDING, String(Date.now())) : sessionStorage.removeItem(PENDING)),
    undefined,
  );
/** Whether this tab left for the provider's sign-in page and has not returned through the callback. */
export const isSignInPending = (): boolean => safe(() => sessionStorage.getItem(PENDING) !== null, false);

/** Gives the claim back: the automatic sign-in was cancelled before the browser left for the provider. */
export const releaseAutoSignIn = (): void => safe(() => sessionStorage.removeItem(AUTO), undefined);

/**
 * Runs `fn` while holding a lock shared by every tab of the origin: Web Locks where present, else a
 * localStorage lease (expires after 10 s so a closed tab cannot hold it forever).
 */
export async function withTabLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks?.request) return locks.request(name, fn) as Promise<T>;
  const me = Math.random().toString(36).slice(2);
  const read = () =>
    safe(() => JSON.parse(localStorage.getItem(LEASE) ?? 'null') as { id: string; until: number } | null, null);
  const giveUpAt = Date.now() + 10_000;
  for (;;) {
    const held = read();
    if (!held || held.until < Date.now()) {
      safe(() => localStorage.setItem(LEASE, JSON.stringify({ id: me, until: Date.now() + 10_000 })), undefined);
      if (read()?.id === me) break;
    }
    if (Date.now() > giveUpAt) break;
    await new Promise((resolve) => setTimeout(resolve, 25 + Math.random() * 50));
  }
  try {
    return await fn();
  } finally {
    if (read()?.id === me) safe(() => localStorage.removeItem(LEASE), undefined);
  }
}
