import type { PlinthUser } from '@plinth/core';

/** The evaluation context LaunchDarkly sees (the JSON shape, with no SDK type). */
export interface EvaluationContext {
  kind: 'user';
  key?: string;
  anonymous?: boolean;
  email?: string;
  name?: string;
  _meta?: { privateAttributes: string[] };
}

/** User attributes that may be sent to the flag service for targeting, opt-in. */
export type ContextAttribute = 'email' | 'name';

/**
 * Anonymous until sign-in; then the user's stable id as key and nothing else. An attribute listed in
 * `attributes` is added as a private attribute (used for targeting, kept out of LaunchDarkly's stored
 * events): the evaluation request still carries it, so personal data leaves the page only when asked for.
 */
export function toContext(
  user: PlinthUser | null,
  anonymousKey?: string,
  attributes: readonly ContextAttribute[] = [],
): EvaluationContext {
  if (!user)
    return anonymousKey ? { kind: 'user', key: anonymousKey, anonymous: true } : { kind: 'user', anonymous: true };
  const context: EvaluationContext = { kind: 'user', key: user.id };
  const sent = attributes.filter((name) => typeof user[name] === 'string');
  for (const name of sent) context[name] = user[name] as string;
  if (sent.length > 0) context._meta = { privateAttributes: sent };
  return context;
}
