/**
 * `@plinth/core/consent-mode`: the store's decisions written to Google Consent Mode v2 (`gtag('consent', …)`), for
 * products that also run Google tags. Apps without them never import this entry and pay nothing for it.
 */
import type { ConsentCategory, ConsentStore } from './consent';
import { configError } from './error';
import { isBrowser } from './is-browser';

/** Consent Mode's consent types (v2: `ad_user_data` and `ad_personalization` since November 2023). */
export type ConsentModeType =
  | 'ad_storage'
  | 'ad_user_data'
  | 'ad_personalization'
  | 'analytics_storage'
  | 'functionality_storage'
  | 'personalization_storage'
  | 'security_storage';

/** Each consent type → the Plinth category that decides it, or `true` for storage needed for the service itself. */
export type ConsentModeMapping = Partial<Record<ConsentModeType, ConsentCategory | true>>;

/**
 * The default mapping. The three advertising types follow an `advertising` category: a store that does not ask for
 * one leaves them `denied`, always. `security_storage` (authentication, fraud prevention) needs no consent.
 */
export const DEFAULT_CONSENT_MODE_MAPPING: ConsentModeMapping = {
  ad_storage: 'advertising',
  ad_user_data: 'advertising',
  ad_personalization: 'advertising',
  analytics_storage: 'analytics',
  functionality_storage: 'functional',
  personalization_storage: 'functional',
  security_storage: true,
};

export type Gtag = (...args: unknown[]) => void;

export interface ConsentModeOptions {
  /** Default `DEFAULT_CONSENT_MODE_MAPPING`. A category named here must be one the store asks for. */
  mapping?: ConsentModeMapping;
  /** How long Google's tags wait for the first `update` after `default`, in ms. Default 500. */
  waitForUpdate?: number;
  /** ISO 3166-2 regions the `default` applies to (Consent Mode's `region`). Default: everywhere. */
  region?: readonly string[];
  /** The page's `gtag`; default `window.gtag`, defined (pushing to `window.dataLayer`) when the page has none. */
  gtag?: Gtag;
}

type ConsentModeState = Partial<Record<ConsentModeType, 'granted' | 'denied'>>;

/**
 * Writes `gtag('consent', 'default', …)` now (every type `denied` but those mapped to `true`, with
 * `wait_for_update`), then an `update` with the store's decisions when it has any, and another at each change.
 * Call it before any Google tag loads (in the module that creates the store). Returns the function that stops
 * following the store.
 */
export function connectConsentMode(store: ConsentStore, options: ConsentModeOptions = {}): () => void {
  const mapping = options.mapping ?? DEFAULT_CONSENT_MODE_MAPPING;
  if (options.mapping) {
    for (const category of Object.values(options.mapping)) {
      if (category !== true && category !== undefined && !store.categories.includes(category)) {
        throw configError(
          `the Consent Mode mapping names "${category}", which the consent store does not ask for`,
          'unknown_category',
        );
      }
    }
  }
  let gtag = options.gtag;
  if (!gtag) {
    if (!isBrowser) return () => {};
    const page = window as unknown as { dataLayer?: unknown[]; gtag?: Gtag };
    if (!page.gtag) {
      page.dataLayer ??= [];
      const dataLayer = page.dataLayer;
      // Google's own snippet: gtag.js reads commands as `arguments` objects, not arrays.
      page.gtag = function gtag() {
        // biome-ignore lint/complexity/noArguments: gtag.js expects the Arguments object itself
        dataLayer.push(arguments);
      };
    }
    gtag = page.gtag;
  }
  const send = gtag;
  const state = (granted: (category: ConsentCategory) => boolean): ConsentModeState => {
    const out: ConsentModeState = {};
    for (const [type, category] of Object.entries(mapping) as [ConsentModeType, ConsentCategory | true][]) {
      out[type] =
        category === true || (store.categories.includes(category) && granted(category)) ? 'granted' : 'denied';
    }
    return out;
  };
  send('consent', 'default', {
    ...state(() => false),
    wait_for_update: options.waitForUpdate ?? 500,
    ...(options.region ? { region: [...options.region] } : {}),
  });
  const update = () =>
    send(
      'consent',
      'update',
      state((category) => store.get(category) === 'granted'),
    );
  if (Object.values(store.getState()).some((status) => status !== 'pending')) update();
  return store.subscribe(update);
}
