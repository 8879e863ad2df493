import { TestConsentProvider } from '@plinth/core/testing';
import { Suspense } from 'react';
import { mountAsApp, screen, waitFor } from '../../../tooling/render';
import { FlagsProvider } from './FlagsProvider';
import { sandboxConfig } from './test-sandbox';
import { useFlag } from './useFlag';

// Its own file: the "suspended above its provider" detection is page-wide (module) state. Mounted as an
// app mounts (`mountAsApp`: Suspense retries as in the app, not in testing-library's act queue).

function Price() {
  return <output data-testid="price">{useFlag('price-test', { suspend: true })}</output>;
}

it('a Suspense boundary above FlagsProvider does not wait for ever: the value after one timeout, and a development warning naming the fix', async () => {
  const warn = vi.spyOn(console, 'warn');
  const errors = vi.spyOn(console, 'error');
  mountAsApp(
    <TestConsentProvider decisions={{ functional: 'granted' }}>
      <Suspense fallback={<output data-testid="waiting">waiting</output>}>
        <FlagsProvider config={sandboxConfig(`above-${Date.now()}`, { timeoutMs: 500 })}>
          <Price />
        </FlagsProvider>
      </Suspense>
    </TestConsentProvider>,
  );
  await waitFor(() => expect(screen.getByTestId('waiting')).toBeTruthy());
  // Rendered after the first wait (the retry does not wait again); the provider then mounts and goes live.
  await waitFor(() => expect(screen.getByTestId('price').textContent).toMatch(/^(control|a)$/), { timeout: 3000 });
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('put <Suspense> inside <FlagsProvider>'));
  await waitFor(() => expect(screen.getByTestId('price').textContent).toBe('a'), { timeout: 3000 });
  // React's complaint when a component that suspended with use() does not call it again on the retry.
  expect(errors.mock.calls.map((call) => call.map(String).join(' ')).filter((text) => text.includes('use()'))).toEqual(
    [],
  );
  warn.mockRestore();
  errors.mockRestore();
});
