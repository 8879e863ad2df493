import { defineFlags } from './defineFlags';

/** The catalogue the package's own tests, type tests and stories use. */
export const testFlags = defineFlags({
  'new-checkout': false,
  theme: 'light' as 'light' | 'dark',
  'price-test': 'control' as 'control' | 'a' | 'b',
  fpImprovedUI: false,
});

declare module './defineFlags' {
  interface FlagsRegister {
    flags: typeof testFlags;
  }
}
