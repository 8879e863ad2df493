import { createEmitter } from './emitter';

/**
 * The session channel: a tiny typed event bus through which auth, analytics, flags and
 * logging cooperate without importing each other, and the page's one store of who is here (`visitor`).
 * Auth writes the visitor (`signedIn(user)`, `signedOut()`), which also announces `signedIn`/`signedOut`;
 * the ErrorBoundary emits `exception`; flags emit `exposure`; any package emits `report` for a non-fatal
 * problem, which logging picks up.
 */

/** The signed-in user as announced on the channel. `id` is the stable subject identifier. */
export interface PlinthUser {
  id: string;
  email?: string;
  name?: string;
  [claim: string]: unknown;
}

export type ReportLevel = 'debug' | 'info' | 'warn' | 'error';
/** Free-form properties attached to a channel event (not React's context). */
export type EventContext = Record<string, unknown>;

/**
 * Every channel event by type, with its payload. An interface, so a package can add its own events
 * by declaration merging:
 *
 * ```ts
 * declare module '@plinth/core' {
 *   interface ChannelEventMap { searched: { query: string } }
 * }
 * channel.emit('searched', { query });
 * ```
 */
export interface ChannelEventMap {
  signedIn: { user: PlinthUser };
  signedOut: Record<never, never>;
  exception: { error: unknown; context: EventContext };
  exposure: { flag: string; variant: unknown; context: EventContext };
  report: { level: ReportLevel; message: string; context: EventContext };
}

export type ChannelEventType = keyof ChannelEventMap;
export type ChannelEventOf<T extends ChannelEventType> = { type: T } & ChannelEventMap[T];
export type ChannelEvent = { [T in ChannelEventType]: ChannelEventOf<T> }[ChannelEventType];
export type ChannelListener<T extends ChannelEventType> = (event: ChannelEventOf<T>) => void;

/** The current session as the channel knows it. */
export interface ChannelSession {
  user: PlinthUser;
}

/**
 * Who is here: `unknown` until auth has settled (a page starts there; an app without auth stays there),
 * `anonymous` once auth knows nobody is signed in (even if this tab never was), or the signed-in `user`.
 */
export type VisitorSubject =
  | { readonly kind: 'unknown' }
  | { readonly kind: 'anonymous' }
  | { readonly kind: 'identified'; readonly user: PlinthUser };

/** One snapshot of the visitor: a new object, with `version` one higher, at each change (never mutated). */
export interface Visitor {
  readonly subject: VisitorSubject;
  readonly version: number;
}

/** Called after each change with the new snapshot and the one it replaced. */
export type VisitorListener = (next: Visitor, previous: Visitor) => void;

/**
 * The page's one store of who is here, read by every package (never copied): `get()` the snapshot now,
 * `subscribe` to each change. Written only through the channel's `signedIn(user)` and `signedOut()`.
 */
export interface VisitorStore {
  get(): Visitor;
  /** Listen to each change (not called at once: read `get()` for the current one); returns the unsubscribe function. */
  subscribe(listener: VisitorListener): () => void;
  /**
   * Resolves with the visitor once it is no longer `unknown` (at once if it is not), or with it as it is after
   * `timeoutMs` (default 5 s), whichever comes first. Never rejects.
   */
  settled(timeoutMs?: number): Promise<Visitor>;
}

/** The signed-in user of a snapshot, `null` when nobody is (anonymous or not yet known). */
export const userOf = (visitor: Visitor): PlinthUser | null =>
  visitor.subject.kind === 'identified' ? visitor.subject.user : null;

export interface ListenOptions {
  /** For `signedIn`: also call the listener at once with the current session, if someone is signed in. */
  replay?: boolean;
}

export interface SessionChannel {
  /** Listen to one event type; returns the unsubscribe function. */
  on<T extends ChannelEventType>(type: T, listener: ChannelListener<T>, options?: ListenOptions): () => void;
  /** Listen to every event; returns the unsubscribe function. */
  onAny(listener: (event: ChannelEvent) => void): () => void;
  /** Emit any event of the map (including ones a package added). */
  emit<T extends ChannelEventType>(type: T, payload: ChannelEventMap[T]): void;
  /** Who is signed in now, as last announced (`null` when nobody is): the visitor's user, when identified. */
  session(): ChannelSession | null;
  /** Who is here (unknown, anonymous, identified), with a version per change: the one store packages read. */
  readonly visitor: VisitorStore;
  /** The visitor is `user` (identified); announces `signedIn`. */
  signedIn(user: PlinthUser): void;
  /**
   * Nobody is signed in: the visitor is `anonymous` (from `unknown` too: auth settled at start-up without a
   * session). Announces `signedOut` only when someone was signed in.
   */
  signedOut(): void;
  exception(error: unknown, context?: EventContext): void;
  exposure(flag: string, variant: unknown, context?: EventContext): void;
  report(level: ReportLevel, message: string, context?: EventContext): void;
  /** `report`, but at most once per `key` for the life of the page. */
  reportOnce(key: string, level: ReportLevel, message: string, context?: EventContext): void;
}

