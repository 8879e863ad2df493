import { channel, type PlinthUser, type VendorCall, type VendorLoader, type Visitor } from '@plinth/core';
import type { PosthogAdapter, Properties } from './adapter/types';
import type { PersonUpdate } from './types';

/** An id that is an email address would put PII in every event: refused. */
const EMAIL_ID = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Aliases kept for the current person (the latest). */
const ALIAS_LIMIT = 100;

export interface IdentityOptions {
  /** Core's scrubber with the app's extra parameters: applied when a value is written. */
  scrub: <T>(value: T) => T;
  /** Right after the SDK was reset (a new anonymous id, a new session). */
  onReset?: (adapter: PosthogAdapter) => void;
}

/**
 * Who this browser is to PostHog, held as the loader's kept state (`call(fn, { state })`), never in a list
 * of its own: the identified person (with the `$set`/`$set_once` of the identify), their person properties
 * and aliases, the groups, the super properties. Each kind is one state entry that applies the current value,
 * all of it; core applies them again after every load and every grant, before any event, and `reset()` (the
 * channel's `signedOut` too) is `clearState(reset)`: forgotten, the SDK reset once.
 */
export interface Identity {
  identify(id: string, update?: PersonUpdate): void;
  setPersonProperties(update: PersonUpdate): void;
  alias(alias: string): void;
  group(type: string, key: string, properties?: Properties): void;
  resetGroups(): void;
  register(properties: Properties, once: boolean): void;
  unregister(name: string): void;
  /** Sign-out: the next person is not merged into the last one. */
  reset(): void;
  /** The id identified last, `undefined` after a reset. */
  current(): string | undefined;
  /** `fn`, run only if the person who made the call is still the current one once it runs (an event queued before a sign-out is dropped). */
  byThisPerson<A>(fn: VendorCall<A>): VendorCall<A>;
  /**
   * Follows core's visitor, at once and at each change: identified identifies (also a session that began
   * before), anonymous resets the person Plinth identified, or the one the SDK remembered (a sign-out while
   * stopped, a session that ended while every tab was closed, a restore that failed at start-up). Returns the
   * stop function.
   */
  follow(personProperties?: (user: PlinthUser) => Properties): () => void;
}

type Loader = Pick<VendorLoader<PosthogAdapter>, 'call' | 'clearState'>;

const merge = (into: Properties, from: Properties | undefined, keep: boolean) => {
  for (const [key, value] of Object.entries(from ?? {})) if (!(keep && key in into)) into[key] = value;
};

