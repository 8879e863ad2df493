// @vitest-environment node
import { renderToString } from 'react-dom/server';

// Filled in after the dynamic import, so the "before" snapshots are taken before the package loads.
const hook: { use?: () => { info(message: string): void } } = {};
function Show() {
  hook.use!().info('server render');
  return <p>ok</p>;
}

it('imports and renders on a server without window, vendor globals, fetch/console patches or an SDK start', async () => {
  const fetchBefore = globalThis.fetch;
  const errorBefore = console.error;
  const logBefore = console.log;
  const globalsBefore = new Set(Object.keys(globalThis));

  const { LoggerProvider, useLogger, createLogger } = await import('./index');
  const server = await import('./server');
  const { TestLoggerProvider, createTestLogger } = await import('./testing');
  hook.use = useLogger;

  const { createTestConsent } = await import('@plinth/core/testing');
  const consent = createTestConsent({ monitoring: 'granted' });
  const html = renderToString(
    <LoggerProvider config={{ clientToken: 't', consent, proxy: 'http://127.0.0.1:1/intake' }}>
      <Show />
    </LoggerProvider>,
  );
  expect(html).toBe('<p>ok</p>');
  const logger = createLogger({ clientToken: 't', consent });
  expect(logger.start()).toBeUndefined(); // a no-op on the server
  expect(logger.status()).toBe('idle');

  const recording = createTestLogger();
  hook.use = () => recording;
  expect(
    renderToString(
      <TestLoggerProvider instance={recording}>
        <Show />
      </TestLoggerProvider>,
    ),
  ).toBe('<p>ok</p>');
  expect(recording.entries.map((e) => e.message)).toEqual(['server render']);
  server.createLogger({ silent: true }).info('nothing printed');

  expect(typeof window).toBe('undefined');
  expect(typeof document).toBe('undefined');
  expect(globalThis.fetch).toBe(fetchBefore);
  expect(console.error).toBe(errorBefore);
  expect(console.log).toBe(logBefore);
  // the Datadog SDK defines window.DD_LOGS (globalThis.DD_LOGS) when imported: it was not
  expect(Object.keys(globalThis).filter((key) => !globalsBefore.has(key))).toEqual([]);
  expect('DD_LOGS' in globalThis).toBe(false);
});
