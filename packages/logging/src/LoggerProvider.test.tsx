import { MissingProviderError, PlinthError } from '@plinth/core';
import { createTestConsent, resetChannel, TestConsentProvider } from '@plinth/core/testing';
import { act, render, renderHook, screen, waitFor } from '../../../tooling/render';
import type { DatadogAdapter } from './adapter/datadog';
import { startDatadog } from './adapter/datadog';
import { createLogger } from './createLogger';
import { LoggerProvider } from './LoggerProvider';
import { createTestLogger, resetLogger, TestLoggerProvider } from './testing';
import { useLogger } from './useLogger';
import { useLoggerFailure, useLoggerStatus } from './useLoggerStatus';

// The subject is the provider's lifecycle; the SDK adapter is a fake.
vi.mock('./adapter/datadog', () => ({ startDatadog: vi.fn() }));

const logs: string[] = [];
const adapter: DatadogAdapter = {
  log: (entry) => logs.push(entry.message),
  globalContext: () => ({}),
  setGlobalContext: () => {},
  user: () => ({}),
  setUser: () => {},
  clearUser: () => {},
  revoke: () => logs.push('(revoked)'),
  regrant: () => {},
  sessionId: () => undefined,
};
beforeEach(() => {
  logs.length = 0;
  vi.mocked(startDatadog).mockReset().mockReturnValue(adapter);
});
afterEach(() => {
  resetChannel();
  resetLogger();
});

function Hello() {
  const logger = useLogger();
  logger.info('rendered');
  return <p>hello</p>;
}

describe('LoggerProvider', () => {
  it('creates one logger, loads the SDK once under StrictMode, with consent from ConsentProvider', async () => {
    const store = createTestConsent({ monitoring: 'granted' });
    render(
      <TestConsentProvider store={store}>
        <LoggerProvider config={{ clientToken: 't', proxy: 'http://127.0.0.1:1/intake' }}>
          <Hello />
        </LoggerProvider>
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
    const tokens = () => vi.mocked(startDatadog).mock.calls.map(([config]) => config.clientToken);
    // A control beside it, needing no consent and loading at once: its SDK arriving is the sentinel that a loader's
    // turn (after the next paint, then the import) has passed. Its effect runs after the inner provider's, so the
    // pending logger, had it ignored consent, would have loaded first.
    render(
      <LoggerProvider config={{ clientToken: 'control', consent: false, loadOn: 'consent' }}>
        <TestConsentProvider store={store}>
          <LoggerProvider config={{ clientToken: 't' }}>
            <Hello />
          </LoggerProvider>
        </TestConsentProvider>
      </LoggerProvider>,
    );
    await waitFor(() => expect(tokens()).toContain('control'));
    expect(tokens()).toEqual(['control']); // the logger waiting for consent loaded nothing
    store.grant('monitoring');
    await waitFor(() => expect(logs).toEqual(['rendered', 'rendered'])); // StrictMode renders twice
    expect(tokens()).toEqual(['control', 't']);
  });

  it('fails closed without a consent store (config, consent_required), unless told consent: false', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<LoggerProvider config={{ clientToken: 't' }} />)).toThrow(
      expect.objectContaining({ source: 'config', code: 'consent_required' }),
    );
    expect(() => render(<LoggerProvider config={{ clientToken: 't' }} />)).toThrow(PlinthError);
    expect(() => render(<LoggerProvider config={{ clientToken: 't', consent: false }} />)).not.toThrow();
  });

  it('runs a given logger; after unmount a revocation still stops the SDK, a grant resumes nothing', async () => {
    const store = createTestConsent({ monitoring: 'granted' });
    const logger = createLogger({ clientToken: 't', consent: store });
    const { unmount } = render(
      <LoggerProvider instance={logger}>
        <Hello />
      </LoggerProvider>,
    );
    await waitFor(() => expect(logger.status()).toBe('ready'));
    unmount();
    store.deny('monitoring');
    expect(logs).toContain('(revoked)'); // withdrawing consent stops the SDK even with no provider mounted
    expect(logger.status()).toBe('denied');
    store.grant('monitoring');
    expect(logger.status()).toBe('denied'); // grants are followed again only once it is started again
  });

  it('useLoggerStatus() and useLoggerFailure() follow the logger: waiting-consent, idle (granted, nothing logged), ready, denied, failed', async () => {
    const store = createTestConsent();
    function Status() {
      const failure = useLoggerFailure();
      const log = useLogger();
      return (
        <>
          <p>
            {useLoggerStatus()} {failure ? `${failure.source}/${failure.code}` : 'none'}
          </p>
          <button type="button" onClick={() => log.error('clicked')}>
            log
          </button>
        </>
      );
    }
    const { unmount } = render(
      <TestConsentProvider store={store}>
        <LoggerProvider config={{ clientToken: 't' }}>
          <Status />
        </LoggerProvider>
      </TestConsentProvider>,
    );
    expect(screen.getByText('waiting-consent none')).toBeTruthy();
    store.grant('monitoring');
    await screen.findByText('idle none'); // allowed: the SDK waits for the first log
    act(() => screen.getByRole('button', { name: 'log' }).click());
    await screen.findByText('ready none');
    store.deny('monitoring');
    await screen.findByText('denied none'); // a denial is a choice, not a failure
    unmount();
    vi.mocked(startDatadog).mockImplementation(() => {
      throw new Error('init exploded');
    });
    render(
      <LoggerProvider config={{ clientToken: 't', consent: false }}>
        <Status />
      </LoggerProvider>,
    );
    act(() => screen.getByRole('button', { name: 'log' }).click());
    await screen.findByText('failed loader/failed');
  });

  it('useLogger() outside a provider throws MissingProviderError naming the provider and the testing entry', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useLogger())).toThrow(MissingProviderError);
    expect(() => renderHook(() => useLogger())).toThrow(
      'useLogger() must be used inside <LoggerProvider>. In tests and stories, use @plinth/logging/testing.',
    );
    expect(() => renderHook(() => useLoggerStatus())).toThrow(
      /^useLoggerStatus\(\) must be used inside <LoggerProvider>/,
    );
    expect(() => renderHook(() => useLoggerFailure())).toThrow(
      /^useLoggerFailure\(\) must be used inside <LoggerProvider>/,
    );
  });
});

