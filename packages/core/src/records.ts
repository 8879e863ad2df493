/**
 * `@plinth/core/records`: proof of consent in the browser. Each decision the store hears becomes a `ConsentRecord`
 * handed to the app (to post to `createConsentRecordHandler` from `@plinth/core/server`, or anywhere); Plinth keeps
 * none itself. An entry of its own: apps that keep no records pay nothing for it.
 */
import type { ConsentSource, ConsentState, ConsentStore } from './consent';
import type { ConsentRecord } from './consent-record';
import { isBrowser } from './is-browser';

export type { ConsentRecord } from './consent-record';

/**
 * Calls `onRecord` with a record of each decision made on this page (the banner's, a CMP's; a decision followed
 * from another tab was recorded there) and, when Global Privacy Control holds a category denied, one with source
 * `gpc` for this page, after the current task. Returns the function that stops recording.
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
  if (store.privacySignal.categories.some((category) => store.get(category) === 'denied')) {
    const held = store.getState();
    queueMicrotask(() => stopped || prove('gpc', held));
  }
  const off = store.subscribe((state, _changes, source) => {
    if (source) prove(source, state);
  });
  return () => {
    stopped = true;
    off();
  };
}
