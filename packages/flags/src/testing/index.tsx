/**
 * Network-free flags for tests and stories.
 *
 * @example
 * render(<TestFlagsProvider flags={flags} values={{ theme: 'dark' }}><App /></TestFlagsProvider>);
 * const fake = createTestFlags({ flags, values: { 'price-test': 'a' } }); // <TestFlagsProvider instance={fake}>
 * act(() => setTestFlag('theme', 'light'));
 * afterEach(() => resetFlags());
 */
import { channel, PlinthError, type VendorStatus } from '@plinth/core';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { FlagsContext } from '../context';
import type { Flags } from '../createFlags';
import type { FlagCatalogue, FlagKey, FlagValue, FlagValues } from '../defineFlags';
import type { AppContext } from '../ldContext';
import { createFlagStore } from '../store';
import type { UserAttributes } from '../userAttributes';
import { createReadyWait } from '../wait';
import { writeContext, writeUserAttributes } from '../writer';

export interface TestFlagsOptions {
  /** The catalogue, for defaults of flags not in `values`. */
  flags?: FlagCatalogue<Record<string, FlagValue>> | undefined;
  /** Values as if the flag service served them (source `'live'`). */
  values?: Partial<FlagValues> | undefined;
  /** The status once `values` apply (core's `VendorStatus`). Default `'ready'`. */
  status?: VendorStatus | undefined;
  /** Apply `values` and `status` this long after start (status `'loading'` until then, defaults showing). */
  delayMs?: number | undefined;
}

/** The recording fake: a `Flags` instance with no network that remembers every exposure. */
export interface TestFlags extends Flags {
  /** Exposures recorded, in order (also emitted on the session channel, as the real instance does). */
  readonly exposures: { key: string; variant: FlagValue }[];
  /** Metric events recorded by `track`, in order. */
  readonly tracked: { metric: string; value?: number | undefined; data?: Record<string, unknown> | undefined }[];
  /**
   * The context kinds the flags would be evaluated with: core's visitor groups (which `setContext` writes, as the
   * real instance does; read at each access, never a copy).
   */
  readonly contexts: Record<string, AppContext>;
  /** The user attributes the flags would be evaluated with: core's visitor `attributes` (`setUserAttributes` writes them). */
  readonly userAttributes: UserAttributes;
  set(key: string, value: FlagValue | undefined): void;
  setStatus(status: VendorStatus): void;
  /** How many times `start()` ran (StrictMode runs it twice; the real instance starts one SDK). */
  readonly starts: number;
}

const active = new Set<TestFlags>();

