import { CmpApi } from '@iabtcf/cmpapi';
import { GVL, TCModel, TCString } from '@iabtcf/core';
import { cmpDialog } from './dialog';
import { CMP_NAMES } from './start';

/**
 * A TCF v2.2 CMP for trying `@plinth/core/tcf` offline (`/?cmp=tcf`): IAB's own CMP API (`@iabtcf/cmpapi`) on the
 * page as `__tcfapi`, TC strings encoded with IAB's `@iabtcf/core` against a two-vendor list of its own, kept in
 * localStorage as a CMP keeps its cookie, and a small dialog of its own (Accept all, Reject all; "Cookie settings"
 * reopens it). A product runs OneTrust, Cookiebot or Didomi here instead.
 */
const STORED = 'plinth.demo.tcf';
const NAME = CMP_NAMES.tcf;
const PURPOSES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

const declared = (ids: number[]) =>
  Object.fromEntries(ids.map((id) => [id, { id, name: `Purpose ${id}`, description: '', illustrations: [] }]));
const vendor = (id: number, name: string) => ({
  id,
  name,
  purposes: [1, 8, 9, 10],
  legIntPurposes: [],
  flexiblePurposes: [],
  specialPurposes: [],
  features: [],
  specialFeatures: [],
  policyUrl: 'https://example.com/privacy',
  usesCookies: true,
  cookieMaxAgeSeconds: 31536000,
  cookieRefresh: false,
  usesNonCookieAccess: false,
});
const gvl = new GVL({
  gvlSpecificationVersion: 3,
  vendorListVersion: 1,
  tcfPolicyVersion: 5,
  lastUpdated: '2026-11-01T00:00:00Z',
  purposes: declared(PURPOSES),
  specialPurposes: declared([1, 2]),
  features: declared([1, 2, 3]),
  specialFeatures: declared([1, 2]),
  stacks: {},
  vendors: { 1: vendor(1, 'Demo analytics'), 2: vendor(2, 'Demo monitoring') },
} as unknown as ConstructorParameters<typeof GVL>[0]);

const encode = (accept: boolean) => {
  const model = new TCModel(gvl);
  model.cmpId = 300;
  model.cmpVersion = 1;
  model.consentScreen = 1;
  if (accept) {
    model.purposeConsents.set(PURPOSES);
    model.vendorConsents.set([1, 2]);
  }
  return TCString.encode(model);
};

/** Puts the CMP on the page: `tcloaded` with the stored choice, or the dialog for a first visit. */
export function startDemoCmp(): () => void {
  const cmp = new CmpApi(300, 1, false);
  const decide = (accept: boolean) => {
    const tcString = encode(accept);
    localStorage.setItem(STORED, tcString);
    cmp.update(tcString, false); // useractioncomplete
  };
  const { show, close } = cmpDialog({
    name: NAME,
    title: 'Demo CMP (IAB TCF v2.2)',
    text: 'This dialog is a consent management platform of its own, as OneTrust or Cookiebot would be.',
    reopen: 'Cookie settings (CMP)',
    choices: [
      ['Accept all (CMP)', () => decide(true)],
      ['Reject all (CMP)', () => decide(false)],
    ],
    onShow: () => cmp.update(localStorage.getItem(STORED) ?? '', true), // cmpuishown
  });
  const stored = localStorage.getItem(STORED);
  if (stored) {
    cmp.update(stored, false); // tcloaded
    close();
  } else show();
  return show;
}
