import { createEmitter } from './emitter';

/**
 * The session channel: a tiny typed event bus through which auth, analytics, flags and
 * logging cooperate without importing each other. Auth emits `signedIn`/`signedOut` (and the
 * channel keeps the current session for late listeners); the ErrorBoundary emits `exception`;
 * flags emit `exposure`; any package emits `report` for a non-fatal problem, which logging picks up.
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
  /** Who is signed in now, as last announced (`null` when nobody is). */
  session(): ChannelSession | null;
  signedIn(user: PlinthUser): void;
  signedOut(): void;
  exception(error: unknown, context?: EventContext): void;
  exposure(flag: string, variant: unknown, context?: EventContext): void;
  report(level: ReportLevel, message: string, context?: EventContext): void;
  /** `report`, but at most once per `key` for the life of the page. */
  reportOnce(key: string, level: ReportLevel, message: string, context?: EventContext): void;
}

/** Test-only: forget listeners, the session and `reportOnce` keys. Reached through `@plinth/core/testing`. */
const resets = new WeakMap<SessionChannel, () => void>();
export const resetChannelState = (target: SessionChannel) => resets.get(target)?.();

export function createChannel(): SessionChannel {
  const { subscribe: onAny, emit: emitEvent, clear } = createEmitter<[ChannelEvent]>();
  const reported = new Set<string>();
  let current: ChannelSession | null = null;

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
    signedIn: (user) => {
      current = { user };
      emit('signedIn', { user });
    },
    signedOut: () => {
      current = null;
      emit('signedOut', {});
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
    reported.clear();
    current = null;
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
