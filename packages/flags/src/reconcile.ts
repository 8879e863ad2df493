import { reportMisconfiguration, scrubDeep, userOf, type Visitor } from '@plinth/core';
import type { FlagCache } from './cache';
import {
  type AppContext,
  type ContextAttribute,
  type EvaluationContext,
  type MultiContext,
  toContext,
  withKinds,
} from './ldContext';
import { isContextKind, type UserAttributes } from './userAttributes';

/** What reconcile asks of the SDK (the adapter): evaluate this context, if it is not the one it evaluates. */
export interface EvaluatingSdk {
  identify(context: EvaluationContext | MultiContext): Promise<void>;
}

export interface ReconcileOptions {
  cache: Pick<FlagCache, 'follow'>;
  /** User attributes sent as private attributes (`['email']`); default none. */
  contextAttributes?: readonly ContextAttribute[] | undefined;
  /** An anonymous visitor's key (the visitor cookie), asked for only when nobody is signed in. */
  anonymousKey: () => string;
}

/**
 * The LaunchDarkly context of a visitor snapshot: the user (signed in: the subject's id; else anonymous, with the
 * visitor key) with the visitor's `attributes`, and each of its `groups` as a context kind beside it. Values are
 * scrubbed by core's scrubber (they leave the page here). A group type that cannot be a LaunchDarkly kind
 * (`'my org'`, `'user'`) is left out, with a warning in development.
 */
export function contextOf(
  visitor: Visitor,
  contextAttributes: readonly ContextAttribute[] | undefined,
  anonymousKey: () => string,
): EvaluationContext | MultiContext {
  const user = userOf(visitor);
  const kinds: Record<string, AppContext> = {};
  for (const [kind, group] of Object.entries(visitor.groups)) {
    if (!isContextKind(kind)) {
      reportMisconfiguration(
        `launchdarkly:kind:${kind}`,
        `launchdarkly: the visitor's group "${kind}" is not a LaunchDarkly context kind (letters, digits, . _ -; not kind, multi or user), so flags are evaluated without it`,
        { group: kind },
      );
      continue;
    }
    const { key: _key, kind: _kind, _meta, ...attributes } = group.attributes ?? {};
    kinds[kind] = { ...attributes, key: group.key } as AppContext;
  }
  return withKinds(
    toContext(
      user,
      user ? undefined : anonymousKey(),
      contextAttributes,
      scrubDeep(visitor.attributes) as UserAttributes,
    ),
    scrubDeep(kinds),
  );
}

/**
 * The loader's `reconcile(sdk, next, previous)` for LaunchDarkly: the one place flags follow core's visitor. Run
 * before anything else reaches the SDK: at load and every grant (`previous` undefined), and at each change while
 * the SDK runs.
 *
 * - The cache follows the subject: once the visitor is settled, no other subject's values stay
 *   (`plinth.flags.<env>.user:<sub>` goes when that person leaves, or when the page settles anonymous or on another
 *   user while it is there, from this page or an earlier visit), checked at each (re)start and each subject change.
 * - The SDK evaluates the visitor's context (the adapter skips a context it already evaluates). Resolves once it did.
 */
export function createReconcile(options: ReconcileOptions) {
  return (sdk: EvaluatingSdk, next: Visitor, previous: Visitor | undefined): Promise<void> => {
    if (previous?.subject !== next.subject) options.cache.follow(next);
    return sdk.identify(contextOf(next, options.contextAttributes, options.anonymousKey));
  };
}
