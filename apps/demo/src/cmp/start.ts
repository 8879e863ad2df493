import type { ConsentStore } from '@plinth/core';
import { cmpInCharge } from './switch';

// A lazy chunk: fetched when a CMP is in charge (src/consent.ts) or with the Privacy page.

/** The demo's CMPs, by the names their dialogs give. */
export const CMP_NAMES = { tcf: 'Demo CMP (IAB TCF)', gpp: 'Demo CMP (IAB GPP, US)' } as const;

/** A consent platform that keeps the visitor's choices, as a page offers it. */
export interface DemoCmp {
  /** Its name, as its dialog says it. */
  name: string;
  /** Opens its own dialog, where the visitor changes what it keeps. */
  show(): void;
}

/** The CMP's own dialog, once it is on the page. */
let started: Promise<() => void> | undefined;

/**
 * Puts the CMP in charge on the page and connects the store to it: `connectTcf` / `connectGpp` from
 * `@plinth/core`. Each CMP is a lazy chunk of its own (with IAB's library); nothing loads before it has answered.
 */
export function startCmp(store: ConsentStore, saleOrSharing: readonly string[]): void {
  if (cmpInCharge === 'tcf') {
    started = Promise.all([import('./tcf'), import('@plinth/core/tcf')]).then(([{ startDemoCmp }, { connectTcf }]) => {
      const show = startDemoCmp();
      connectTcf(store);
      return show;
    });
  } else if (cmpInCharge === 'gpp') {
    started = Promise.all([import('./gpp'), import('@plinth/core/gpp')]).then(
      ([{ startDemoGppCmp }, { connectGpp }]) => {
        const show = startDemoGppCmp();
        // GPP's US sections are opt-outs of sale, sharing and targeted advertising: they decide what the app marks so.
        connectGpp(store, { categories: saleOrSharing });
        return show;
      },
    );
  }
}

/** The CMP in charge of this tab, as the Privacy page offers it: its dialog opened to change what it keeps. */
export const tabCmp: DemoCmp | undefined = cmpInCharge && {
  name: CMP_NAMES[cmpInCharge],
  show: () => void started?.then((show) => show()),
};
