import { CmpApi, CmpDisplayStatus, CmpStatus, SignalStatus } from '@iabgpp/cmpapi';
import { cmpDialog } from './dialog';
import { CMP_NAMES } from './start';

/**
 * A GPP v1.1 CMP for trying `@plinth/core/gpp` offline (`/?cmp=gpp`): IAB's own CMP API (`@iabgpp/cmpapi`) on the
 * page as `__gpp`, with the US national section (usnat, section 7) only, its GPP string kept in localStorage as a CMP
 * keeps its cookie, and a small dialog of its own (opt out of sale and sharing, or not); "Your privacy choices (CMP)"
 * reopens it. The signal is `ready` only once the visitor has answered (or from the stored string at load), so
 * nothing waits on a default. A product runs OneTrust, Didomi or Osano here instead.
 */
const STORED = 'plinth.demo.gpp';
const NAME = CMP_NAMES.gpp;
/** The opt-outs the dialog sets (1 opted out, 2 did not) and the notices it gave (1 given). */
const OPT_OUTS = ['SaleOptOut', 'SharingOptOut', 'TargetedAdvertisingOptOut'];

/** Puts the CMP on the page: ready with the stored GPP string, or the dialog for a first visit. */
export function startDemoGppCmp(): () => void {
  const cmp = new CmpApi(300, 1);
  cmp.setApplicableSections([7]);
  const decide = (optOut: boolean) => {
    cmp.setSignalStatus(SignalStatus.NOT_READY);
    for (const field of OPT_OUTS) {
      cmp.setFieldValue('usnat', `${field}Notice`, 1);
      cmp.setFieldValue('usnat', field, optOut ? 1 : 2);
    }
    localStorage.setItem(STORED, cmp.getGppString());
    cmp.setCmpDisplayStatus(CmpDisplayStatus.HIDDEN);
    cmp.fireSectionChange('usnat');
    cmp.setSignalStatus(SignalStatus.READY); // listeners hear the new choice now
  };
  const { show, close } = cmpDialog({
    name: NAME,
    title: NAME,
    text: 'We may sell or share your personal information for advertising. This dialog is a consent management platform of its own, as OneTrust or Osano would be.',
    reopen: 'Your privacy choices (CMP)',
    choices: [
      ['Opt out of sale and sharing (CMP)', () => decide(true)],
      ['Do not opt out (CMP)', () => decide(false)],
    ],
    onShow: () => cmp.setCmpDisplayStatus(CmpDisplayStatus.VISIBLE),
  });
  cmp.setCmpStatus(CmpStatus.LOADED);
  const stored = localStorage.getItem(STORED);
  if (stored) {
    cmp.setGppString(stored);
    cmp.setSignalStatus(SignalStatus.READY);
    close();
  } else show();
  return show;
}
