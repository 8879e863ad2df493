import { useConsentStore } from '@plinth/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { FlagsContext } from './context';
import { createFlagsClient, type FlagsClient, type FlagsConfig } from './createFlagsClient';

/** Give a client from `createFlagsClient`, or a config to create one, never both. */
export type FlagsProviderProps = { children?: ReactNode } & (
  | { client: FlagsClient; config?: never }
  | { client?: never; config: FlagsConfig }
);

/**
 * Flag values for the tree below. With a config it creates one client (once, even under
 * StrictMode), gated on the nearest `ConsentProvider`'s `functional` category, and closes it on
 * unmount; a client you pass is started and left open (you own it).
 */
export function FlagsProvider({ client, config, children }: FlagsProviderProps) {
  const consent = useConsentStore();
  const [own] = useState(() =>
    client ? null : createFlagsClient({ ...config, consent: config.consent ?? consent ?? undefined }),
  );
  const active = client ?? (own as FlagsClient);

  const closing = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    clearTimeout(closing.current);
    active.start();
    return () => {
      active.dispose();
      // StrictMode re-runs this effect at once: only an unmount that stays one closes the SDK.
      if (own) closing.current = setTimeout(() => own.close(), 0);
    };
  }, [active, own]);

  return <FlagsContext.Provider value={active}>{children}</FlagsContext.Provider>;
}