describe('TestLoggerProvider', () => {
  it('records what components log, with the same rules as the real logger', () => {
    const logger = createTestLogger({ level: 'info' });
    function Checkout() {
      const log = useLogger().child({ component: 'Checkout' });
      log.debug('hidden');
      log.error('payment failed', { step: 'pay' }, new Error('declined'));
      return null;
    }
    render(
      <TestLoggerProvider instance={logger}>
        <Checkout />
      </TestLoggerProvider>,
      { strict: false },
    );
    expect(logger.entries).toHaveLength(1);
    expect(logger.of('error')[0]).toMatchObject({
      message: 'payment failed',
      context: { component: 'Checkout', step: 'pay' },
    });
    resetLogger();
    expect(logger.entries).toEqual([]);
    expect(startDatadog).not.toHaveBeenCalled();
  });

  it('takes the test logger’s options, as TestFlagsProvider and TestAnalyticsProvider do', () => {
    function Status() {
      return <p>{useLoggerStatus()}</p>;
    }
    render(
      <TestLoggerProvider status="blocked">
        <Status />
      </TestLoggerProvider>,
      { strict: false },
    );
    expect(screen.getByText('blocked')).toBeTruthy();
  });

  it("records in `sent` what would reach the intake: scrubbed, then the app's beforeSend (drops and edits)", () => {
    const logger = createTestLogger({
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
    const logger = createTestLogger({ level: 'notice', sessionId: 'test-session' });
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
    expect(createTestLogger().sessionId()).toBeUndefined();
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

  it('answers the status hooks with what the test sets', () => {
    const logger = createTestLogger({ status: 'waiting-consent' });
    function Status() {
      const failure = useLoggerFailure();
      return (
        <p>
          {useLoggerStatus()} {failure ? failure.message : 'none'}
        </p>
      );
    }
    render(
      <TestLoggerProvider instance={logger}>
        <Status />
      </TestLoggerProvider>,
    );
    expect(screen.getByText('waiting-consent none')).toBeTruthy();
    act(() => logger.setStatus('blocked', new PlinthError('datadog: blocked', { source: 'loader', code: 'blocked' })));
    expect(screen.getByText('blocked datadog: blocked')).toBeTruthy();
  });

  it('provides its own recording logger when none is given', () => {
    const { result } = renderHook(() => useLogger(), {
      wrapper: ({ children }) => <TestLoggerProvider>{children}</TestLoggerProvider>,
    });
    result.current.info('x');
    expect((result.current as ReturnType<typeof createTestLogger>).entries.map((e) => e.message)).toEqual(['x']);
  });
});
