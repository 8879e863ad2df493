import {
  type RenderHookOptions,
  type RenderOptions,
  render as rtlRender,
  renderHook as rtlRenderHook,
} from '@testing-library/react';
import type { ReactNode } from 'react';

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
