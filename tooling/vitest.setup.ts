import { afterEach } from 'vitest';

// Any unhandled rejection in a test run fails it: Vitest reports them as errors by default.
// Testing Library cleanup is registered only where the DOM exists (SSR tests run in node).
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => cleanup());
}
