import { readdirSync, readFileSync } from 'node:fs';
import { useLayoutEffect } from 'react';
import { useIsomorphicLayoutEffect } from './useIsomorphicLayoutEffect';

describe('useIsomorphicLayoutEffect', () => {
  it('is useLayoutEffect in a browser (before paint)', () => {
    expect(useIsomorphicLayoutEffect).toBe(useLayoutEffect);
  });

  it('is the only layout effect in the package (React 18 warns about useLayoutEffect on the server)', () => {
    const files = (readdirSync(import.meta.dirname, { recursive: true }) as string[]).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test(-d)?\.tsx?$/.test(file) && !file.endsWith('.stories.tsx'),
    );
    const users = files.filter((file) =>
      /\buseLayoutEffect\b/.test(readFileSync(`${import.meta.dirname}/${file}`, 'utf8')),
    );
    expect(users).toEqual(['useIsomorphicLayoutEffect.ts']);
  });
});
