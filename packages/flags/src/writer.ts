import { channel, configError, isBrowser, PlinthError, type VisitorGroup } from '@plinth/core';
import type { AppContext } from './ldContext';
import { isContextKind, type UserAttributes, userAttributesError } from './userAttributes';

/**
 * Flags' writers of core's visitor: `setContext` and `setUserAttributes` (and the config's `contexts` and
 * `userAttributes`) check what they are given, then write it through core's one writer, `channel.visitor.update`.
 * Flags keep no copy: a LaunchDarkly context kind is the visitor's group of that type, the user's attributes are
 * the visitor's `attributes` (PostHog's person properties, Datadog's user fields). Each returns whether the visitor
 * changed.
 */

const check = (kind: string, context: AppContext | null) => {
  if (!isContextKind(kind)) {
    throw new PlinthError(
      `flags: "${kind}" cannot be a context kind (letters, digits, . _ -; not kind, multi or user)`,
      {
        source: 'flags',
        code: 'context_kind',
      },
    );
  }
  if (context !== null && (typeof context?.key !== 'string' || context.key === '')) {
    throw new PlinthError(`flags: the "${kind}" context needs a non-empty string key`, {
      source: 'flags',
      code: 'context_key',
    });
  }
};

const checkAttributes = (attributes: UserAttributes | null) => {
  const problem = userAttributesError(attributes);
  if (problem) throw new PlinthError(`flags: ${problem}`, { source: 'flags', code: 'user_attributes' });
};

/** A context kind as core's visitor group: its key, and its other attributes (if any). */
const groupOf = ({ key, ...attributes }: AppContext): VisitorGroup =>
  Object.keys(attributes).length > 0 ? { key, attributes } : { key };

/** Writes through core's writer; whether a new version came of it. */
const update = (write: () => void) => {
  const before = channel.visitor.get().version;
  write();
  return channel.visitor.get().version !== before;
};

/** `setContext(kind, context | null)`: the visitor's group `kind` is set (or with `null` removed). */
export const writeContext = (kind: string, context: AppContext | null): boolean => {
  check(kind, context);
  return update(() => channel.visitor.update({ groups: { [kind]: context && groupOf(context) } }));
};

/**
 * `setUserAttributes(attributes | null)`: each attribute given is set on the visitor (a `null` value removes it),
 * the others stay; `null` removes every attribute the visitor has.
 */
export const writeUserAttributes = (attributes: UserAttributes | null): boolean => {
  checkAttributes(attributes);
  const patch =
    attributes ?? Object.fromEntries(Object.keys(channel.visitor.get().attributes).map((name) => [name, null]));
  return update(() => channel.visitor.update({ attributes: patch }));
};

/**
 * The config's `contexts` and `userAttributes`: checked (a mistake there is the config's: `source: 'config'`,
 * `invalid_option`), then written to core's visitor once, at creation, in the browser (on the server there is no
 * visitor to write: each request is someone else).
 */
export function writeConfig(config: {
  contexts?: Readonly<Record<string, AppContext | null | undefined>> | undefined;
  userAttributes?: UserAttributes | undefined;
}): void {
  const groups: Record<string, VisitorGroup> = {};
  const fromConfig = (apply: () => void) => {
    try {
      apply();
    } catch (error) {
      throw configError(`${(error as Error).message} (in the config)`, 'invalid_option', error);
    }
  };
  for (const [kind, context] of Object.entries(config.contexts ?? {})) {
    if (context == null) continue;
    fromConfig(() => check(kind, context));
    groups[kind] = groupOf(context);
  }
  fromConfig(() => checkAttributes(config.userAttributes ?? null));
  if (isBrowser) channel.visitor.update({ groups, attributes: config.userAttributes });
}
