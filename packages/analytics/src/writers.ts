import { channel, type VendorLoader } from '@plinth/core';
import type { PosthogAdapter, Properties } from './adapter/types';
import type { Analytics } from './types';

/** An id that is an email address would put PII in every event: refused. */
const EMAIL_ID = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmailId = (id: string) => EMAIL_ID.test(id);
/** Aliases kept for the current person until sent (the latest). */
const ALIAS_LIMIT = 100;

export interface WriterOptions {
  /** Core's scrubber with the app's extra parameters: applied when a value is written. */
  scrub: <T>(value: T) => T;
  /** Right after the SDK was reset (a new anonymous id, a new session). */
  onReset?: (adapter: PosthogAdapter) => void;
}

type Writers = Pick<
  Analytics,
  'identify' | 'setPersonProperties' | 'alias' | 'group' | 'resetGroups' | 'register' | 'unregister' | 'reset'
>;

/**
 * The public writers of who this is: thin calls to core's visitor (`channel.visitor.update`, and `signedIn` /
 * `signedOut` for an app without @plinth/auth), scrubbed as they are written; `reconcile` tells PostHog. What is
 * PostHog's alone and sent once — aliases and `$set_once` — waits in the loader's kept state until the SDK has taken
 * it (never sent twice, never lost to a pending or refused consent), and is forgotten when the person leaves.
 */
export function createWriters(
  loader: Pick<VendorLoader<PosthogAdapter>, 'call' | 'clearState'>,
  { scrub, onReset }: WriterOptions,
): Writers {
  let aliases: string[] = [];
  let setOnce: Properties = {};
  /** Listening for the person to leave, only while something of theirs waits (nothing on the server). */
  let off: (() => void) | undefined;
  const forget = () => {
    [aliases, setOnce] = [[], {}];
    off?.();
    off = undefined;
  };
  const once = () => {
    off ??= channel.visitor.subscribe((next, previous) => {
      if (next.person === previous.person) return;
      forget(); // theirs, not the next visitor's
      loader.clearState();
    });
    loader.call(
      (adapter) => {
        const [names, first] = [aliases, setOnce];
        forget();
        if (Object.keys(first).length > 0) adapter.setPersonProperties(undefined, first);
        for (const alias of names) adapter.alias(alias);
      },
      { state: 'once' },
    );
  };
  const visitor = channel.visitor;
  const writeOnce = (properties: Properties | undefined) => {
    if (!properties) return;
    for (const [key, value] of Object.entries(scrub(properties))) if (!(key in setOnce)) setOnce[key] = value;
    once();
  };

  return {
    identify(id, { set, setOnce: first } = {}) {
      if (isEmailId(id)) {
        channel.reportOnce('analytics:email-id', 'warn', 'analytics: not identifying an email-shaped user id');
        return;
      }
      const { subject } = visitor.get();
      if (subject.kind !== 'identified' || subject.user.id !== id) channel.signedIn({ id });
      if (set) visitor.update({ attributes: scrub(set) });
      writeOnce(first);
    },
    setPersonProperties({ set, setOnce: first }) {
      if (set) visitor.update({ attributes: scrub(set) });
      writeOnce(first);
    },
    alias(alias) {
      if (isEmailId(alias)) {
        channel.reportOnce('analytics:email-id', 'warn', 'analytics: not aliasing an email-shaped id');
        return;
      }
      if (!aliases.includes(alias)) aliases = [...aliases, alias].slice(-ALIAS_LIMIT); // a runaway loop is cut
      once();
    },
    group(type, key, properties) {
      visitor.update({ groups: { [type]: { key, ...(properties && { attributes: scrub({ ...properties }) }) } } });
    },
    resetGroups() {
      visitor.update({ groups: Object.fromEntries(Object.keys(visitor.get().groups).map((type) => [type, null])) });
    },
    register(properties, { once: keep = false } = {}) {
      const current = visitor.get().properties;
      const entries = Object.entries(scrub(properties as Properties)).filter(([key]) => !(keep && key in current));
      visitor.update({ properties: Object.fromEntries(entries) });
    },
    unregister(name) {
      visitor.update({ properties: { [name]: null } });
    },
    reset() {
      if (visitor.get().subject.kind === 'identified') {
        channel.signedOut(); // the person leaves, for every vendor: reconcile resets PostHog, their queued events go
        return;
      }
      // Nobody signed in: what the app said of this anonymous visitor goes, and PostHog starts a new anonymous id.
      const { attributes, groups, properties } = visitor.get();
      const none = (slice: object) => Object.fromEntries(Object.keys(slice).map((key) => [key, null]));
      visitor.update({ attributes: none(attributes), groups: none(groups), properties: none(properties) });
      forget();
      loader.clearState((adapter) => {
        adapter.leavePage();
        adapter.reset();
        onReset?.(adapter);
      });
    },
  };
}
