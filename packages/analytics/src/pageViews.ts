import type { Properties, SendOptions } from './adapter/types';

const CAMPAIGN = /^(utm_[a-z]+|[gd]clid|gbraid|wbraid|fbclid|msclkid|twclid|li_fat_id|ttclid|igshid|mc_cid)$/;

/** Campaign parameters of a URL (`utm_*`, `gclid`, `fbclid`, …). */
export function campaignParams(href: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new URL(href).searchParams) if (CAMPAIGN.test(key) && value) out[key] = value;
  return out;
}

type Send = (event: string, properties: Properties, extra: Partial<SendOptions>) => void;

/**
 * Page views, in their own chunk (fetched after mount, off the first render). `view(href, at, title)`
 * is called for each new URL with the URL, time and title taken at the navigation; the page view is
 * sent with the new page's title: as soon as `document.title` changes (a router sets it after the
 * history call, a lazy route later still), else after 1 s (a page whose title is the same), at once when
 * the page is hidden or the next navigation comes (each keeps its own URL).
 */
export function createPageViews(campaigns: boolean, send: Send) {
  let flush = () => {};
  return {
    view(href: string, at: Date, before: string) {
      flush();
      const url = new URL(href);
      const campaign = campaigns ? campaignParams(href) : {};
      const touched = Object.keys(campaign).length > 0;
      const firstTouch = Object.fromEntries(Object.entries(campaign).map(([k, v]) => [`$initial_${k}`, v]));
      const properties = { $current_url: href, $pathname: url.pathname, $host: url.host, ...campaign };
      const done = new AbortController();
      flush = () => {
        if (done.signal.aborted) return;
        done.abort();
        observer.disconnect();
        clearTimeout(timer);
        const title = document.title;
        send('$pageview', { ...properties, title }, { at, ...(touched && { set: campaign, setOnce: firstTouch }) });
      };
      const observer = new MutationObserver(() => document.title !== before && flush());
      observer.observe(document.head, { subtree: true, childList: true, characterData: true });
      const timer = setTimeout(flush, 1000);
      document.addEventListener('visibilitychange', () => document.hidden && flush(), { signal: done.signal });
      if (document.title !== before) flush(); // set before this chunk arrived
    },
  };
}
