import type { VendorStatus } from './vendor-loader';

/**
 * What can happen to a vendor loader, as typed events. The loader (`./vendor-loader`) dispatches them and
 * does the side effects (import, flush, `onRevoke`); `transition` alone decides the status. Facts the status
 * cannot hold travel with the event: whether the SDK is loaded (`sdk`), an import is in flight (`importing`),
 * and the loader waits for a first event (`waitForEvent`, `loadOn: 'first-event'` with nothing queued).
 */
export type LoaderEvent =
  | {
      type: 'consent';
      decision: 'granted' | 'denied' | 'pending';
      sdk: boolean;
      importing: boolean;
      waitForEvent: boolean;
    }
  /** `load()` begins (a grant, or the first event). */
  | { type: 'import' }
  /** The import's turn came (after the next paint), but consent was withdrawn or the loader stopped. */
  | { type: 'skipped'; stopped: boolean }
  | { type: 'loaded' }
  | { type: 'importFailed'; blocked: boolean }
  /** `timeoutMs` passed without the SDK. */
  | { type: 'timeout' }
  /** The service refused the configuration (`loader.reject`), or took data again (`loader.accepted`). */
  | { type: 'reject' }
  | { type: 'accepted' }
  /** The provider unmounted (`loader.stop()`). */
  | { type: 'stop' };

/** Importing (also past the timeout). */
export const importingStatus = (status: VendorStatus) => status === 'loading' || status === 'timeout';
/** Loaded and taking calls (`rejected` too: the SDK is there, its service refused the data). */
export const usableStatus = (status: VendorStatus) => status === 'ready' || status === 'rejected';
/** The import failed for good: nothing starts or stops it again. */
const finalStatus = (status: VendorStatus) => status === 'failed' || status === 'blocked';

/**
 * The loader's transition table, as one pure function (each row unit-tested in `loader-machine.test.ts`):
 *
 * | event | from | to |
 * | --- | --- | --- |
 * | consent denied / pending | any but failed, blocked | denied / waiting-consent |
 * | consent granted | ready, rejected | unchanged |
 * | consent granted, SDK loaded | denied, waiting-consent, idle | ready |
 * | consent granted, import in flight | any other | loading |
 * | consent granted, waiting for a first event | any other | idle |
 * | consent granted, otherwise | any other | loading (the loader imports) |
 * | import | any | loading |
 * | skipped, stopped | loading, timeout | idle |
 * | loaded | loading, timeout | ready |
 * | importFailed | loading, timeout | blocked (chunk) / failed |
 * | timeout | loading | timeout |
 * | reject | ready, rejected | rejected |
 * | accepted | rejected | ready |
 * | stop | waiting-consent | idle |
 *
 * Every other pair leaves the status as it is.
 */
export function transition(status: VendorStatus, event: LoaderEvent): VendorStatus {
  switch (event.type) {
    case 'consent':
      if (finalStatus(status)) return status;
      if (event.decision === 'denied') return 'denied';
      if (event.decision === 'pending') return 'waiting-consent';
      if (usableStatus(status)) return status;
      if (event.sdk) return 'ready';
      if (event.importing) return 'loading';
      return event.waitForEvent ? 'idle' : 'loading';
    case 'import':
      return 'loading';
    case 'skipped':
      return event.stopped && importingStatus(status) ? 'idle' : status;
    case 'loaded':
      return importingStatus(status) ? 'ready' : status;
    case 'importFailed':
      if (!importingStatus(status)) return status;
      return event.blocked ? 'blocked' : 'failed';
    case 'timeout':
      return status === 'loading' ? 'timeout' : status;
    case 'reject':
      return usableStatus(status) ? 'rejected' : status;
    case 'accepted':
      return status === 'rejected' ? 'ready' : status;
    case 'stop':
      return status === 'waiting-consent' ? 'idle' : status;
  }
}
