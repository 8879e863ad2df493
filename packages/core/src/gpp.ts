/**
 * `@plinth/core/gpp`: consent from an IAB GPP CMP (`__gpp`, API v1.1), for the US state privacy sections. GPP's
 * US sections are opt-outs: they decide the categories the app marks as sale, sharing or targeted advertising and
 * nothing else. Apps without a GPP CMP never import this entry and pay nothing for it.
 */
import type { ConsentCategory, ConsentStatus, ConsentStore } from './consent';
import { configError } from './error';
import { isBrowser } from './is-browser';
import { reportMisconfiguration } from './misconfiguration';

/** The opt-out fields read in every US section present (usnat, usca, usva, usco…): 1 opted out, 2 did not, 0 n/a. */
export const DEFAULT_GPP_FIELDS = ['SaleOptOut', 'SharingOptOut', 'TargetedAdvertisingOptOut'] as const;

export interface GppOptions {
  /** The categories the US opt-outs decide: those you mark `saleOrSharing`. */
  categories: readonly ConsentCategory[];
  /** Default `DEFAULT_GPP_FIELDS`. */
  fields?: readonly string[];
  /** The page's `__gpp`; default `window.__gpp`. */
  gppapi?: GppApi;
}

/** The part of a GPP v1.1 `PingReturn` this source reads. */
export interface GppPing {
  signalStatus?: string;
  parsedSections?: Record<string, unknown>;
}
export type GppApi = (
  command: string,
  callback: (data: { eventName?: string; listenerId?: number; pingData?: GppPing } | boolean, success: boolean) => void,
  parameter?: unknown,
) => unknown;

/** Every field object of a parsed section (a section can be parsed as one object or as a list of sub-sections). */
const fieldObjects = (section: unknown): Record<string, unknown>[] =>
  Array.isArray(section)
    ? section.filter((part): part is Record<string, unknown> => typeof part === 'object' && part !== null)
    : typeof section === 'object' && section !== null
      ? [section as Record<string, unknown>]
      : [];

/**
 * The decision the US sections give: `denied` when any opt-out field says opted out (1), `granted` when one says
 * did not opt out (2) and none opted out, `undefined` when no US section has any (n/a, or no US section).
 */
export function decideFromGppSections(
  parsedSections: Record<string, unknown>,
  fields: readonly string[] = DEFAULT_GPP_FIELDS,
): ConsentStatus | undefined {
  let decision: ConsentStatus | undefined;
  for (const [name, section] of Object.entries(parsedSections)) {
    if (!/^us/.test(name)) continue;
    for (const object of fieldObjects(section)) {
      for (const field of fields) {
        if (object[field] === 1) return 'denied';
        if (object[field] === 2) decision = 'granted';
      }
    }
  }
  return decision;
}

/**
 * Follows the page's GPP CMP into `store` each time its signal is `ready` (at load, and after every change made
 * in it, without a reload). "Did not opt out" is carried as a non-explicit decision: it never lifts a category
 * that Global Privacy Control holds denied. Returns the function that stops listening.
 */
export function connectGpp(store: ConsentStore, options: GppOptions): () => void {
  for (const category of options.categories) {
    if (!store.categories.includes(category)) {
      throw configError(`connectGpp names "${category}", which the consent store does not ask for`, 'unknown_category');
    }
  }
  const api = options.gppapi ?? (isBrowser ? (window as { __gpp?: GppApi }).__gpp : undefined);
  if (!api) {
    if (!isBrowser) return () => {}; // a server render: the CMP is the browser's
    reportMisconfiguration('gpp:missing', 'no __gpp on the page: load the CMP (or its stub) before connectGpp');
    return () => {};
  }
  let listenerId: number | undefined;
  let stopped = false;
  api('addEventListener', (data, success) => {
    if (typeof data !== 'object' || !data) return;
    listenerId ??= data.listenerId;
    const ping = data.pingData;
    if (stopped || !success || ping?.signalStatus !== 'ready') return;
    const decision = decideFromGppSections(ping.parsedSections ?? {}, options.fields);
    if (!decision) return;
    store.set(Object.fromEntries(options.categories.map((category) => [category, decision])), {
      source: 'gpp',
      explicit: false,
    });
  });
  return () => {
    stopped = true;
    if (listenerId !== undefined) api('removeEventListener', () => {}, listenerId);
  };
}
