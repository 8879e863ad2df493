import { createContext, type ReactNode, useContext, useMemo, useState, useSyncExternalStore } from 'react';
import {
  type ConsentCategory,
  type ConsentConfig,
  type ConsentState,
  type ConsentStatus,
  type ConsentStore,
  createConsent,
} from './consent';
import { PlinthError } from './error';

const ConsentContext = createContext<ConsentStore | null>(null);
const ServerConsentContext = createContext<Partial<Record<ConsentCategory, ConsentStatus>> | undefined>(undefined);

/**
 * Give a ready store, or the config to create one (`createConsent`'s), never both, as the vendors' providers take an
 * `instance` or a `config`. `serverState`: the decisions the server knows (read from
 * the consent cookie with `readConsentCookie` from `@plinth/core/server`), used for the server render and for
 * hydration, so the banner is drawn in the right state from the first byte.
 */
export type ConsentProviderProps = {
  children?: ReactNode;
  serverState?: Partial<Record<ConsentCategory, ConsentStatus>>;
} & ({ store: ConsentStore; config?: never } | { store?: never; config?: ConsentConfig });

export function ConsentProvider({ store, config, serverState, children }: ConsentProviderProps) {
  // Created once per provider, lazily (never at module scope, never twice under StrictMode's double render).
  const [own] = useState(() => (store ? null : createConsent(config)));
  const provided = <ConsentContext.Provider value={store ?? own}>{children}</ConsentContext.Provider>;
  return serverState ? (
    <ServerConsentContext.Provider value={serverState}>{provided}</ServerConsentContext.Provider>
  ) : (
    provided
  );
}

/** Each package's provider, named in the error of a hook used outside it. */
const PROVIDERS: Readonly<Record<string, string>> = {
  core: 'ConsentProvider',
  analytics: 'AnalyticsProvider',
  auth: 'AuthProvider',
  flags: 'FlagsProvider',
  logging: 'LoggerProvider',
};

/** Thrown by a `useX()` hook outside its provider; the message names it and points at the package's testing entry. */
export class MissingProviderError extends PlinthError<string, 'missing_provider'> {
  override readonly name = 'MissingProviderError';
  constructor(hook: string, pkg: string) {
    const provider = PROVIDERS[pkg] ? `<${PROVIDERS[pkg]}>` : 'its provider';
    super(`${hook}() must be used inside ${provider}. In tests and stories, use @plinth/${pkg}/testing.`, {
      source: pkg,
      code: 'missing_provider',
    });
  }
}

/** The consent store of the nearest `ConsentProvider`, or `null` when there is none (for packages). */
export function useConsentStore(): ConsentStore | null {
  return useContext(ConsentContext);
}

const serverSnapshot = (
  store: ConsentStore,
  known: Partial<Record<ConsentCategory, ConsentStatus>> = {},
): ConsentState =>
  Object.fromEntries(store.categories.map((category) => [category, known[category] ?? ('pending' as ConsentStatus)]));

export interface UseConsent extends Pick<ConsentStore, 'grant' | 'deny' | 'set' | 'reset' | 'onRevoke'> {
  state: ConsentState;
  status(category: ConsentCategory): ConsentStatus;
  /** True when any category is still `pending` (show the banner). */
  pending: boolean;
  store: ConsentStore;
}

/**
 * The visitor's consent decisions, re-rendering when they change. On the server (and during
 * hydration) every category reads `pending` (or the provider's `serverState`), so server and client markup agree.
 */
export function useConsent(): UseConsent {
  const store = useContext(ConsentContext);
  if (!store) throw new MissingProviderError('useConsent', 'core');
  const known = useContext(ServerConsentContext);
  const [server] = useState(() => serverSnapshot(store, known));
  const state = useSyncExternalStore(store.subscribe, store.getState, () => server);
  return useMemo(
    () => ({
      ...store,
      state,
      status: (category: ConsentCategory) => {
        store.get(category); // throws for a category the store does not ask for
        return state[category] ?? 'pending';
      },
      pending: Object.values(state).includes('pending'),
      store,
    }),
    [state, store],
  );
}
