/** A context attribute's value. */
export type FlagAttribute = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/** The app's own attributes on the user context (`{ plan: 'pro', beta: true }`), for targeting. */
export type UserAttributes = Readonly<Record<string, FlagAttribute>>;

/** Attribute names the session owns (`key`, `anonymous`) or LaunchDarkly reserves, and the personal ones `contextAttributes` sends as private. */
export const RESERVED: ReadonlySet<string> = new Set([
  'key',
  'kind',
  'anonymous',
  '_meta',
  'privateAttributes',
  'email',
  'name',
]);

/** Why `attributes` cannot be the user's attributes, or `undefined` when they can. */
export function userAttributesError(attributes: unknown): string | undefined {
  if (attributes === null) return undefined;
  if (typeof attributes !== 'object' || Array.isArray(attributes)) return 'user attributes: an object or null';
  // email and name go with `contextAttributes` (private attributes); key and anonymous are the session's.
  const name = Object.keys(attributes).find((one) => RESERVED.has(one));
  return name && `user attribute "${name}" is reserved (email, name: contextAttributes)`;
}

/**
 * Whether `kind` can be a LaunchDarkly context kind of the app's own beside the user: letters, digits, `.`, `_`
 * and `-`, and not `kind`, `multi` or `user` (LaunchDarkly's rule for kinds; `user` is the session's).
 */
export const isContextKind = (kind: string): boolean =>
  /^[A-Za-z0-9._-]+$/.test(kind) && kind !== 'kind' && kind !== 'multi' && kind !== 'user';
