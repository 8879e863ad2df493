import { CmpApi } from '@iabtcf/cmpapi';
import { TCF_PURPOSES, testTcString } from '@plinth/core/testing/tcf';
import { cmpDialog } from './dialog';
import { CMP_NAMES } from './start';

/**
 * A TCF v2.2 CMP for trying `@plinth/core/tcf` offline (`/?cmp=tcf`): IAB's own CMP API (`@iabtcf/cmpapi`) on the
 * page as `__tcfapi`, TC strings encoded with IAB's `@iabtcf/core` against a two-vendor list of its own (`@plinth/core/testing/tcf`), kept in
 * localStorage as a CMP keeps its cookie, and a small dialog of its own (Accept all, Reject all; "Cookie settings"
 * reopens it). A product runs OneTrust, Cookiebot or Didomi here instead.
 */
const STORED = 'plinth.demo.tcf';
const NAME = CMP_NAMES.tcf;
/** The CMP's two vendors (Global Vendor List ids of a list of its own). */
const VENDORS = [1, 2];
const encode = (accept: boolean) =>
  accept ? testTcString({ purposes: TCF_PURPOSES, vendors: VENDORS }) : testTcString({ listed: VENDORS });

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