/** Test-only: forget listeners, the visitor (back to `unknown`) and `reportOnce` keys. Reached through `@plinth/core/testing`. */
const resets = new WeakMap<SessionChannel, () => void>();
export const resetChannelState = (target: SessionChannel) => resets.get(target)?.();

export function createChannel(): SessionChannel {
  const { subscribe: onAny, emit: emitEvent, clear } = createEmitter<[ChannelEvent]>();
  const reported = new Set<string>();
  const watchers = createEmitter<[Visitor, Visitor]>();
  const UNKNOWN: Visitor = { subject: { kind: 'unknown' }, version: 0 };
  let visitor = UNKNOWN;
  /** The session derived from the visitor: one object per identified snapshot, so it can be compared by identity. */
  let current: ChannelSession | null = null;
  const setSubject = (subject: VisitorSubject) => {
    const previous = visitor;
    visitor = { subject, version: previous.version + 1 };
    current = subject.kind === 'identified' ? { user: subject.user } : null;
    watchers.emit(visitor, previous);
  };
  const visitorStore: VisitorStore = {
    get: () => visitor,
    subscribe: (listener) => watchers.subscribe(listener),
    settled: (timeoutMs = 5000) =>
      visitor.subject.kind !== 'unknown'
        ? Promise.resolve(visitor)
        : new Promise<Visitor>((resolve) => {
            const done = () => {
              clearTimeout(timer);
              off();
              resolve(visitor);
            };
            const off = watchers.subscribe((next) => {
              if (next.subject.kind !== 'unknown') done();
            });
            const timer = setTimeout(done, timeoutMs);
          }),
  };

  const emit = <T extends ChannelEventType>(type: T, payload: ChannelEventMap[T]) =>
    emitEvent({ type, ...payload } as ChannelEvent);

  const channel: SessionChannel = {
    on: (type, listener, options) => {
      const off = onAny((event) => {
        if (event.type === type) (listener as (e: ChannelEvent) => void)(event);
      });
      if (options?.replay && type === 'signedIn' && current) {
        try {
          (listener as ChannelListener<'signedIn'>)({ type: 'signedIn', user: current.user });
        } catch (error) {
          console.error('[plinth] a listener threw', error);
        }
      }
      return off;
    },
    onAny,
    emit,
    session: () => current,
    visitor: visitorStore,
    signedIn: (user) => {
      const was = visitor.subject;
      // The same user announced again (a second provider, a renewal): no new version.
      if (was.kind !== 'identified' || JSON.stringify(was.user) !== JSON.stringify(user)) {
        setSubject({ kind: 'identified', user });
      }
      emit('signedIn', { user });
    },
    signedOut: () => {
      const was = visitor.subject.kind;
      if (was !== 'anonymous') setSubject({ kind: 'anonymous' });
      if (was === 'identified') emit('signedOut', {});
    },
    exception: (error, context = {}) => emit('exception', { error, context }),
    exposure: (flag, variant, context = {}) => emit('exposure', { flag, variant, context }),
    report: (level, message, context = {}) => emit('report', { level, message, context }),
    reportOnce: (key, level, message, context) => {
      if (reported.has(key)) return;
      reported.add(key);
      channel.report(level, message, context);
    },
  };
  resets.set(channel, () => {
    clear();
    watchers.clear();
    reported.clear();
    current = null;
    visitor = UNKNOWN;
  });
  return channel;
}

const GLOBAL_KEY = Symbol.for('@plinth/core/channel');
type WithChannel = typeof globalThis & { [GLOBAL_KEY]?: SessionChannel };

/**
 * The page's channel. Kept on `globalThis` under a registered symbol so that two copies of
 * @plinth/core in one bundle still share one channel.
 */
const registry = globalThis as WithChannel;
if (!registry[GLOBAL_KEY]) registry[GLOBAL_KEY] = createChannel();
export const channel: SessionChannel = registry[GLOBAL_KEY];
