/**
 * `@plinth/core/records`: proof of consent in the browser. Each decision the store hears becomes a `ConsentRecord`
 * handed to the app (to post to `createConsentRecordHandler` from `@plinth/core/server`, or anywhere); Plinth keeps
 * none itself. An entry of its own: apps that keep no records pay nothing for it.
 */
import type { ConsentSource, ConsentState, ConsentStore } from './consent';
import type { ConsentRecord } from './consent-record';
import { isBrowser } from './is-browser';

export type { ConsentRecord } from './consent-record';

/** Where the last Global Privacy Control record's revision and categories are kept, so the next page does not repeat it. */
const GPC_KEY = 'plinth.consent.gpc';

/** `localStorage`, or nothing when storage is disabled (then each page records the signal, as before). */
const storage = (): Storage | undefined => {
  try {
    return isBrowser ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Calls `onRecord` with a record of each decision made on this page (the banner's, a CMP's; a decision followed
 * from another tab was recorded there) and, when Global Privacy Control holds a category denied, one with source
 * `gpc`, after the current task: once, when the signal first applies, and again only when it applies anew (the
 * browser stopped sending it and sends it again, other categories, another policy revision). What was recorded is
 * kept in `localStorage` under `plinth.consent.gpc` (the revision and the categories, no identifier). Returns the
 * function that stops recording.
 */
export function recordConsent(store: ConsentStore, onRecord: (record: ConsentRecord) => void): () => void {
  const prove = (source: ConsentSource, categories: ConsentState) =>
    onRecord({
      // 128 random bits; crypto.randomUUID() needs a secure context, getRandomValues does not.
      id: Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(''),
      revision: store.revision.current,
      source,
      categories: { ...categories },
      time: new Date().toISOString(),
      page: isBrowser ? location.origin + location.pathname : '',
    });
  let stopped = false;
  const denied = store.privacySignal.categories.filter((category) => store.get(category) === 'denied');
  const signal = JSON.stringify([store.revision.current, denied]);
  const kept = storage();
  try {
    if (denied.length === 0) kept?.removeItem(GPC_KEY); // the signal holds nothing: its next denial is new
    if (denied.length > 0 && kept?.getItem(GPC_KEY) !== signal) {
      const held = store.getState();
      queueMicrotask(() => {
        if (stopped) return;
        prove('gpc', held);
        kept?.setItem(GPC_KEY, signal);
      });
    }
  } catch {
    // storage refused (quota): nothing to compare with
  }
  const off = store.subscribe((state, _changes, source) => {
    if (source) prove(source, state);
  });
  return () => {
    stopped = true;
    off();
  };
}
