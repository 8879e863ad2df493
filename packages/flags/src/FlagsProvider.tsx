import { type InstanceOrConfig, useProvidedInstance } from '@plinth/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { FlagsContext } from './context';
import { closeFlags, createFlags, type Flags, type FlagsConfig } from './createFlags';

/** Give an instance from `createFlags`, or a config to create one, never both. */
export type FlagsProviderProps = { children?: ReactNode } & InstanceOrConfig<Flags, FlagsConfig>;

/**
 * Flag values for the tree below. With a config it creates one instance (once, even under StrictMode),
 * gated on the config's `consent`, else the nearest `ConsentProvider`'s `functional` category, and closes
 * its SDK on unmount; an instance you pass is started and stopped, never closed (you own it).
 */
export function FlagsProvider({ children, ...props }: FlagsProviderProps) {
  const { instance, created } = useProvidedInstance('FlagsProvider', props, createFlags);
  const closing = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    clearTimeout(closing.current);
    return () => {
      // StrictMode re-runs this effect at once: only an unmount that stays one closes the SDK it created.
      if (created) closing.current = setTimeout(() => closeFlags(instance), 0);
    };
  }, [instance, created]);
  return <FlagsContext.Provider value={instance}>{children}</FlagsContext.Provider>;
}
