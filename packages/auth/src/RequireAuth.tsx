import { type ComponentType, type ReactNode, useEffect, useRef } from 'react';
import type { AuthorizationParams } from './types';
import { useAuth } from './useAuth';

/** `fallback`, `returnTo`, and the per-call parameters `signIn()` takes (`loginHint`, `prompt`, `acrValues`, …). */
export interface RequireAuthProps extends AuthorizationParams {
  children?: ReactNode;
  /** Shown until signed in: while loading, while redirecting, after an error (render `useAuth().error` in it), and after a sign-out while mounted. */
  fallback?: ReactNode;
  /** Where to come back to; default the current page. */
  returnTo?: string;
}

/**
 * Renders `children` for a signed-in user. A signed-out user is sent to sign in, at most once per
 * mount and once per 30 s per tab, and never after an error or an expired session. Unmounted before
 * the browser has left for the provider (the user went elsewhere while it was slow to answer), the
 * sign-in is cancelled. When the session it showed ends while it is mounted (a sign-out in this tab or
 * another), it shows `fallback` and starts no sign-in: the user just chose to leave (and after an app-only
 * sign-out the provider's session would sign them straight back in). Mounted again later, it signs in as usual.
 */
export function RequireAuth({ children, fallback = null, returnTo, ...params }: RequireAuthProps) {
  const { status, signIn } = useAuth();
  const attempt = useRef<AbortController | null>(null);
  const leaving = useRef<ReturnType<typeof setTimeout>>(undefined);
  const shown = useRef(false);
  if (status === 'signedIn') shown.current = true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `params` (a new object each render) is read when a sign-in starts; a change alone starts none
  useEffect(() => {
    // A cleanup followed by a setup (StrictMode, a dependency change) is not a departure.
    clearTimeout(leaving.current);
    if (status === 'signedOut' && !attempt.current && !shown.current) {
      attempt.current = new AbortController();
      void signIn({ ...params, returnTo, automatic: true, signal: attempt.current.signal });
    }
    return () => {
      leaving.current = setTimeout(() => attempt.current?.abort());
    };
  }, [status, signIn, returnTo]);
  return <>{status === 'signedIn' ? children : fallback}</>;
}

/** `RequireAuth` as a higher-order component. */
export function withRequireAuth<Props extends object>(
  Component: ComponentType<Props>,
  options: Omit<RequireAuthProps, 'children'> = {},
): ComponentType<Props> {
  const Guarded = (props: Props) => (
    <RequireAuth {...options}>
      <Component {...props} />
    </RequireAuth>
  );
  Guarded.displayName = `withRequireAuth(${Component.displayName ?? Component.name ?? 'Component'})`;
  return Guarded;
}
