import type { Properties, SendOptions } from './adapter/types';
import { onCallback } from './callbacks';
import { onNavigate, pageKey } from './navigation';

type Send = (event: string, properties: Properties, extra: Partial<SendOptions>) => void;

export interface PageViewTrackerOptions {
  /** Campaign parameters on page views (last touch) and the person (first touch). */
  campaigns: boolean;
  /** The sign-in's routes (`callbackPaths`): not pages, never a page view. */
  callbackPaths: readonly string[];
  send: Send;
  /** `./pageViews`, a chunk of its own, could not be loaded (offline, blocked). */
  chunkFailed: (error: unknown) => void;
}

/**
 * One page view per new URL (none on a sign-in callback route, `callbackPaths`) (`pageKey`: path and query, the hash only for hash routers): its URL, time and
 * title are taken at the navigation; `./pageViews` (its own chunk, imported at the first page view) sends it
 * with the new page's title once the router has set it. A pending page view survives `follow()`'s stop
 * (StrictMode's stop → start must not send it early), and the same URL is not counted twice across it.
 */
export function createPageViewTracker({ campaigns, callbackPaths, send, chunkFailed }: PageViewTrackerOptions) {
  let lastPage: string | undefined;
  let pages: Promise<{ view(href: string, at: Date, title: string): void }> | undefined;
  const view = () => {
    const key = pageKey(location);
    if (key === lastPage) return;
    lastPage = key;
    // The sign-in callback (`?code=…` or `?error=…`) is not a page: auth replaces it with the page the visitor lands on.
    if (onCallback(location.href, callbackPaths)) return;
    const [href, at, title] = [location.href, new Date(), document.title];
    pages ??= import('./pageViews').then(({ createPageViews }) => createPageViews(campaigns, send));
    pages.then((p) => p.view(href, at, title)).catch(chunkFailed);
  };
  return {
    /** Counts the current page (unless already counted) and each later navigation; returns the stop function. */
    follow(): () => void {
      view();
      return onNavigate(view);
    },
  };
}
