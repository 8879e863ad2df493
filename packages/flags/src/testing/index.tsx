/**
 * Network-free flags for tests and stories.
 *
 * @example
 * render(<TestFlagsProvider flags={flags} values={{ theme: 'dark' }}><App /></TestFlagsProvider>);
 * act(() => setTestFlag('theme', 'light'));
 * afterEach(() => resetFlags());
 */
import { channel, PlinthError } from '@plinth/core';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { FlagsContext } from '../context';
import type { FlagsClient } from '../createFlagsClient';
import type { FlagCatalogue, FlagKey, Flags, FlagValue } from '../defineFlags';
import type { AppContext } from '../ldContext';
import { createFlagStore, type FlagsStatus } from '../store';
import { type UserAttributes, userAttributesError } from '../userAttributes';

export interface TestFlagsOptions {
  /** The catalogue, for defaults of flags not in `values`. */
  flags?: FlagCatalogue<Record<string, FlagValue>> | undefined;
  /** Values as if the flag service served them (source `'live'`). */
  values?: Partial<Flags> | undefined;
  /** The status once `values` apply. Default `'ready'`. */
  status?: FlagsStatus | undefined;
  /** Apply `values` and `status` this long after start (status `'loading'` until then, defaults showing). */
  delayMs?: number | undefined;
}

/** The recording fake: a `FlagsClient` with no network that remembers every exposure. */
export interface TestFlagsClient extends FlagsClient {
  /** Exposures recorded, in order (also emitted on the session channel, as the real client does). */
  readonly exposures: { key: string; variant: FlagValue }[];
  /** Metric events recorded by `track`, in order. */
  readonly tracked: { metric: string; value?: number | undefined; data?: Record<string, unknown> | undefined }[];
  /** The app's context kinds as `setContext` left them. */
  readonly contexts: Record<string, AppContext>;
  /** The user attributes as `setUserAttributes` left them. */
  readonly userAttributes: UserAttributes;
  set(key: string, value: FlagValue | undefined): void;
  setStatus(status: FlagsStatus): void;
  /** How many times `start()` ran (StrictMode runs it twice; the real client starts one SDK). */
  readonly starts: number;
}

const active = new Set<TestFlagsClient>();

export function createTestFlagsClient({
  flags,
  values = {},
  status = 'ready',
  delayMs,
}: TestFlagsOptions = {}): TestFlagsClient {
  const defaults: Record<string, FlagValue> = { ...flags?.defaults };
  for (const [key, value] of Object.entries(values)) if (!(key in defaults)) defaults[key] = value as FlagValue;
  const delayed = delayMs !== undefined && delayMs > 0;
  const store = createFlagStore(defaults, [], delayed ? 'loading' : status);
  const live = (entries: Record<string, unknown>) =>
    store.set(
      Object.fromEntries(
        Object.entries(entries).map(([key, value]) => [key, { value: value as FlagValue, reason: 'TEST' }]),
      ),
      'live',
    );
  if (!delayed) live(values);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fake: TestFlagsClient = {
    defaults,
    exposures: [],
    tracked: [],
    contexts: {},
    userAttributes: {},
    starts: 0,
    track(metric, options = {}) {
      fake.tracked.push({ metric, ...options });
    },
    setContext(kind, context) {
      if (context === null) delete fake.contexts[kind];
      else fake.contexts[kind] = context;
      return Promise.resolve();
    },
    setUserAttributes(attributes) {
      const problem = userAttributesError(attributes); // as the real client: a programming error throws
      if (problem) throw new PlinthError(`flags: ${problem}`, { source: 'flags', code: 'user_attributes' });
      (fake as { userAttributes: UserAttributes }).userAttributes = { ...attributes };
      return Promise.resolve();
    },
    // As the real client: bounded by its default `timeoutMs` (1.5 s), or the delay if longer.
    ready: () => store.ready(Math.max(1500, (delayMs ?? 0) + 50)),
    readyState: store.readyState,
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
    status: store.status,
    subscribeStatus: store.subscribeStatus,
    errors: () => ({}),
    failure: () => undefined,
    exposure(key, variant) {
      fake.exposures.push({ key, variant });
      channel.exposure(key, variant, { source: store.get(key).source });
    },
    start() {
      (fake as { starts: number }).starts += 1;
      active.add(fake);
      if (delayed && timer === undefined && store.status() === 'loading') {
        timer = setTimeout(() => {
          live(values);
          store.setStatus(status);
        }, delayMs);
      }
    },
    dispose() {},
    close() {
      clearTimeout(timer);
      active.delete(fake);
    },
    set(key, value) {
      if (!(key in defaults) && value !== undefined) defaults[key] = value;
      store.set({ [key]: { value, reason: 'TEST' } }, 'live');
    },
    setStatus: store.setStatus,
  };
  return fake;
}

export type TestFlagsProviderProps = TestFlagsOptions & {
  /** A fake made with `createTestFlagsClient` (to read its exposures); else one is made from the options. */
  client?: TestFlagsClient;
  children?: ReactNode;
};

/** `FlagsProvider` over the recording fake: no SDK, no network, no consent needed. */
export function TestFlagsProvider({ client, children, ...options }: TestFlagsProviderProps) {
  const [own] = useState(() => client ?? createTestFlagsClient(options));
  useEffect(() => {
    own.start();
    active.add(own);
    return () => {
      active.delete(own);
    };
  }, [own]);
  return <FlagsContext.Provider value={own}>{children}</FlagsContext.Provider>;
}

/** Change a flag in every mounted `TestFlagsProvider` (wrap in `act()` in tests). */
export function setTestFlag<K extends FlagKey>(key: K, value: Flags[K]): void {
  for (const fake of active) fake.set(key, value as FlagValue);
}

/** Forget every test provider (their timers included). Call in `afterEach`. */
export function resetFlags(): void {
  for (const fake of [...active]) fake.close();
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
      <TestFlagsProvider key={picked} {...context.parameters?.flags} flags={flags} values={values as Partial<Flags>}>
        <Story />
      </TestFlagsProvider>
    );
  };
}
