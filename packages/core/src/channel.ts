import { createEmitter } from './emitter';
import { configError } from './error';

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

/** A group the visitor acts in: PostHog's group of that type, LaunchDarkly's context of that kind. */
export interface VisitorGroup {
  /** The group's stable key (`'acme'`). */
  readonly key: string;
  /** What the app says of the group (`{ name: 'Acme', plan: 'pro' }`). */
  readonly attributes?: Readonly<Record<string, unknown>>;
}

/** Attributes of the visitor, of a group, or properties of every event: plain values, never a token. */
export type VisitorAttributes = Readonly<Record<string, unknown>>;

/**
 * One snapshot of the visitor: a new object, with `version` one higher, at each change (never mutated).
 * Every slice but `subject` is the app's, written through `visitor.update`; `subject` is auth's.
 */
export interface Visitor {
  readonly subject: VisitorSubject;
  /**
   * The app's attributes of this visitor (`{ plan: 'pro' }`): PostHog's person properties, LaunchDarkly's
   * attributes on the user context, Datadog's user fields.
   */
  readonly attributes: VisitorAttributes;
  /**
   * The groups the visitor acts in, by type (`{ organization: { key: 'acme' } }`): PostHog's groups, and
   * LaunchDarkly's context kinds beside the user.
   */
  readonly groups: Readonly<Record<string, VisitorGroup>>;
  /** Properties every event carries (`{ app_version: '2.1' }`): PostHog's super properties, Datadog's global context. */
  readonly properties: VisitorAttributes;
  /**
   * Which person this is: one higher each time an identified person leaves (a sign-out, another user signing
   * in). An event made under an older `person` belongs to someone else (core's loader drops it, counted).
   */
  readonly person: number;
  readonly version: number;
}

/**
 * A change to the app's slices: each key given is set, a `null` value removes it, keys not given stay. At the
 * same time for every vendor (one version).
 */
export interface VisitorUpdate {
  attributes?: Readonly<Record<string, unknown>>;
  groups?: Readonly<Record<string, VisitorGroup | null>>;
  properties?: Readonly<Record<string, unknown>>;
}

/** Called after each change with the new snapshot and the one it replaced. */
export type VisitorListener = (next: Visitor, previous: Visitor) => void;

/**
 * The page's one store of who is here and what the app says of them, read by every package (never copied):
 * `get()` the snapshot now, `subscribe` to each change, `update` the app's slices. The subject is written
 * only through the channel's `signedIn(user)` and `signedOut()`; when an identified person leaves, every
 * slice is emptied with it (nothing of theirs reaches the next visitor).
 */
export interface VisitorStore {
  get(): Visitor;
  /** Listen to each change (not called at once: read `get()` for the current one); returns the unsubscribe function. */
  subscribe(listener: VisitorListener): () => void;
  /**
   * Set (or with `null` or `undefined` remove) attributes, groups or event properties; one new version for the whole
   * update, none when nothing changed. A group without a non-empty string `key` throws a `PlinthError`
   * (`source: 'config'`, `code: 'visitor_group'`), and nothing of the update is applied.
   */
  update(update: VisitorUpdate): void;
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

/** Where the page's channel lives on `globalThis`, and where each channel keeps its reset (below). */
const GLOBAL_KEY = Symbol.for('@plinth/core/channel');
/**
 * Test-only: forget listeners, the visitor (back to `unknown`) and `reportOnce` keys. Reached through `@plinth/core/testing`.
 * Each channel carries its own reset: a second copy of this module (two copies of @plinth/core, or a test's
 * `vi.resetModules()`) shares the first copy's page channel (below), and must reach that channel's reset too (a map
 * local to the module left the next files of a shared test worker with the earlier files' visitor, listeners and keys).
 */
type Resettable = SessionChannel & { [GLOBAL_KEY]?: () => void };
export const resetChannelState = (target: SessionChannel) => (target as Resettable)[GLOBAL_KEY]?.();

export function createChannel(): SessionChannel {
  const { subscribe: onAny, emit: emitEvent, clear } = createEmitter<[ChannelEvent]>();
  const reported = new Set<string>();
  const watchers = createEmitter<[Visitor, Visitor]>();
  const EMPTY = Object.freeze({});
  const UNKNOWN: Visitor = {
    subject: { kind: 'unknown' },
    attributes: EMPTY,
    groups: EMPTY,
    properties: EMPTY,
    person: 0,
    version: 0,
  };
  let visitor = UNKNOWN;
  /** The session derived from the visitor: one object per identified snapshot, so it can be compared by identity. */
  let current: ChannelSession | null = null;
  const commit = (next: Omit<Visitor, 'version'>) => {
    const previous = visitor;
    visitor = { ...next, version: previous.version + 1 };
    current = visitor.subject.kind === 'identified' ? { user: visitor.subject.user } : null;
    watchers.emit(visitor, previous);
  };
  const setSubject = (subject: VisitorSubject) => {
    // An identified person leaving (signed out, or another user in): what the app said of them goes with them.
    const leaves =
      visitor.subject.kind === 'identified' &&
      (subject.kind !== 'identified' || subject.user.id !== visitor.subject.user.id);
    commit(
      leaves
        ? { subject, attributes: EMPTY, groups: EMPTY, properties: EMPTY, person: visitor.person + 1 }
        : { ...visitor, subject },
    );
  };
  /** `into` with `patch` merged (a `null` removes), or `into` itself when nothing changes. */
  const merge = <V>(into: Readonly<Record<string, V>>, patch: Readonly<Record<string, V | null>> | undefined) => {
    if (!patch) return into;
    let out: Record<string, V> | undefined;
    for (const [key, value] of Object.entries(patch)) {
      const remove = value === null || value === undefined;
      if (remove ? !(key in into) : JSON.stringify(into[key]) === JSON.stringify(value)) continue;
      out ??= { ...into };
      if (remove) delete out[key];
      else out[key] = value;
    }
    return out ? Object.freeze(out) : into;
  };
  const visitorStore: VisitorStore = {
    get: () => visitor,
    subscribe: (listener) => watchers.subscribe(listener),
    update: (update) => {
      for (const [type, group] of Object.entries(update.groups ?? {})) {
        if (group !== null && (typeof group?.key !== 'string' || group.key === '')) {
          throw configError(`visitor: the group "${type}" needs a non-empty string \`key\``, 'visitor_group');
        }
      }
      const attributes = merge(visitor.attributes, update.attributes);
      const groups = merge(visitor.groups, update.groups);
      const properties = merge(visitor.properties, update.properties);
      if (attributes === visitor.attributes && groups === visitor.groups && properties === visitor.properties) return;
      commit({ ...visitor, attributes, groups, properties });
    },
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
  (channel as Resettable)[GLOBAL_KEY] = () => {
    clear();
    watchers.clear();
    reported.clear();
    current = null;
    visitor = UNKNOWN;
  };
  return channel;
}

type WithChannel = typeof globalThis & { [GLOBAL_KEY]?: SessionChannel };

/**
 * The page's channel. Kept on `globalThis` under a registered symbol so that two copies of
 * @plinth/core in one bundle still share one channel.
 */
const registry = globalThis as WithChannel;
if (!registry[GLOBAL_KEY]) registry[GLOBAL_KEY] = createChannel();
export const channel: SessionChannel = registry[GLOBAL_KEY];
