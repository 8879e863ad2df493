import { channel, configError, PlinthError, type PlinthUser, scrubDeep } from '@plinth/core';
import type { AppContext, ContextSource } from './ldContext';
import { type UserAttributes, userAttributesError } from './userAttributes';

/**
 * The parts of the evaluation context, as they are now: the subject from core's session channel (read at
 * each call, never kept), the app's own user attributes and the app's own context kinds. The adapter reads
 * them (`currentContext`) every time the SDK starts, restarts or identifies, so a sign-out heard while the
 * SDK was stopped is never undone by a copy taken earlier.
 */
export interface Evaluation extends ContextSource {
  /** The signed-in user as core's channel has it now (`null` when nobody is). */
  user(): PlinthUser | null;
  /** Set (or with `null` remove) a kind beside the user; scrubbed. Throws for an invalid kind or key. Returns whether it changed. */
  setContext(kind: string, context: AppContext | null): boolean;
  /** Replace the user attributes (`null`: none); scrubbed. Throws for reserved names. Returns whether they changed. */
  setUserAttributes(attributes: UserAttributes | null): boolean;
  /** A sign-out: the kinds go back to the config's, the user attributes go (what the app set for that user). */
  reset(): void;
}

export interface EvaluationOptions {
  /** The kinds it starts with. */
  contexts?: Readonly<Record<string, AppContext | null | undefined>> | undefined;
  /** The user attributes it starts with. */
  userAttributes?: UserAttributes | undefined;
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
      if (!/^[A-Za-z0-9._-]+$/.test(kind) || kind === 'kind' || kind === 'multi' || kind === 'user') {
        throw new PlinthError(
          `flags: "${kind}" cannot be a context kind (letters, digits, . _ -; not kind, multi or user)`,
          { source: 'flags', code: 'context_kind' },
        );
      }
      if (context !== null && (typeof context?.key !== 'string' || context.key === '')) {
        throw new PlinthError(`flags: the "${kind}" context needs a non-empty string key`, {
          source: 'flags',
          code: 'context_key',
        });
      }
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
    reset() {
      for (const kind of Object.keys(kinds)) delete kinds[kind];
      for (const [kind, context] of Object.entries(options.contexts ?? {}))
        if (context != null) kinds[kind] = scrubDeep(context);
      attributes = {};
    },
    kinds: () => kinds,
    attributes: () => attributes,
  };

  // The same checks on the config: there the mistake is the config's.
  const fromConfig = (apply: () => void) => {
    try {
      apply();
    } catch (error) {
      throw configError(`${(error as Error).message} (in the config)`, 'invalid_option', error);
    }
  };
  for (const [kind, context] of Object.entries(options.contexts ?? {}))
    if (context != null) fromConfig(() => evaluation.setContext(kind, context));
  fromConfig(() => evaluation.setUserAttributes(options.userAttributes ?? null));
  return evaluation;
}
