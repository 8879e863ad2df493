import { type RenderOptions, render as rtlRender, renderHook as rtlRenderHook } from '@testing-library/react';
import { type ReactNode, StrictMode } from 'react';

/**
 * Test render helper shared by every package: wraps in <StrictMode> by default so double
 * effects and double renders are exercised everywhere (as react-oidc-context's tests do).
 */
export function render(ui: ReactNode, { strict = true, ...options }: RenderOptions & { strict?: boolean } = {}) {
  const Wrapper = options.wrapper;
  return rtlRender(ui, {
    ...options,
    wrapper: ({ children }: { children: ReactNode }) => {
      const inner = Wrapper ? <Wrapper>{children}</Wrapper> : children;
      return strict ? <StrictMode>{inner}</StrictMode> : inner;
    },
  });
}

export function renderHook<Result, Props>(
  hook: (props: Props) => Result,
  {
    strict = true,
    wrapper: Wrapper,
    initialProps,
  }: { strict?: boolean; wrapper?: (p: { children: ReactNode }) => ReactNode; initialProps?: Props } = {},
) {
  return rtlRenderHook(hook, {
    ...(initialProps === undefined ? {} : { initialProps }),
    wrapper: ({ children }: { children: ReactNode }) => {
      const inner = Wrapper ? <Wrapper>{children}</Wrapper> : children;
      return strict ? <StrictMode>{inner}</StrictMode> : inner;
    },
  });
}

export { act, fireEvent, screen, waitFor } from '@testing-library/react';
