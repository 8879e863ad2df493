import { defineFlags } from '@plinth/flags';

/**
 * The demo's flag catalogue: keys exactly as in LaunchDarkly (the sandbox serves them from
 * packages/sandbox/src/vendors/launchdarkly.flags.json), each with the default shown until the flag
 * service answers, or when it cannot be reached.
 */
export const flags = defineFlags({
  /** Home's announcement banner (a flag-driven variant; flip it in the sandbox and watch Home change). */
  'home-banner': false,
  /** Home's layout. */
  theme: 'light' as 'light' | 'dark',
  /** An experiment with variants: Home's call to action. */
  'price-test': 'control' as 'control' | 'a' | 'b',
});

declare module '@plinth/flags' {
  interface FlagsRegister {
    flags: typeof flags;
  }
}
