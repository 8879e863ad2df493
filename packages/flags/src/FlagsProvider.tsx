import { useConsentStore } from '@plinth/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { FlagsContext } from './context';
import { closeFlags, createFlags, type Flags, type FlagsConfig } from './createFlags';

/** Give an instance from `createFlags`, or a config to create one, never both. */
export type FlagsProviderProps = { children?: ReactNode } & (
  | { instance: Flags; config?: never }
  | { instance?: never; config: FlagsConfig }
);

/**
 * Flag values for the tree below. With a config it creates one instance (once, even under StrictMode),
 * gated on the config's `consent`, else the nearest `ConsentProvider`'s `functional` category, and closes
 * its SDK on unmount; an instance you pass is started and stopped, never closed (you own it).
 */
export function FlagsProvider({ instance, config, children }: FlagsProviderProps) {
  const consent = useConsentStore();
  const [own] = useState(() =>
    instance ? null : createFlags({ ...config, consent: config.consent ?? consent ?? undefined }),
  );
  const active = instance ?? (own as Flags);

  const closing = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    clearTimeout(closing.current);
    active.start();
    return () => {
      active.stop();
      // StrictMode re-runs this effect at once: only an unmount that stays one closes the SDK.
      if (own) closing.current = setTimeout(() => closeFlags(own), 0);
    };
  }, [active, own]);

  return <FlagsContext.Provider value={active}>{children}</FlagsContext.Provider>;
}
