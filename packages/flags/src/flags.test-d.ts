import type { DropCounts, PlinthError, VendorLifecycle, VendorStatus } from '@plinth/core';
import { expectTypeOf } from 'vitest';
import {
  defineFlags,
  Feature,
  type FlagDetails,
  type Flags,
  FlagsProvider,
  useFlag,
  useFlagDetails,
  useFlagsFailure,
  useFlagsStatus,
  useVariant,
} from './index';
import './test-flags';
import { createFlags } from './createFlags';
import { createBootstrap } from './server/index';
import { testFlags } from './test-flags';

describe('catalogue types', () => {
  it('defineFlags keeps keys as written and widens literals but not declared unions', () => {
    const flags = defineFlags({ 'new-checkout': false, theme: 'light' as 'light' | 'dark', limit: 3 });
    expectTypeOf(flags.defaults).toEqualTypeOf<
      Readonly<{ 'new-checkout': boolean; theme: 'light' | 'dark'; limit: number }>
    >();
    // @ts-expect-error a flag value must be JSON
    defineFlags({ compute: () => 1 });
  });

  it('useFlag is typed from the registered catalogue', () => {
    expectTypeOf(useFlag('new-checkout')).toEqualTypeOf<boolean>();
    expectTypeOf(useFlag('theme')).toEqualTypeOf<'light' | 'dark'>();
    expectTypeOf(useFlag('fpImprovedUI')).toEqualTypeOf<boolean>();
    // @ts-expect-error unknown key
    useFlag('new_checkout');
    // @ts-expect-error camelCased key does not exist
    useFlag('newCheckout');
    const theme = useFlag('theme');
    // @ts-expect-error a comparison with a value the flag cannot take
    expectTypeOf(theme === 'blue').toBeBoolean();
    expectTypeOf(useVariant('price-test')).toEqualTypeOf<'control' | 'a' | 'b'>();
    expectTypeOf(useFlagDetails('theme')).toEqualTypeOf<FlagDetails<'light' | 'dark'>>();
    expectTypeOf(useFlagDetails('theme').source).toEqualTypeOf<'default' | 'bootstrap' | 'cache' | 'live'>();
    expectTypeOf(useFlagsStatus()).toEqualTypeOf<VendorStatus>(); // core's one status type
    expectTypeOf(useFlagsFailure()).toEqualTypeOf<PlinthError | undefined>();
  });

  it('<Feature> checks its flag and match', () => {
    Feature({ flag: 'theme', match: 'dark' });
    Feature({ flag: 'price-test', match: ['a', 'b'] });
    Feature({ flag: 'new-checkout', fallback: null });
    // @ts-expect-error not a variant of theme
    Feature({ flag: 'theme', match: 'blue' });
    // @ts-expect-error unknown flag
    Feature({ flag: 'nope' });
  });

  it("FlagsProvider takes an instance or a config, never both; bootstrap is typed; the lifecycle is core's", () => {
    const instance = createFlags({ flags: testFlags, clientSideId: 'x', consent: false });
    expectTypeOf(instance).toEqualTypeOf<Flags>();
    expectTypeOf(instance).toMatchTypeOf<VendorLifecycle>();
    FlagsProvider({ instance });
    FlagsProvider({ config: { flags: testFlags, clientSideId: 'x', bootstrap: { theme: 'dark' } } });
    // @ts-expect-error both
    FlagsProvider({ instance, config: { flags: testFlags, clientSideId: 'x' } });
    // @ts-expect-error neither
    FlagsProvider({});
    // @ts-expect-error a bootstrap value the flag cannot take
    createFlags({ flags: testFlags, clientSideId: 'x', bootstrap: { theme: 'blue' } });
  });

  it('createBootstrap returns the catalogue shape, partial', () => {
    expectTypeOf(createBootstrap(testFlags, { clientSideId: 'x', consent: 'granted' })).resolves.toEqualTypeOf<
      Partial<{
        'new-checkout': boolean;
        theme: 'light' | 'dark';
        'price-test': 'control' | 'a' | 'b';
        fpImprovedUI: boolean;
      }>
    >();
    // @ts-expect-error consent is required: there is no safe default
    createBootstrap(testFlags, { clientSideId: 'x' });
    // A refusal is the server entry's, as every server entry's (source 'server', not 'bootstrap').
    createBootstrap(testFlags, {
      clientSideId: 'x',
      consent: 'granted',
      onError: (error) => expectTypeOf(error.source).toEqualTypeOf<'server'>(),
    });
  });

  it('dropped() is core’s DropCounts (visitor included), and the context setters write what core’s visitor takes', () => {
    const instance = createFlags({ flags: testFlags, clientSideId: 'x', consent: false });
    expectTypeOf(instance.dropped()).toEqualTypeOf<DropCounts>();
    void instance.setUserAttributes({ plan: 'pro', beta: null }); // a null value removes one
    void instance.setUserAttributes(null);
    void instance.setContext('organization', null);
    // @ts-expect-error a context kind needs its key
    void instance.setContext('organization', { plan: 'pro' });
  });

  it('secure mode: hash is given the context and its canonical key (sync or async), not the user', () => {
    const base = { flags: testFlags, clientSideId: 'x', consent: false as const };
    createFlags({ ...base, hash: ({ canonicalKey }) => canonicalKey });
    createFlags({ ...base, hash: async ({ context }) => (context.kind === 'multi' ? 'h' : undefined) });
    // @ts-expect-error the old signature, given the user: it cannot sign a multi-kind context
    createFlags({ ...base, hash: (user: { id: string } | null) => user?.id });
    createBootstrap(testFlags, { clientSideId: 'x', consent: 'granted', hash: 'h' });
    createBootstrap(testFlags, { clientSideId: 'x', consent: 'granted', hash: ({ canonicalKey }) => canonicalKey });
  });
});
