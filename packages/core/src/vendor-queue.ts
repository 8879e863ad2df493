/** A queued call: gets the client and the time the call was made (use it as the event's timestamp). */
export type VendorCall<Sdk, R = void> = (client: Sdk, at: Date) => R;

/**
 * Why calls were dropped: the queue overflowed, consent was denied, the SDK failed or was blocked, or the
 * event was made by an earlier visitor (a person who has left: `Visitor.person`) and had not gone yet.
 */
export type DropReason = 'overflow' | 'denied' | 'failed' | 'visitor';
export type DropCounts = Readonly<Record<DropReason, number>>;

type Runner<Sdk> = (entry: Queued<Sdk>, client: Sdk) => void;

export interface Queued<Sdk> {
  fn: VendorCall<Sdk>;
  at: Date;
  /** For an event: the visitor's `person` when it was made (it is theirs, never the next visitor's). */
  person?: number;
  /** Told when the call is dropped (or its state replaced) instead of run. */
  onDrop?: () => void;
}

/**
 * What a vendor loader holds for its SDK, apart from when the SDK is there (the loader's state machine):
 *
 * - **events**, in call order, bounded (the oldest goes first, counted): dropped at a denial or a failure;
 * - **state**, one entry per kind (`'identify'`, `'user'`, `'context'`, `'groups'`…), the last write wins:
 *   the app's intent, kept for the loader's life — across denials, revocations, failures and overflows —
 *   and applied again, in the order of the latest writes, each time the SDK (re)starts (its load, every
 *   grant), before any event. `clearState(reset)` forgets it (a sign-out): `reset` runs once, first.
 */
export interface CallQueue<Sdk> {
  /** An event; returns how many older events the bound pushed out (0 or 1). */
  event(entry: Queued<Sdk>): number;
  /** Record `entry` as the state of `kind`; it is pending until `apply` or `applyAll` runs it. */
  state(kind: string, entry: Queued<Sdk>): void;
  /** Forget every state; `reset`, if given, is pending once, before any state written after. */
  clearState(reset?: Queued<Sdk>): void;
  /** Events and state not yet applied to the running SDK. */
  pending(): number;
  /** Events waiting (state aside). */
  events(): number;
  /**
   * Drop every event (a denial, a failure), telling each; state stays, and a `request()` waiting on a state
   * not yet applied is told it will not run now. Returns how many events went.
   */
  dropEvents(): number;
  /** The SDK (re)starts without what it was told: every state is pending again. */
  unapply(): void;
  /** Run the reset and the pending state on `client` (not the events), while `usable()` holds. */
  flushState(client: Sdk, usable: () => boolean, run: Runner<Sdk>): void;
  /**
   * Run what is pending on `client`: the reset, the pending state in the order of its writes, then the
   * events in order — while `usable()` holds (a call may revoke consent or fail the SDK midway).
   */
  flush(client: Sdk, usable: () => boolean, run: Runner<Sdk>): void;
}

export function createCallQueue<Sdk>(limit: number): CallQueue<Sdk> {
  /** Latest write last; `applied` once run on the SDK as it runs now. */
  const states = new Map<string, Queued<Sdk> & { applied: boolean }>();
  let reset: Queued<Sdk> | undefined;
  const events: Queued<Sdk>[] = [];

  const nextPending = (withEvents = true): Queued<Sdk> | undefined => {
    if (reset) {
      const entry = reset;
      reset = undefined;
      return entry;
    }
    for (const entry of states.values()) {
      if (entry.applied) continue;
      entry.applied = true;
      return entry;
    }
    return withEvents ? events.shift() : undefined;
  };
  const drain = (withEvents: boolean) => (client: Sdk, usable: () => boolean, run: Runner<Sdk>) => {
    while (usable()) {
      const entry = nextPending(withEvents);
      if (!entry) return;
      run(entry, client);
    }
  };

  return {
    event(entry) {
      events.push(entry);
      if (events.length <= limit) return 0;
      events.shift()!.onDrop?.();
      return 1;
    },
    state(kind, entry) {
      states.get(kind)?.onDrop?.(); // replaced: a pending request() hears it was dropped
      states.delete(kind); // re-inserted last: state applies in the order of its latest write
      states.set(kind, { ...entry, applied: false });
    },
    clearState(next) {
      for (const entry of states.values()) if (!entry.applied) entry.onDrop?.();
      states.clear();
      if (next) {
        reset?.onDrop?.();
        reset = next;
      }
    },
    pending() {
      let count = events.length + (reset ? 1 : 0);
      for (const entry of states.values()) if (!entry.applied) count += 1;
      return count;
    },
    events: () => events.length,
    dropEvents() {
      const dropped = events.splice(0);
      for (const entry of dropped) entry.onDrop?.();
      for (const entry of states.values()) if (!entry.applied) entry.onDrop?.();
      return dropped.length;
    },
    unapply() {
      for (const entry of states.values()) entry.applied = false;
    },
    flushState: drain(false),
    flush: drain(true),
  };
}
