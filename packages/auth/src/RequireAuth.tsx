import { type ComponentType, type ReactNode, useEffect, useRef } from 'react';
import { useAuth } from './useAuth';

export interface RequireAuthProps {
  children?: ReactNode;
  /** Shown until signed in: while loading, while redirecting, and after an error (render `useAuth().error` in it). */
  fallback?: ReactNode;
  /** Where to come back to; default the current page. */
  returnTo?: string;
}

/**
 * Renders `children` for a signed-in user. A signed-out user is sent to sign in, at most once per
 * mount and once per 30 s per tab, and never after an error or an expired session.
 */
export function RequireAuth({ children, fallback = null, returnTo }: RequireAuthProps) {
  const { status, signIn } = useAuth();
  const tried = useRef(false);
  useEffect(() => {
    if (status !== 'signedOut' || tried.current) return;
    tried.current = true;
    void signIn({ returnTo, automatic: true });
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
