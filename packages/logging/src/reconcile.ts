import { type PlinthUser, userOf, type Visitor } from '@plinth/core';
import type { DatadogAdapter } from './adapter/datadog';
import type { LogContext } from './types';

/** What of core's visitor goes to Datadog, from the logger's config. */
export interface VisitorMapping {
  /** What of the signed-in user names them (`config.user`). Default the id only. */
  user?: ((user: PlinthUser) => LogContext) | undefined;
  /** The logger's own global context (`config.context`), beneath the visitor's `properties`. */
  context?: LogContext | undefined;
}

const idOnly = (user: PlinthUser): LogContext => ({ id: user.id });

/**
 * Datadog's user for a visitor: the app's `attributes` as user fields, and the signed-in user's own fields
 * (`config.user`, the id by default) over them; `undefined` when that is nothing (nobody signed in, no attributes).
 */
export function usrOf(visitor: Visitor, mapping: VisitorMapping = {}): LogContext | undefined {
  const user = userOf(visitor);
  const usr = { ...visitor.attributes, ...(user ? (mapping.user ?? idOnly)(user) : {}) };
  return Object.keys(usr).length > 0 ? usr : undefined;
}

/** Datadog's global context for a visitor: the logger's own `context`, then the visitor's `properties`. */
export const globalContextOf = (visitor: Visitor, mapping: VisitorMapping = {}): LogContext => ({
  ...mapping.context,
  ...visitor.properties,
});

/**
 * Brings Datadog's SDK from `previous` to `next` (core's loader runs it before anything else reaches the SDK):
 * its user (`setUser` / `clearUser`) from the subject and the `attributes`, its global context from the
 * `properties` (beneath the logger's own `context`). From `undefined` (the SDK's load, every grant) it compares
 * with what the SDK holds instead: a user it still remembers (set before a revocation, by another logger of the
 * page, or by the app) is cleared when the visitor names nobody, before any log.
 */
export function reconcile(
  adapter: DatadogAdapter,
  next: Visitor,
  previous: Visitor | undefined,
  mapping: VisitorMapping = {},
): void {
  // From `undefined`, what the SDK holds is the previous state: told again only when it differs.
  const differs = (held: LogContext, wanted: LogContext) => JSON.stringify(held) !== JSON.stringify(wanted);
  if (previous === undefined || previous.subject !== next.subject || previous.attributes !== next.attributes) {
    const usr = usrOf(next, mapping);
    const held = previous === undefined ? adapter.user() : undefined;
    if (usr) {
      if (!held || differs(held, usr)) adapter.setUser(usr);
    } else if (!held || Object.keys(held).length > 0) {
      adapter.clearUser();
    }
  }
  if (previous === undefined || previous.properties !== next.properties) {
    const context = globalContextOf(next, mapping);
    if (previous !== undefined || differs(adapter.globalContext(), context)) adapter.setGlobalContext(context);
  }
}
