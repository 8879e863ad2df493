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

/** Anonymous until sign-in; then the user's id as key, with email and name private (never sent in events). */
export function toContext(user: PlinthUser | null, anonymousKey?: string): EvaluationContext {
  if (!user)
    return anonymousKey ? { kind: 'user', key: anonymousKey, anonymous: true } : { kind: 'user', anonymous: true };
  const context: EvaluationContext = { kind: 'user', key: user.id };
  if (typeof user.email === 'string') context.email = user.email;
  if (typeof user.name === 'string') context.name = user.name;
  context._meta = { privateAttributes: ['email', 'name'] };
  return context;
}
