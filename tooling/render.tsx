import {
  type RenderHookOptions,
  type RenderOptions,
  render as rtlRender,
  renderHook as rtlRenderHook,
} from '@testing-library/react';
import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { onTestFinished } from 'vitest';

/**
 * Test render helpers shared by every package: React StrictMode at the root by default (as
 * react-oidc-context's tests do), so double renders and the mount → unmount → mount effect cycle
 * are exercised everywhere. StrictMode must wrap the root: nested inside a wrapper component,
 * React 19 does not double-invoke effects.
 */
export function render(ui: ReactNode, { strict = true, ...options }: RenderOptions & { strict?: boolean } = {}) {
  return rtlRender(ui, { ...options, reactStrictMode: strict });
}

export function renderHook<Result, Props>(
  hook: (props: Props) => Result,
  { strict = true, ...options }: RenderHookOptions<Props> & { strict?: boolean } = {},
) {
  return rtlRenderHook(hook, { ...options, reactStrictMode: strict });
}

export { act, fireEvent, screen, waitFor } from '@testing-library/react';

/**
 * Mounts `ui` as an app mounts it: `createRoot` under StrictMode, outside testing-library's act queue (which
 * holds Suspense's retries until an awaited `act()` flushes them). Unmounted when the test finishes.
 */
export function mountAsApp(ui: ReactNode): void {
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const before = scope.IS_REACT_ACT_ENVIRONMENT;
  scope.IS_REACT_ACT_ENVIRONMENT = false;
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  root.render(<StrictMode>{ui}</StrictMode>);
  onTestFinished(() => {
    root.unmount();
    container.remove();
    scope.IS_REACT_ACT_ENVIRONMENT = before;
  });
}
