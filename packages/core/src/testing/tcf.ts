import { GVL, TCModel, TCString } from '@iabtcf/core';

/** TCF v2.2's eleven purposes, for a string that consents to all of them. */
export const TCF_PURPOSES: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

export interface TestTcStringOptions {
  /** The purposes consented to (1–11). Default none. */
  purposes?: readonly number[];
  /** The Global Vendor List ids of the vendors consented to. Default none. */
  vendors?: readonly number[];
  /** The vendors the list names (default: `vendors`): a vendor named here and not in `vendors` is refused. */
  listed?: readonly number[];
  /** The CMP's id in the string. Default 300. */
  cmpId?: number;
}

const declared = (ids: readonly number[]) =>
  Object.fromEntries(ids.map((id) => [id, { id, name: `Purpose ${id}`, description: '', illustrations: [] }]));

/** A vendor of the list: consent for the analytics purposes (1, 8, 9, 10), as an analytics vendor declares. */
const vendor = (id: number) => ({
  id,
  name: `Vendor ${id}`,
  purposes: [1, 8, 9, 10],
  legIntPurposes: [],
  flexiblePurposes: [],
  specialPurposes: [],
  features: [],
  specialFeatures: [],
  policyUrl: `https://vendor-${id}.example/privacy`,
  usesCookies: true,
  cookieMaxAgeSeconds: 31536000,
  cookieRefresh: false,
  usesNonCookieAccess: false,
});

/**
 * A TC string as a CMP writes it for a visitor's choice, encoded by IAB's own `@iabtcf/core` against a vendor list
 * made for the test (no Global Vendor List is downloaded): for testing what `@plinth/core/tcf` makes of your mapping,
 * and for a stand-in CMP (`@iabtcf/cmpapi`'s `update`).
 */
export function testTcString({
  purposes = [],
  vendors = [],
  listed = vendors,
  cmpId = 300,
}: TestTcStringOptions = {}): string {
  const ids = [...new Set([...listed, ...vendors])];
  const gvl = new GVL({
    gvlSpecificationVersion: 3,
    vendorListVersion: 1,
    tcfPolicyVersion: 5,
    lastUpdated: '2026-11-01T00:00:00Z',
    purposes: declared(TCF_PURPOSES),
    specialPurposes: declared([1, 2]),
    features: declared([1, 2, 3]),
    specialFeatures: declared([1, 2]),
    stacks: {},
    vendors: Object.fromEntries(ids.map((id) => [id, vendor(id)])),
  } as unknown as ConstructorParameters<typeof GVL>[0]);
  const model = new TCModel(gvl);
  model.cmpId = cmpId;
  model.cmpVersion = 1;
  model.consentScreen = 1;
  model.purposeConsents.set([...purposes]);
  model.vendorConsents.set([...vendors]);
  return TCString.encode(model);
}
