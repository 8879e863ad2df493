import type { ReactNode } from 'react';
import type { FlagKey, Flags } from './defineFlags';
import { useFlag } from './useFlag';

export type FeatureProps<K extends FlagKey> = {
  flag: K;
  /** Show `children` when the flag has this value (or one of these). Default: when the flag is truthy. */
  match?: Flags[K] | readonly Flags[K][];
  /** Shown otherwise. */
  fallback?: ReactNode;
  children?: ReactNode;
};

/** Renders `children` when `flag` matches, else `fallback`. */
export function Feature<K extends FlagKey>({ flag, match, fallback = null, children }: FeatureProps<K>) {
  const value = useFlag(flag);
  const shown = match === undefined ? Boolean(value) : [match].flat().includes(value);
  return <>{shown ? children : fallback}</>;
}