export function createTestFlags({ flags, values = {}, status = 'ready', delayMs }: TestFlagsOptions = {}): TestFlags {
  const defaults: Record<string, FlagValue> = { ...flags?.defaults };
  for (const [key, value] of Object.entries(values)) if (!(key in defaults)) defaults[key] = value as FlagValue;
  const delayed = delayMs !== undefined && delayMs > 0;
  const store = createFlagStore(defaults);
  let current: VendorStatus = delayed ? 'loading' : status;
  const listeners = new Set<(status: VendorStatus) => void>();
  const setStatus = (next: VendorStatus) => {
    if (next === current) return;
    current = next;
    for (const listener of [...listeners]) listener(next);
  };
  const subscribeStatus = (listener: (status: VendorStatus) => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  // As the real instance: bounded by its default `timeoutMs` (1.5 s), or the delay if longer.
  const wait = createReadyWait(
    { status: () => current, subscribeStatus, started: () => true },
    Math.max(1500, (delayMs ?? 0) + 50),
  );
  const live = (entries: Record<string, unknown>) =>
    store.set(
      Object.fromEntries(
        Object.entries(entries).map(([key, value]) => [key, { value: value as FlagValue, reason: 'TEST' }]),
      ),
      'live',
    );
  if (!delayed) live(values);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fake: TestFlags = {
    defaults,
    exposures: [],
    tracked: [],
    get contexts() {
      const kinds: Record<string, AppContext> = {};
      for (const [kind, group] of Object.entries(channel.visitor.get().groups))
        kinds[kind] = { ...group.attributes, key: group.key } as AppContext;
      return kinds;
    },
    get userAttributes() {
      return channel.visitor.get().attributes as UserAttributes;
    },
    starts: 0,
    track(metric, options = {}) {
      fake.tracked.push({ metric, ...options });
    },
    // The real instance's writers (their checks included): core's visitor, no network.
    setContext(kind, context) {
      writeContext(kind, context);
      return Promise.resolve();
    },
    setUserAttributes(attributes) {
      writeUserAttributes(attributes);
      return Promise.resolve();
    },
    ready: wait.ready,
    readyState: wait.readyState,
    details(key) {
      if (!(key in defaults)) {
        throw new PlinthError(`Flag "${key}" has no value: pass it in values, or pass flags={catalogue}`, {
          source: 'flags',
          code: 'unknown_flag',
        });
      }
      return store.get(key);
    },
    subscribe: store.subscribe,
    status: () => current,
    subscribeStatus,
    errors: () => ({}),
    failure: () => undefined,
    dropped: () => ({ overflow: 0, denied: 0, failed: 0, visitor: 0 }),
    exposure(key, variant) {
      fake.exposures.push({ key, variant });
      channel.exposure(key, variant, { source: store.get(key).source });
    },
    start() {
      (fake as { starts: number }).starts += 1;
      active.add(fake);
      if (delayed && timer === undefined && current === 'loading') {
        timer = setTimeout(() => {
          live(values);
          setStatus(status);
        }, delayMs);
      }
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
      active.delete(fake);
    },
    set(key, value) {
      if (!(key in defaults) && value !== undefined) defaults[key] = value;
      store.set({ [key]: { value, reason: 'TEST' } }, 'live');
    },
    setStatus,
  };
  return fake;
}

export type TestFlagsProviderProps = TestFlagsOptions & {
  /** A fake made with `createTestFlags` (to read its exposures); else one is made from the options. */
  instance?: TestFlags;
  children?: ReactNode;
};

/** `FlagsProvider` over the recording fake: no SDK, no network, no consent needed. */
export function TestFlagsProvider({ instance, children, ...options }: TestFlagsProviderProps) {
  const [own] = useState(() => instance ?? createTestFlags(options));
  useEffect(() => {
    own.start();
    return () => own.stop();
  }, [own]);
  return <FlagsContext.Provider value={own}>{children}</FlagsContext.Provider>;
}

/** Change a flag in every mounted `TestFlagsProvider` (wrap in `act()` in tests). */
export function setTestFlag<K extends FlagKey>(key: K, value: FlagValues[K]): void {
  for (const fake of active) fake.set(key, value as FlagValue);
}

/** Forget every test provider (their timers included). Call in `afterEach`. */
export function resetFlags(): void {
  for (const fake of [...active]) fake.stop();
  active.clear();
}

const GLOBAL = 'flags';

/** Storybook's `globalTypes` entry for a toolbar that flips any catalogue flag (`variants` lists string flags' values). */
export function flagsToolbar(
  flags: FlagCatalogue<Record<string, FlagValue>>,
  variants: Record<string, readonly FlagValue[]> = {},
) {
  const items = [{ value: '', title: 'Flags: catalogue defaults' }];
  for (const [key, value] of Object.entries(flags.defaults)) {
    const options = variants[key] ?? (typeof value === 'boolean' ? [true, false] : [value]);
    for (const option of options)
      items.push({ value: `${key}=${JSON.stringify(option)}`, title: `${key}: ${String(option)}` });
  }
  return {
    [GLOBAL]: {
      description: 'Flip a feature flag',
      toolbar: { title: 'Flags', icon: 'flag', items, dynamicTitle: true },
    },
  };
}

interface StoryContext {
  globals?: Record<string, unknown>;
  parameters?: { flags?: Omit<TestFlagsOptions, 'flags'> } & Record<string, unknown>;
}

/**
 * A Storybook decorator: the story inside a `TestFlagsProvider` with the catalogue's defaults, the
 * story's `parameters.flags` (`{ values, status, delayMs }`) and the toolbar's choice on top.
 */
export function withFlags(flags: FlagCatalogue<Record<string, FlagValue>>) {
  return function FlagsDecorator(Story: ComponentType, context: StoryContext) {
    const picked = typeof context.globals?.[GLOBAL] === 'string' ? (context.globals[GLOBAL] as string) : '';
    const split = picked.indexOf('=');
    const values: Record<string, unknown> = { ...context.parameters?.flags?.values };
    if (split > 0) values[picked.slice(0, split)] = JSON.parse(picked.slice(split + 1));
    // Keyed by the choice so a toolbar change remounts with the new values.
    return (
      <TestFlagsProvider
        key={picked}
        {...context.parameters?.flags}
        flags={flags}
        values={values as Partial<FlagValues>}
      >
        <Story />
      </TestFlagsProvider>
    );
  };
}
