import type { PlinthUser } from '@plinth/core';
import { type FlagAttribute, RESERVED, type UserAttributes } from './userAttributes';

/** The evaluation context LaunchDarkly sees (the JSON shape, with no SDK type). */
export interface EvaluationContext {
  kind: 'user';
  [attribute: string]: unknown;
  key?: string;
  anonymous?: boolean;
  email?: string;
  name?: string;
  _meta?: { privateAttributes: string[] };
}

/**
 * A context of another kind than the user (LaunchDarkly's multi-kind contexts): an organization, a device,
 * a team… Its `key` is required; the other attributes are the app's own, sent scrubbed by core's scrubber (targeting on them
 * is their purpose: put nothing personal here that you would not send).
 */
export interface AppContext {
  key: string;
  name?: string;
  [attribute: string]: FlagAttribute;
}

/** The multi-kind context LaunchDarkly sees when the app adds kinds of its own. */
export interface MultiContext {
  kind: 'multi';
  user: Omit<EvaluationContext, 'kind'>;
  [kind: string]: unknown;
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
  own: UserAttributes = {},
): EvaluationContext {
  const extra: Record<string, FlagAttribute> = {};
  for (const [name, value] of Object.entries(own)) if (value !== undefined && !RESERVED.has(name)) extra[name] = value;
  if (!user) {
    return anonymousKey
      ? { kind: 'user', ...extra, key: anonymousKey, anonymous: true }
      : { kind: 'user', ...extra, anonymous: true };
  }
  const context: EvaluationContext = { kind: 'user', ...extra, key: user.id };
  const sent = attributes.filter((name) => typeof user[name] === 'string');
  for (const name of sent) context[name] = user[name] as string;
  if (sent.length > 0) context._meta = { privateAttributes: sent };
  return context;
}

/**
 * The user's context, alone or with the app's own kinds (`{ organization: { key: 'acme' } }`) as one
 * multi-kind context. A kind set to `undefined` or `null` is left out.
 */
export function withKinds(
  user: EvaluationContext,
  kinds: Readonly<Record<string, AppContext | null | undefined>> = {},
): EvaluationContext | MultiContext {
  const present = Object.entries(kinds).filter((entry): entry is [string, AppContext] => entry[1] != null);
  if (present.length === 0) return user;
  const { kind: _user, ...rest } = user;
  const multi: MultiContext = { kind: 'multi', user: rest };
  for (const [kind, context] of present) {
    const attributes: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(context)) if (value !== undefined) attributes[name] = value;
    multi[kind] = attributes;
  }
  return multi;
}

/** A key as LaunchDarkly writes it inside a canonical key: `%` → `%25`, `:` → `%3A`. */
const encodeKey = (key: string) => key.replace(/%/g, '%25').replace(/:/g, '%3A');

/**
 * A context's canonical key, as LaunchDarkly computes it (js-sdk-common `getCanonicalKey`, js-core
 * `Context.canonicalKey`): the string secure mode hashes. A user context (or one with no kind): its key alone; a
 * context of another kind: `<kind>:<key>`; a multi-kind context: each kind's `<kind>:<key>`, sorted by kind and
 * joined with `:`. In each of the last two, `%` and `:` in a key are escaped (`%25`, `%3A`).
 */
export function canonicalKey(context: { kind?: string; key?: unknown; [kind: string]: unknown }): string {
  const kind = context.kind ?? 'user';
  if (kind === 'user') return String(context.key ?? '');
  if (kind !== 'multi') return `${kind}:${encodeKey(String(context.key ?? ''))}`;
  return Object.keys(context)
    .filter((name) => name !== 'kind')
    .sort()
    .map((name) => `${name}:${encodeKey(String((context[name] as { key?: unknown } | undefined)?.key ?? ''))}`)
    .join(':');
}

/** What the app's secure-mode `hash` callback is given: the context about to be evaluated. */
export interface SecureModeContext {
  /** The string to sign: HMAC-SHA256 with the environment's SDK key, hex. */
  canonicalKey: string;
  /** The context itself (the user's, or the multi-kind context with the app's kinds), as LaunchDarkly receives it. */
  context: EvaluationContext | MultiContext;
}