export function createIdentity(loader: Loader, { scrub, onReset }: IdentityOptions): Identity {
  let identified: { id: string; set?: Properties; setOnce?: Properties } | undefined;
  let person: { set: Properties; setOnce: Properties } = { set: {}, setOnce: {} };
  let aliases: string[] = [];
  let groups = new Map<string, { key: string; properties?: Properties }>();
  let groupResets = 0;
  let supers = new Map<string, { value: unknown; once: boolean }>();
  let unregistered = new Set<string>();
  /** Bumped when the person changes (sign-out, another user signing in): earlier events are theirs. */
  let epoch = 0;

  /**
   * What the running SDK already holds, piece by piece (`identify`, `group:company`…): a grant applies the
   * state again to an SDK that kept it in memory, and posthog-js would send a `$groupidentify`, `$set` or
   * `$create_alias` again for a piece it already has. Forgotten at a reset, and when the SDK's distinct id
   * changed behind Plinth's back (posthog-js adopting another tab's reset).
   */
  const held = new Map<string, string>();
  let heldBy: string | undefined;
  const once = (adapter: PosthogAdapter, piece: string, value: unknown, apply: () => void) => {
    if (adapter.distinctId() !== heldBy) held.clear();
    const signature = JSON.stringify(value);
    if (held.get(piece) === signature) return;
    apply();
    held.set(piece, signature);
    heldBy = adapter.distinctId();
  };

  /** Each kind of state, applying its current value. */
  const apply = {
    identify: (adapter: PosthogAdapter) => {
      if (identified) {
        const { id, set, setOnce } = identified;
        once(adapter, 'identify', identified, () => adapter.identify(id, set, setOnce));
      }
    },
    person: (adapter: PosthogAdapter) => {
      const { set, setOnce } = person;
      if (Object.keys(set).length + Object.keys(setOnce).length === 0) return;
      once(adapter, 'person', person, () => adapter.setPersonProperties(set, setOnce));
    },
    alias: (adapter: PosthogAdapter) => {
      for (const alias of aliases) once(adapter, `alias:${alias}`, alias, () => adapter.alias(alias));
    },
    groups: (adapter: PosthogAdapter) => {
      if (groupResets > 0) {
        once(adapter, 'groups', groupResets, () => {
          adapter.resetGroups();
          for (const piece of held.keys()) if (piece.startsWith('group:')) held.delete(piece);
        });
      }
      for (const [type, { key, properties }] of groups) {
        once(adapter, `group:${type}`, [key, properties], () => adapter.group(type, key, properties));
      }
    },
    // Local to the SDK (no request): applied whole each time.
    superProperties: (adapter: PosthogAdapter) => {
      for (const name of unregistered) adapter.unregister(name);
      const [always, first] = [{} as Properties, {} as Properties];
      for (const [name, { value, once: keep }] of supers) (keep ? first : always)[name] = value;
      if (Object.keys(always).length > 0) adapter.register(always, false);
      if (Object.keys(first).length > 0) adapter.register(first, true);
    },
  };
  const write = (kind: keyof typeof apply) => loader.call(apply[kind], { state: kind });

  const identify = (id: string, update: PersonUpdate = {}) => {
    if (EMAIL_ID.test(id)) {
      channel.reportOnce('analytics:email-id', 'warn', 'analytics: not identifying an email-shaped user id');
      return;
    }
    if (identified && identified.id !== id) {
      // Another person on this browser without a sign-out between: what was said of the last one is not theirs.
      epoch++;
      person = { set: {}, setOnce: {} };
      aliases = [];
      write('person');
      write('alias');
    }
    identified = { id, set: update.set && scrub(update.set), setOnce: update.setOnce && scrub(update.setOnce) };
    write('identify');
  };

  const reset = () => {
    epoch++;
    identified = undefined;
    person = { set: {}, setOnce: {} };
    aliases = [];
    groups = new Map();
    groupResets = 0;
    supers = new Map();
    unregistered = new Set();
    loader.clearState((adapter) => {
      adapter.reset();
      held.clear();
      heldBy = undefined;
      onReset?.(adapter);
    });
  };

  return {
    identify,
    setPersonProperties({ set, setOnce }) {
      merge(person.set, set && scrub(set), false);
      merge(person.setOnce, setOnce && scrub(setOnce), true);
      person = { set: { ...person.set }, setOnce: { ...person.setOnce } };
      write('person');
    },
    alias(alias) {
      if (EMAIL_ID.test(alias)) {
        channel.reportOnce('analytics:email-id', 'warn', 'analytics: not aliasing an email-shaped id');
        return;
      }
      if (!aliases.includes(alias)) aliases = [...aliases, alias].slice(-ALIAS_LIMIT); // a runaway loop is cut
      write('alias');
    },
    group(type, key, properties) {
      groups.set(type, { key, properties: properties && scrub(properties) });
      write('groups');
    },
    resetGroups() {
      groups = new Map();
      groupResets++;
      write('groups');
    },
    register(properties, keep) {
      for (const [name, value] of Object.entries(scrub(properties))) {
        unregistered.delete(name);
        if (!(keep && supers.has(name))) supers.set(name, { value, once: keep });
      }
      write('superProperties');
    },
    unregister(name) {
      supers.delete(name);
      unregistered.add(name);
      write('superProperties');
    },
    reset,
    current: () => identified?.id,
    byThisPerson(fn) {
      const by = epoch;
      return (adapter, at) => {
        if (by === epoch) fn(adapter, at);
      };
    },
    follow(personProperties) {
      const reconcile = ({ subject }: Visitor) => {
        if (subject.kind === 'identified') {
          if (subject.user.id === identified?.id) return;
          const set = personProperties?.(subject.user);
          identify(subject.user.id, set ? { set } : {});
        } else if (subject.kind === 'anonymous') {
          if (identified) return reset();
          // Nobody Plinth identified, but the running SDK may hold a person from before this page (the
          // visitor settled after the SDK started): forgotten before its next event.
          loader.call((adapter) => {
            if (adapter.identifiedId() === undefined) return;
            adapter.reset();
            held.clear();
            heldBy = undefined;
            onReset?.(adapter);
          });
        }
      };
      reconcile(channel.visitor.get());
      return channel.visitor.subscribe((next) => reconcile(next));
    },
  };
}
