import { render as rtlRender, renderHook as rtlRenderHook, type RenderOptions } from '@testing-library/react';
import { StrictMode, type ReactElement, type ReactNode } from 'react';

/**
 * Test render helper shared by every package: wraps in <StrictMode> by default so double
 * effects and double renders are exercised everywhere (as react-oidc-context's tests do).
 */
export function render(ui: ReactElement, { strict = true, ...options }: RenderOptions & { strict?: boolean } = {}) {
  const Wrapper = options.wrapper;
  return rtlRender(ui, {
    ...options,
    wrapper: ({ children }: { children: ReactNode }) => {
      const inner = Wrapper ? <Wrapper>{children}</Wrapper> : children;
      return strict ? <StrictMode>{inner}</StrictMode> : <>{inner}</>;
    },
  });
}

export function renderHook<Result, Props>(
  hook: (props: Props) => Result,
  { strict = true, wrapper: Wrapper }: { strict?: boolean; wrapper?: (p: { children: ReactNode }) => ReactNode } = {},
) {
  return rtlRenderHook(hook, {
    wrapper: ({ children }: { children: ReactNode }) => {
      const inner = Wrapper ? <Wrapper>{children}</Wrapper> : children;
      return strict ? <StrictMode>{inner}</StrictMode> : <>{inner}</>;
    },
  });
}

export { act, fireEvent, screen, waitFor } from '@testing-library/react';
