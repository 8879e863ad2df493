import type { ReactNode } from 'react';
import type { FlagKey, FlagValues } from './defineFlags';
import { useVariantOf } from './useVariant';

export type FeatureProps<K extends FlagKey> = {
  flag: K;
  /** Show `children` when the flag has this value (or one of these). Default: when the flag is truthy. */
  match?: FlagValues[K] | readonly FlagValues[K][];
  /** Shown otherwise. */
  fallback?: ReactNode;
  /** Wait for the flag service before choosing (React Suspense; see `useFlag`'s `suspend`). */
  suspend?: boolean;
  children?: ReactNode;
};

/**
 * Renders `children` when `flag` matches, else `fallback`. What it shows is counted as an exposure, as
 * `useVariant` counts one (once per mount and value, only for a live evaluation): gating an experiment with
 * `<Feature>` records who saw which side.
 */
export function Feature<K extends FlagKey>({ flag, match, fallback = null, suspend, children }: FeatureProps<K>) {
  const value = useVariantOf('Feature', flag, { suspend });
  const shown = match === undefined ? Boolean(value) : [match].flat().includes(value);
  return <>{shown ? children : fallback}</>;
}
