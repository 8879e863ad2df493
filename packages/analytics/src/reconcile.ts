import { channel, type PlinthUser, type Visitor } from '@plinth/core';
import type { PosthogAdapter, Properties } from './adapter/types';
import { isEmailId } from './writers';

export interface ReconcileOptions {
  /** Core's scrubber with the app's extra parameters: nothing leaves the page unscrubbed. */
  scrub: <T>(value: T) => T;
  /** The config's `personProperties(user)`: sent with the person's `$identify`, under their attributes. */
  personProperties?: ((user: PlinthUser) => Properties) | undefined;
  /** Right after the SDK was reset (a new anonymous id, a new session). */
  onReset?: (adapter: PosthogAdapter) => void;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The id PostHog carries for this visitor: the identified user's, unless it is email-shaped (refused, reported once). */
function personId({ subject }: Visitor): string | undefined {
  if (subject.kind !== 'identified') return undefined;
  if (!isEmailId(subject.user.id)) return subject.user.id;
  channel.reportOnce('analytics:email-id', 'warn', 'analytics: not identifying an email-shaped user id');
  return undefined;
}

/**
 * The one step that brings posthog-js in step with core's visitor, `previous` → `next` (core's loader runs it before
 * anything else reaches the SDK: at load, at every grant, at each change). PostHog's words for the visitor's slices:
 *
 * - the subject and `person`: `identify(id)` (with the person properties) for an identified visitor; `reset()` when
 *   the person left (`person` grew), or when the SDK holds someone the visitor is not (remembered from an earlier
 *   visit, or from before a sign-out it did not hear) — first sending what it holds of the page they saw, as theirs;
 *   an `unknown` visitor (auth has not settled) resets nobody;
 * - `attributes` (and `personProperties(user)`): person properties, `$set` whole when they changed (posthog-js skips
 *   a `$set` it just sent), `$unset` for one removed;
 * - `groups`: PostHog's groups, compared with those the SDK puts on events (`$groups`, kept in the browser);
 * - `properties`: super properties, registered, and unregistered when removed.
 *
 * From `undefined` (the SDK (re)starts) it compares with what the SDK holds: nothing it already has is sent again,
 * and a revocation's pause ends first. Keeps nothing of its own. A lazy chunk, imported with the adapter (the loader
 * runs it only once the SDK is there).
 */
export function createReconcile({ scrub, personProperties, onReset }: ReconcileOptions) {
  const personSet = ({ subject, attributes }: Visitor): Properties => {
    const user = subject.kind === 'identified' ? subject.user : undefined;
    return scrub({ ...(user && personProperties?.(user)), ...attributes });
  };

  return function reconcile(adapter: PosthogAdapter, next: Visitor, previous: Visitor | undefined): void {
    if (previous === undefined) adapter.resume(); // a grant: it sends again, before anything below
    const id = personId(next);
    const held = adapter.identifiedId();
    const left = previous !== undefined && previous.person !== next.person;
    const stranger = held !== undefined && held !== id && next.subject.kind !== 'unknown';
    let from = previous;
    if (left || stranger) {
      // She leaves while the SDK runs: her last page's $pageleave and web vitals are hers, sent before the reset. (At
      // a load or a grant she has already gone: nothing is made in her name after she left.)
      if (left) adapter.leavePage();
      adapter.reset();
      onReset?.(adapter);
      from = undefined;
    }

    // Super properties first: the $identify and $groupidentify below carry them.
    const properties = scrub(next.properties);
    const before = from ? scrub(from.properties) : {};
    const changed = Object.entries(properties).filter(([key, value]) => !(key in before) || !same(before[key], value));
    if (changed.length > 0) adapter.register(Object.fromEntries(changed));
    for (const key of Object.keys(before)) if (!(key in properties)) adapter.unregister(key);

    const set = personSet(next);
    if (id !== undefined && adapter.identifiedId() !== id) {
      adapter.identify(id, Object.keys(set).length > 0 ? set : undefined);
    } else {
      const was = from && personSet(from);
      if (was === undefined ? Object.keys(set).length > 0 : !same(was, set)) adapter.setPersonProperties(set);
      const removed = from ? Object.keys(from.attributes).filter((key) => !(key in next.attributes)) : [];
      if (removed.length > 0) adapter.unsetPersonProperties(removed);
    }

    const groups = adapter.groups();
    for (const type of Object.keys(groups)) if (!(type in next.groups)) adapter.ungroup(type);
    for (const [type, { key, attributes }] of Object.entries(next.groups)) {
      const was = from?.groups[type];
      if (groups[type] === key && (was === undefined || same(was.attributes, attributes))) continue;
      adapter.group(type, key, attributes && scrub({ ...attributes }));
    }
  };
}
