import { createFlagStore } from './store';

// The flag store (store.ts): values with one listener set per key, precedence of the layers, and the snapshot
// objects that let a component re-render only for its own flag.

const defaults = { theme: 'light', 'new-checkout': false, 'price-test': 'control' };

describe('createFlagStore', () => {
  it('starts on the defaults, then the cache, then bootstrap over both (each with its source and reason)', () => {
    const store = createFlagStore(defaults, [
      { source: 'cache', values: { theme: 'dark', 'price-test': 'a' } },
      { source: 'bootstrap', values: { 'price-test': 'b' } },
    ]);
    expect(store.get('theme')).toEqual({ value: 'dark', reason: 'CACHED', source: 'cache' });
    expect(store.get('price-test')).toEqual({ value: 'b', reason: 'STATIC', source: 'bootstrap' });
    expect(store.get('new-checkout')).toEqual({ value: false, reason: 'DEFAULT', source: 'default' });
  });

  it('a live value replaces them; undefined or null falls back to the default; an error code is the default with reason ERROR', () => {
    const store = createFlagStore(defaults, [{ source: 'bootstrap', values: { theme: 'dark' } }]);
    store.set({ theme: { value: 'dark', reason: 'FALLTHROUGH' } }, 'live');
    expect(store.get('theme')).toEqual({ value: 'dark', reason: 'FALLTHROUGH', source: 'live' });
    store.set({ theme: { value: undefined, reason: 'FALLTHROUGH' } }, 'live');
    expect(store.get('theme')).toEqual({ value: 'light', reason: 'DEFAULT', source: 'default' });
    store.set({ 'price-test': { value: 42, reason: 'ERROR', errorCode: 'TYPE_MISMATCH' } }, 'live');
    expect(store.get('price-test')).toEqual({
      value: 'control',
      reason: 'ERROR',
      source: 'default',
      errorCode: 'TYPE_MISMATCH',
    });
  });

  it('tells only the listeners of the keys that changed; the same value again tells nobody and keeps the snapshot', () => {
    const store = createFlagStore(defaults);
    const heard: string[] = [];
    const off = store.subscribe('theme', () => heard.push('theme'));
    store.subscribe('new-checkout', () => heard.push('new-checkout'));
    store.set({ theme: { value: 'dark', reason: 'FALLTHROUGH' } }, 'live');
    expect(heard).toEqual(['theme']);
    const snapshot = store.get('theme');
    store.set({ theme: { value: 'dark', reason: 'FALLTHROUGH' } }, 'live');
    expect(heard).toEqual(['theme']);
    expect(store.get('theme')).toBe(snapshot);
    off();
    store.set({ theme: { value: 'light', reason: 'FALLTHROUGH' } }, 'live');
    expect(heard).toEqual(['theme']); // unsubscribed
    store.set({ 'new-checkout': { value: true, reason: 'RULE_MATCH' } }, 'live');
    expect(heard).toEqual(['theme', 'new-checkout']);
  });

  it('a new reason or source for an equal value is a change, with the same value object (stable for memoised consumers)', () => {
    const store = createFlagStore({ config: { a: 1 } }, [{ source: 'cache', values: { config: { a: 2 } } }]);
    const cached = store.get('config');
    const heard = vi.fn();
    store.subscribe('config', heard);
    store.set({ config: { value: { a: 2 }, reason: 'FALLTHROUGH' } }, 'live');
    expect(heard).toHaveBeenCalledTimes(1);
    expect(store.get('config')).toEqual({ value: { a: 2 }, reason: 'FALLTHROUGH', source: 'live' });
    expect(store.get('config').value).toBe(cached.value);
  });

  it('a key outside the catalogue reads as its default (undefined), never throws', () => {
    expect(createFlagStore(defaults).get('no-such-flag')).toMatchObject({ source: 'default', reason: 'DEFAULT' });
  });
});
