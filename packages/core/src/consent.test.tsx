import { act, render, renderHook, screen } from '../../../tooling/render';
import { ConsentProvider, MissingProviderError, useConsent } from './ConsentProvider';
import { createConsent } from './consent';
import { TestConsentProvider } from './testing';

const memoryStorage = () => {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
};

describe('consent store', () => {
  beforeEach(() => localStorage.clear());

  it('starts pending for analytics, monitoring and functional', () => {
    const store = createConsent();
    expect(store.getState()).toEqual({ analytics: 'pending', monitoring: 'pending', functional: 'pending' });
  });

  it('persists decisions first-party and reads them back in a new store', () => {
    createConsent().grant('analytics');
    const stored = JSON.parse(localStorage.getItem('plinth.consent')!);
    expect(stored).toMatchObject({ v: 1, decisions: { analytics: 'granted' } });
    expect(stored.decisions.monitoring).toBeUndefined(); // pending is not a decision
    expect(createConsent().getState()).toEqual({ analytics: 'granted', monitoring: 'pending', functional: 'pending' });
  });

  it('ignores a stored record of another version and unreadable records', () => {
    const storage = memoryStorage();
    storage.setItem('plinth.consent', JSON.stringify({ v: 1, decisions: { analytics: 'granted' } }));
    expect(createConsent({ storage, version: 2 }).get('analytics')).toBe('pending');
    storage.setItem('plinth.consent', '{not json');
    expect(createConsent({ storage }).get('analytics')).toBe('pending');
  });

  it('notifies subscribers with the changes, only when something changed, and stops after unsubscribe', () => {
    const store = createConsent({ storage: null });
    const listener = vi.fn();
    const off = store.subscribe(listener);
    store.grant('analytics');
    store.grant('analytics');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]![1]).toEqual([{ category: 'analytics', from: 'pending', to: 'granted' }]);
    off();
    store.deny('analytics');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('emits revoke when a granted category is denied or reset, not when pending is denied', () => {
    const store = createConsent({ storage: null });
    const revoked = vi.fn();
    store.onRevoke('analytics', revoked);
    store.deny('analytics');
    expect(revoked).not.toHaveBeenCalled();
    store.grant('analytics');
    store.deny('analytics');
    expect(revoked).toHaveBeenCalledTimes(1);
    store.grant('analytics');
    store.reset();
    expect(revoked).toHaveBeenCalledTimes(2);
  });

  it('reset forgets decisions and removes the stored record', () => {
    const storage = memoryStorage();
    const store = createConsent({ storage });
    store.grant();
    expect(storage.data.size).toBe(1);
    store.reset();
    expect(store.getState()).toEqual({ analytics: 'pending', monitoring: 'pending', functional: 'pending' });
    expect(storage.data.size).toBe(0);
  });

  it('rejects unknown categories with a clear error', () => {
    const store = createConsent({ storage: null });
    expect(() => store.grant('marketing')).toThrow(/unknown consent category "marketing"/);
    // Reading an unknown category fails closed too: never "pending for ever".
    expect(() => store.get('marketing')).toThrow(/unknown consent category "marketing"/);
    // The same source and code as the loader's for the same mistake.
    expect(() => store.get('marketing')).toThrow(
      expect.objectContaining({ source: 'config', code: 'unknown_category' }),
    );
  });

  it('keeps working when storage throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {},
    };
    const store = createConsent({ storage: broken });
    expect(() => store.grant('analytics')).not.toThrow();
    expect(store.get('analytics')).toBe('granted');
  });

  it('listens to other tabs only while subscribed (no listener leak)', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    const store = createConsent();
    const storageCalls = (spy: typeof add) => spy.mock.calls.filter(([type]) => type === 'storage').length;
    expect(storageCalls(add)).toBe(0);
    const a = store.subscribe(() => {});
    const b = store.subscribe(() => {});
    expect(storageCalls(add)).toBe(1);
    a();
    expect(storageCalls(remove)).toBe(0);
    b();
    expect(storageCalls(remove)).toBe(1);
  });

  it('follows a decision made in another tab', () => {
    const store = createConsent();
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.get('analytics')).toBe('pending');
    localStorage.setItem('plinth.consent', JSON.stringify({ v: 1, decisions: { analytics: 'denied' } }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'plinth.consent' }));
    expect(store.get('analytics')).toBe('denied');
    expect(listener).toHaveBeenCalledOnce();
  });
});

function Banner() {
  const consent = useConsent();
  if (!consent.pending) return <p>decided: {JSON.stringify(consent.state)}</p>;
  return (
    <div role="dialog" aria-label="consent">
      <button type="button" onClick={() => consent.grant()}>
        Accept
      </button>
      <button type="button" onClick={() => consent.deny('analytics', 'monitoring')}>
        Reject
      </button>
    </div>
  );
}

describe('ConsentProvider and useConsent (StrictMode)', () => {
  beforeEach(() => localStorage.clear());

  it('renders the banner until a decision, then the decision; persisted', () => {
    render(
      <ConsentProvider>
        <Banner />
      </ConsentProvider>,
    );
    act(() => screen.getByText('Accept').click());
    expect(screen.getByText(/decided/).textContent).toBe(
      'decided: {"analytics":"granted","monitoring":"granted","functional":"granted"}',
    );
    expect(JSON.parse(localStorage.getItem('plinth.consent')!).decisions).toEqual({
      analytics: 'granted',
      monitoring: 'granted',
      functional: 'granted',
    });
  });

  it('shares one store between components and re-renders both', () => {
    const store = createConsent({ storage: null });
    const Status = () => <span>{useConsent().status('analytics')}</span>;
    render(
      <ConsentProvider store={store}>
        <Status />
        <Banner />
      </ConsentProvider>,
    );
    act(() => screen.getByText('Reject').click());
    expect(screen.getByText('denied')).toBeTruthy();
    expect(store.get('analytics')).toBe('denied');
  });

  it('TestConsentProvider starts from given decisions without touching storage', () => {
    const { result } = renderHook(() => useConsent(), {
      wrapper: ({ children }) => (
        <TestConsentProvider decisions={{ analytics: 'granted' }}>{children}</TestConsentProvider>
      ),
    });
    expect(result.current.status('analytics')).toBe('granted');
    expect(result.current.status('monitoring')).toBe('pending');
    expect(localStorage.length).toBe(0);
  });

  it('throws a named error pointing at the testing entry outside a provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useConsent())).toThrow(MissingProviderError);
    expect(() => renderHook(() => useConsent())).toThrow('useConsent() must be used inside <ConsentProvider>');
    expect(new MissingProviderError('useLogger', 'logging').message).toMatch(
      /^useLogger\(\) must be used inside <LoggerProvider>\./,
    );
    expect(() => renderHook(() => useConsent())).toThrow(/@plinth\/core\/testing/);
  });
});
