import { MissingProviderError, PlinthError } from '@plinth/core';
import { createTestConsent, resetChannel, TestConsentProvider } from '@plinth/core/testing';
import { render, renderHook, screen, waitFor } from '../../../tooling/render';
import type { LogClient } from './adapter/datadog';
import { startDatadog } from './adapter/datadog';
import { createLogger } from './createLogger';
import { LoggingProvider } from './LoggingProvider';
import { createRecordingLogger, resetLogging, TestLoggingProvider } from './testing';
import { useLogger } from './useLogger';

// The subject is the provider's lifecycle; the SDK adapter is a fake.
vi.mock('./adapter/datadog', () => ({ startDatadog: vi.fn() }));

const logs: string[] = [];
const client: LogClient = {
  log: (entry) => logs.push(entry.message),
  setGlobalContext: () => {},
  setUser: () => {},
  revoke: () => logs.push('(revoked)'),
  regrant: () => {},
  sessionId: () => undefined,
};
beforeEach(() => {
  logs.length = 0;
  vi.mocked(startDatadog).mockReset().mockReturnValue(client);
});
afterEach(() => {
  resetChannel();
  resetLogging();
});

function Hello() {
  const logger = useLogger();
  logger.info('rendered');
  return <p>hello</p>;
}

describe('LoggingProvider', () => {
  it('creates one logger, loads the SDK once under StrictMode, with consent from ConsentProvider', async () => {
    const store = createTestConsent({ monitoring: 'granted' });
    render(
      <TestConsentProvider store={store}>
        <LoggingProvider config={{ clientToken: 't', proxy: 'http://127.0.0.1:1/intake' }}>
          <Hello />
        </LoggingProvider>
      </TestConsentProvider>,
    );
    expect(screen.getByText('hello')).toBeTruthy();
    await waitFor(() => expect(logs).toContain('rendered'));
    expect(startDatadog).toHaveBeenCalledTimes(1);
    // consent followed while mounted
    store.deny('monitoring');
    expect(logs).toContain('(revoked)');
  });

  it('waits for consent and loads nothing while it is pending', async () => {
    const store = createTestConsent();
    render(
      <TestConsentProvider store={store}>
        <LoggingProvider config={{ clientToken: 't' }}>
          <Hello />
        </LoggingProvider>
      </TestConsentProvider>,
    );
    expect(startDatadog).not.toHaveBeenCalled();
    store.grant('monitoring');
    await waitFor(() => expect(logs).toEqual(['rendered', 'rendered'])); // StrictMode renders twice
    expect(startDatadog).toHaveBeenCalledTimes(1);
  });

  it('fails closed without a consent store, unless told consent: false', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<LoggingProvider config={{ clientToken: 't' }} />)).toThrow(PlinthError);
    expect(() => render(<LoggingProvider config={{ clientToken: 't', consent: false }} />)).not.toThrow();
  });

  it('runs a given logger; after unmount a revocation still stops the SDK, a grant resumes nothing', async () => {
    const store = createTestConsent({ monitoring: 'granted' });
    const logger = createLogger({ clientToken: 't', consent: store });
    const { unmount } = render(
      <LoggingProvider logger={logger}>
        <Hello />
      </LoggingProvider>,
    );
    await waitFor(() => expect(logger.status()).toBe('ready'));
    unmount();
    store.deny('monitoring');
    expect(logs).toContain('(revoked)'); // withdrawing consent stops the SDK even with no provider mounted
    expect(logger.status()).toBe('denied');
    store.grant('monitoring');
    expect(logger.status()).toBe('denied'); // grants are followed again only once it is started again
  });

  it('useLogger() outside a provider throws MissingProviderError pointing at the testing entry', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useLogger())).toThrow(MissingProviderError);
    expect(() => renderHook(() => useLogger())).toThrow(/@plinth\/logging\/testing/);
  });
});

describe('TestLoggingProvider', () => {
  it('records what components log, with the same rules as the real logger', () => {
    const logger = createRecordingLogger({ level: 'info' });
    function Checkout() {
      const log = useLogger().child({ component: 'Checkout' });
      log.debug('hidden');
      log.error('payment failed', { step: 'pay' }, new Error('declined'));
      return null;
    }
    render(
      <TestLoggingProvider logger={logger}>
        <Checkout />
      </TestLoggingProvider>,
      { strict: false },
    );
    expect(logger.entries).toHaveLength(1);
    expect(logger.of('error')[0]).toMatchObject({
      message: 'payment failed',
      context: { component: 'Checkout', step: 'pay' },
    });
    resetLogging();
    expect(logger.entries).toEqual([]);
    expect(startDatadog).not.toHaveBeenCalled();
  });

  it("records in `sent` what would reach the intake: scrubbed, then the app's beforeSend (drops and edits)", () => {
    const logger = createRecordingLogger({
      service: 'shop',
      beforeSend: (event) => {
        if (event.message === 'healthcheck') return false;
        event.team = 'payments';
      },
    });
    const checkout = logger.child({ component: 'Checkout' });
    checkout.info('healthcheck');
    checkout.child({ step: 'pay' }).error('declined for ana@example.com', { token: 't' }, new TypeError('card'));
    expect(logger.entries).toHaveLength(2);
    expect(logger.sent).toEqual([
      {
        date: expect.any(Number),
        message: 'declined for [redacted]',
        status: 'error',
        origin: 'logger',
        service: 'shop',
        component: 'Checkout',
        step: 'pay',
        token: '[redacted]',
        team: 'payments',
        error: { kind: 'TypeError', message: 'card', stack: expect.stringContaining('TypeError: card') },
      },
    ]);
    logger.clear();
    expect(logger.sent).toEqual([]);
  });

  it('records every level, follows setLevel, answers a given sessionId, and keeps error causes and fingerprint in `sent`', () => {
    const logger = createRecordingLogger({ level: 'notice', sessionId: 'test-session' });
    const child = logger.child({ component: 'Checkout' });
    logger.info('below');
    const failure = Object.assign(new Error('order failed', { cause: new TypeError('db down for ana@example.com') }), {
      dd_fingerprint: 'orders-db',
    });
    child.critical('cannot take orders', {}, failure);
    logger.setLevel('ok');
    expect([logger.level, child.level]).toEqual(['ok', 'ok']);
    child.ok('health ok');
    expect(logger.entries.map((e) => e.level)).toEqual(['critical', 'ok']);
    expect(logger.of('critical')).toHaveLength(1);
    expect(child.sessionId()).toBe('test-session');
    expect(createRecordingLogger().sessionId()).toBeUndefined();
    expect(logger.sent[0]).toMatchObject({
      status: 'critical',
      error: {
        kind: 'Error',
        message: 'order failed',
        fingerprint: 'orders-db',
        causes: [{ message: 'db down for [redacted]', source: 'logger', type: 'TypeError' }],
      },
    });
  });

  it('provides its own recording logger when none is given', () => {
    const { result } = renderHook(() => useLogger(), {
      wrapper: ({ children }) => <TestLoggingProvider>{children}</TestLoggingProvider>,
    });
    result.current.info('x');
    expect((result.current as ReturnType<typeof createRecordingLogger>).entries.map((e) => e.message)).toEqual(['x']);
  });
});
