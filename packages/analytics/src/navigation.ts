const NAVIGATE = 'plinth:navigate';
const PATCHED = Symbol.for('@plinth/analytics/history');

/**
 * Calls `onNavigate` after every `history.pushState`/`replaceState`, Back/Forward (`popstate`) and
 * hash change, whatever the router. `history` is wrapped once per page (kept, like posthog-js does,
 * so other wrappers stay intact); listeners come and go. Returns the unsubscribe function.
 */
export function onNavigate(listener: () => void): () => void {
  const h = history as History & { [PATCHED]?: true };
  if (!h[PATCHED]) {
    h[PATCHED] = true;
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = h[method];
      h[method] = function (this: History, ...args: Parameters<History['pushState']>) {
        original.apply(this, args);
        window.dispatchEvent(new Event(NAVIGATE));
      };
    }
  }
  const types = [NAVIGATE, 'popstate', 'hashchange'];
  for (const type of types) window.addEventListener(type, listener);
  return () => {
    for (const type of types) window.removeEventListener(type, listener);
  };
}

/** What makes a new page: path and query, and the hash only for hash routers (`#/…`). */
export function pageKey(location: Location): string {
  const hash = location.hash.startsWith('#/') || location.hash.startsWith('#!/') ? location.hash : '';
  return location.pathname + location.search + hash;
}
