import { createEmitter } from './emitter';

/**
 * The session channel: a tiny typed event bus through which auth, analytics, flags and
 * logging cooperate without importing each other. Auth emits `signedIn`/`signedOut`;
 * the ErrorBoundary emits `exception`; flags emit `exposure`; any package emits `report`
 * for a non-fatal problem, which logging picks up.
 */

/** The signed-in user as announced on the channel. `id` is the stable subject identifier. */
export interface PlinthUser {
  id: string;
  email?: string;
  name?: string;
  [claim: string]: unknown;
}

export type ReportLevel = 'debug' | 'info' | 'warn' | 'error';
export type Context = Record<string, unknown>;

export type ChannelEvent =
  | { type: 'signedIn'; user: PlinthUser }
  | { type: 'signedOut' }
  | { type: 'exception'; error: unknown; context: Context }
  | { type: 'exposure'; flag: string; variant: unknown }
  | { type: 'report'; level: ReportLevel; message: string; context: Context };

export type ChannelEventType = ChannelEvent['type'];
export type ChannelEventOf<T extends ChannelEventType> = Extract<ChannelEvent, { type: T }>;
export type ChannelListener<T extends ChannelEventType> = (event: ChannelEventOf<T>) => void;

export interface SessionChannel {
  /** Listen to one event type; returns the unsubscribe function. */
  on<T extends ChannelEventType>(type: T, listener: ChannelListener<T>): () => void;
  /** Listen to every event; returns the unsubscribe function. */
  onAny(listener: (event: ChannelEvent) => void): () => void;
  signedIn(user: PlinthUser): void;
  signedOut(): void;
  exception(error: unknown, context?: Context): void;
  exposure(flag: string, variant: unknown): void;
  report(level: ReportLevel, message: string, context?: Context): void;
  /** `report`, but at most once per `key` for the life of the page (or until `reset`). */
  reportOnce(key: string, level: ReportLevel, message: string, context?: Context): void;
  /** Forget every listener and every `reportOnce` key (tests). */
  reset(): void;
}

export function createChannel(): SessionChannel {
  const { subscribe: onAny, emit, clear } = createEmitter<[ChannelEvent]>();
  const reported = new Set<string>();

  const channel: SessionChannel = {
    on: (type, listener) =>
      onAny((event) => {
        if (event.type === type) (listener as (e: ChannelEvent) => void)(event);
      }),
    onAny,
    signedIn: (user) => emit({ type: 'signedIn', user }),
    signedOut: () => emit({ type: 'signedOut' }),
    exception: (error, context = {}) => emit({ type: 'exception', error, context }),
    exposure: (flag, variant) => emit({ type: 'exposure', flag, variant }),
    report: (level, message, context = {}) => emit({ type: 'report', level, message, context }),
    reportOnce: (key, level, message, context) => {
      if (reported.has(key)) return;
      reported.add(key);
      channel.report(level, message, context);
    },
    reset: () => {
      clear();
      reported.clear();
    },
  };
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
