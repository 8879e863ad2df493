import { channel, configError, PlinthError, type PlinthUser, scrubDeep } from '@plinth/core';
import {
  type AppContext,
  type ContextAttribute,
  type EvaluationContext,
  type MultiContext,
  toContext,
  withKinds,
} from './ldContext';
import { type UserAttributes, userAttributesError } from './userAttributes';

/**
 * The evaluation context LaunchDarkly sees, as it is now: the subject from core's session channel (read at
 * each call, never kept), the app's own user attributes and the app's own context kinds. The SDK reads it
 * every time it starts, restarts or identifies, so a sign-out heard while the SDK was stopped is never
 * undone by a copy taken earlier.
 */
export interface Evaluation {
  /** The signed-in user as core's channel has it now (`null` when nobody is). */
  user(): PlinthUser | null;
  /** Set (or with `null` remove) a kind beside the user; scrubbed. Throws for an invalid kind or key. Returns whether it changed. */
  setContext(kind: string, context: AppContext | null): boolean;
  /** Replace the user attributes (`null`: none); scrubbed. Throws for reserved names. Returns whether they changed. */
  setUserAttributes(attributes: UserAttributes | null): boolean;
  /** The context to evaluate: `anonymousKey` is asked for only when nobody is signed in. */
  context(anonymousKey?: () => string): EvaluationContext | MultiContext;
}

export interface EvaluationOptions {
  /** User attributes sent as private attributes (`['email']`); default none. */
  contextAttributes?: readonly ContextAttribute[] | undefined;
  /** The kinds it starts with. */
  contexts?: Readonly<Record<string, AppContext | null | undefined>> | undefined;
  /** The user attributes it starts with. */
  userAttributes?: UserAttributes | undefined;
}

/** Why `kind` / `context` cannot be a context kind, or `undefined`. */
function contextError(kind: string, context: AppContext | null): { message: string; code: string } | undefined {
  if (!/^[A-Za-z0-9._-]+$/.test(kind) || kind === 'kind' || kind === 'multi' || kind === 'user') {
    return {
      message: `"${kind}" cannot be a context kind (letters, digits, . _ -; not kind, multi or user)`,
      code: 'context_kind',
    };
  }
  if (context !== null && (typeof context?.key !== 'string' || context.key === '')) {
    return { message: `the "${kind}" context needs a non-empty string key`, code: 'context_key' };
  }
  return undefined;
}

/**
 * Checks the config's `contexts` and `userAttributes` (a mistake there is `source: 'config'`, `invalid_option`),
 * and returns the evaluation context they start.
 */
export function createEvaluation(options: EvaluationOptions = {}): Evaluation {
  const kinds: Record<string, AppContext> = {};
  let attributes: UserAttributes = {};
  const snapshot = () => JSON.stringify([kinds, attributes]);
  const same = (before: string) => snapshot() === before;

  const evaluation: Evaluation = {
    user: () => channel.session()?.user ?? null,
    setContext(kind, context) {
      const problem = contextError(kind, context);
      if (problem) throw new PlinthError(`flags: ${problem.message}`, { source: 'flags', code: problem.code });
      const before = snapshot();
      if (context === null) delete kinds[kind];
      else kinds[kind] = scrubDeep(context); // PII scrubbed before it leaves the page, as everywhere
      return !same(before);
    },
    setUserAttributes(next) {
      const problem = userAttributesError(next);
      if (problem) throw new PlinthError(`flags: ${problem}`, { source: 'flags', code: 'user_attributes' });
      const before = snapshot();
      attributes = scrubDeep({ ...next });
      return !same(before);
    },
    context(anonymousKey) {
      const user = evaluation.user();
      // An anonymous visitor's key is the one the server's bootstrap read from the same cookie.
      return withKinds(
        toContext(user, user ? undefined : anonymousKey?.(), options.contextAttributes, attributes),
        kinds,
      );
    },
  };

  for (const [kind, context] of Object.entries(options.contexts ?? {})) {
    if (context == null) continue;
    const problem = contextError(kind, context);
    if (problem) throw configError(`flags: contexts: ${problem.message}`, 'invalid_option');
    evaluation.setContext(kind, context);
  }
  const problem = userAttributesError(options.userAttributes ?? null);
  if (problem) throw configError(`flags: userAttributes: ${problem}`, 'invalid_option');
  evaluation.setUserAttributes(options.userAttributes ?? null);
  return evaluation;
}
