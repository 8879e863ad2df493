/**
 * `@plinth/core/tcf`: consent from the IAB TCF v2.2 CMP a product already runs (OneTrust, Cookiebot, Didomi…),
 * heard through `__tcfapi('addEventListener')` and decoded with IAB's own `@iabtcf/core` (a peer dependency the
 * app installs). Apps without a CMP never import this entry and pay nothing for it.
 */
import { TCString } from '@iabtcf/core';
import type { ConsentCategory, ConsentStatus, ConsentStore } from './consent';
import { configError } from './error';
import { isBrowser } from './is-browser';
import { reportMisconfiguration } from './misconfiguration';

/** What a category needs from the TC string: every purpose listed and, where the app says so, every vendor listed. */
export interface TcfRequirement {
  /** TCF purposes (1–11), all required. */
  purposes: readonly number[];
  /** Global Vendor List ids whose own consent is required too (your vendors' ids in the GVL). Default none. */
  vendors?: readonly number[];
}

export type TcfMapping = Partial<Record<ConsentCategory, TcfRequirement>>;

/**
 * The default mapping from TCF purposes to Plinth's categories (why: README, "Consent from a TCF CMP").
 * - `analytics` (product analytics): 1 store and access information on a device, 8 measure content performance,
 *   9 understand audiences through statistics, 10 develop and improve services.
 * - `monitoring` (logs, error monitoring): 1 (the SDK's session cookie), 10 (errors are reported to improve the
 *   service; fixing errors is also special purpose 1, which a visitor cannot refuse and so proves no consent).
 * - `functional` (flags, remembered preferences): 1 only; TCF has no purpose for functional storage, and an
 *   experiment's exposures travel as analytics events, which `analytics` gates.
 */
export const DEFAULT_TCF_MAPPING: TcfMapping = {
  analytics: { purposes: [1, 8, 9, 10] },
  monitoring: { purposes: [1, 10] },
  functional: { purposes: [1] },
};

/** Purposes that TCF v2.2 lets a vendor base on legitimate interest (1 and 3–6 need consent). */
const LI_PURPOSES = [2, 7, 8, 9, 10];

export interface TcfOptions {
  /** Categories → what each needs. Default `DEFAULT_TCF_MAPPING` for the categories the store asks for. */
  mapping?: TcfMapping;
  /**
   * Accept a legitimate interest the visitor did not object to, for the purposes TCF allows it (2, 7, 8, 9, 10),
   * in place of consent. Default `false`: only consent counts.
   */
  legitimateInterest?: boolean;
  /** The page's `__tcfapi`; default `window.__tcfapi` (read when the CMP is first needed). */
  tcfapi?: TcfApi;
}

/** The part of a CMP's `TCData` this source reads (TCF v2.2 CMP API). */
export interface TcfData {
  tcString?: string;
  gdprApplies?: boolean;
  eventStatus?: string;
  listenerId?: number;
}
export type TcfApi = (
  command: string,
  version: number,
  callback: (data: TcfData, success: boolean) => void,
  parameter?: unknown,
) => void;

/** The decisions a TC string gives the mapped categories (a string that cannot be decoded denies them all). */
export function decideFromTcString(
  tcString: string,
  mapping: TcfMapping = DEFAULT_TCF_MAPPING,
  legitimateInterest = false,
): Record<string, ConsentStatus> {
  let allowed: (requirement: TcfRequirement) => boolean;
  try {
    const model = TCString.decode(tcString);
    const purpose = (id: number) =>
      model.purposeConsents.has(id) ||
      (legitimateInterest && LI_PURPOSES.includes(id) && model.purposeLegitimateInterests.has(id));
    const vendor = (id: number) =>
      model.vendorConsents.has(id) || (legitimateInterest && model.vendorLegitimateInterests.has(id));
    allowed = (r) => r.purposes.every(purpose) && (r.vendors ?? []).every(vendor);
  } catch {
    allowed = () => false; // a string the CMP should never have sent: fail closed
  }
  const decisions: Record<string, ConsentStatus> = {};
  for (const [category, requirement] of Object.entries(mapping)) {
    if (requirement) decisions[category] = allowed(requirement) ? 'granted' : 'denied';
  }
  return decisions;
}

/**
 * Follows the page's TCF CMP into `store`: at `tcloaded` (the visitor's stored choice) and at each
 * `useractioncomplete` (a choice made now), without a reload. Until the CMP has answered, the mapped categories
 * stay as the store has them (`pending` with `storage: null`), so no vendor loads. Where the CMP says GDPR does not
 * apply, it decides nothing. Returns the function that stops listening.
 */
export function connectTcf(store: ConsentStore, options: TcfOptions = {}): () => void {
  const mapping =
    options.mapping ??
    Object.fromEntries(Object.entries(DEFAULT_TCF_MAPPING).filter(([category]) => store.categories.includes(category)));
  for (const category of Object.keys(mapping)) {
    if (!store.categories.includes(category)) {
      throw configError(
        `the TCF mapping names "${category}", which the consent store does not ask for`,
        'unknown_category',
      );
    }
    if (store.get(category) === 'granted') {
      // A grant the store read from its own storage would let a vendor load before the CMP answered.
      reportMisconfiguration(
        'tcf:stored',
        `consent for "${category}" was granted before the TCF CMP answered: give the store \`storage: null\` and let the CMP keep the choice`,
      );
    }
  }
  const api = options.tcfapi ?? (isBrowser ? (window as { __tcfapi?: TcfApi }).__tcfapi : undefined);
  if (!api) {
    if (!isBrowser) return () => {}; // a server render: the CMP is the browser's
    reportMisconfiguration('tcf:missing', 'no __tcfapi on the page: load the CMP (or its stub) before connectTcf');
    return () => {};
  }
  let listenerId: number | undefined;
  let stopped = false;
  api('addEventListener', 2, (data, success) => {
    listenerId ??= data?.listenerId;
    if (stopped || !success || !data || data.gdprApplies === false) return;
    if (data.eventStatus !== 'tcloaded' && data.eventStatus !== 'useractioncomplete') return;
    store.set(decideFromTcString(data.tcString ?? '', mapping, options.legitimateInterest), {
      source: 'tcf',
      // The choice stored in the CMP is carried over; only one the visitor just made can lift a GPC denial.
      explicit: data.eventStatus === 'useractioncomplete',
    });
  });
  return () => {
    stopped = true;
    if (listenerId !== undefined) api('removeEventListener', 2, () => {}, listenerId);
  };
}
