import { type ConsentStore, createVendorLoader, type VendorCall, type VendorLoader } from '@plinth/core';
import type { PosthogAdapter } from './adapter/types';
import type { Capabilities } from './config';

/**
 * A refusing visitor's cookieless instance sends Plinth's page views, interactions and the app's events;
 * nothing posthog-js would collect on its own (extensions, observers, page leave) and no exceptions.
 */
export const COOKIELESS_OFF: Partial<Capabilities> = {
  pageLeave: false,
  exceptions: false,
  autocapture: false,
  rageClicks: false,
  deadClicks: false,
  webVitals: false,
  network: false,
};

export interface CookielessOptions {
  /** The store whose `analytics` category the visitor refused. */
  consent: ConsentStore;
  /**
   * Loads posthog-js in its cookieless mode (`cookieless_mode: 'always'`, memory persistence); `self` is this
   * instance's loader, for PostHog's refusal of the token (`reject`).
   */
  load: (self: Pick<VendorLoader<PosthogAdapter>, 'reject'>) => Promise<PosthogAdapter>;
  queueLimit: number;
  timeoutMs: number;
}

/** `cookieless: 'on-reject'`'s second instance, see `createCookieless`. */
export interface Cookieless {
  /** The visitor refused `analytics` consent now: events go here, not to the consented instance. */
  refused(): boolean;
  /** Send through the cookieless instance (queued until it is loaded). */
  call(fn: VendorCall<PosthogAdapter>): void;
  /** Follow the consent store: load at the first refusal. Returns the stop function. */
  start(): () => void;
}

/**
 * `cookieless: 'on-reject'`: a second, separate posthog-js instance in its cookieless mode, loaded only
 * once a visitor refuses consent and used only while they do. Pending consent is never a refusal. It never
 * stores anything and takes no identity call; the consented instance is untouched by it.
 */
export function createCookieless({ consent, load, queueLimit, timeoutMs }: CookielessOptions): Cookieless {
  const loader: VendorLoader<PosthogAdapter> = createVendorLoader<PosthogAdapter>({
    name: 'posthog (cookieless)',
    consent: false, // loaded only on an explicit refusal, see `start()`
    load: () => load(loader),
    queueLimit,
    timeoutMs,
  });
  const refused = () => consent.get('analytics') === 'denied';
  return {
    refused,
    call: (fn) => loader.call(fn),
    start() {
      const follow = () => {
        if (refused()) void loader.start();
      };
      follow();
      return consent.subscribe(follow);
    },
  };
}
