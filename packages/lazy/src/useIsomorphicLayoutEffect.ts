import { useEffect, useLayoutEffect } from 'react';

/**
 * `useLayoutEffect` in the browser (runs before paint: no placeholder flash, no shift), `useEffect`
 * on the server, where layout effects never run and React 18 warns about them on every render.
 */
export const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;
