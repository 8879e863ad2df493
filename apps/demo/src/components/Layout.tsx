import { ErrorBoundary, useConsent } from '@plinth/core';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { config } from '../config';
import { pages } from '../pages';
import { FacilityProviders } from '../providers';
import { ConsentGate } from './ConsentGate';
import { PagePending } from './PagePending';

// A development panel: its own chunk, so the first page does not wait for it. Its column (desktop) or
// bar (phone) is reserved by CSS from the first paint, so nothing moves when it arrives.
// Auth's UI needs @plinth/auth, which is in the facilities' chunk: these come with it, never at start-up.
const SignInSlot = lazy(() => import('./SignInSlot').then((m) => ({ default: m.SignInSlot })));
const AuthAlert = lazy(() => import('./AuthAlert').then((m) => ({ default: m.AuthAlert })));
const emptySlot = <div className="sign-in" data-slot="sign-in" />;

const Inspector = lazy(() => import('./Inspector').then((m) => ({ default: m.Inspector })));

/** Wide screens dock the inspector as a side column, open; narrow ones as a bottom bar, closed. */
const WIDE = '(min-width: 70rem)';

interface PageColumnProps {
  /** The header's sign-in slot. */
  signIn: ReactNode;
  /** What `<main>` shows. */
  children: ReactNode;
}

/** Header (brand, data-driven nav, sign-in slot) and `<main>`: the same markup before and after the facilities load. */
function PageColumn({ signIn, children }: PageColumnProps) {
  return (
    <div className="page">
      <header className="top">
        <NavLink to="/" className="brand">
          Plinth
        </NavLink>
        <nav aria-label="Main">
          {pages
            .filter((p) => p.nav !== false)
            .map(({ path, label }) => (
              <NavLink key={path} to={path} end={path === '/'}>
                {label}
              </NavLink>
            ))}
        </nav>
        {signIn}
      </header>
      <main>{children}</main>
    </div>
  );
}

export function Layout() {
  const location = useLocation();
  const [inspectorOpen, setInspectorOpen] = useState(() => window.matchMedia(WIDE).matches);
  const { pending } = useConsent();

  return (
    <div
      className="app"
      data-inspector={config.inspector ? (inspectorOpen ? 'open' : 'closed') : undefined}
      data-consent={pending ? 'pending' : undefined}
    >
      {/* Until the facilities' chunk (auth, analytics, flags, logging) has arrived: the shell, pending. */}
      <Suspense
        fallback={
          <PageColumn signIn={emptySlot}>
            <PagePending />
          </PageColumn>
        }
      >
        <FacilityProviders>
          <PageColumn
            signIn={
              <Suspense fallback={emptySlot}>
                <SignInSlot />
              </Suspense>
            }
          >
            <Suspense fallback={null}>
              <AuthAlert />
            </Suspense>
            <ErrorBoundary
              key={location.pathname}
              context={{ route: location.pathname }}
              fallback={<p role="alert">This page failed to render. The error was reported.</p>}
            >
              <Suspense fallback={<PagePending />}>
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          </PageColumn>
        </FacilityProviders>
      </Suspense>
      <ConsentGate />
      {config.inspector && (
        <Suspense fallback={null}>
          <Inspector open={inspectorOpen} onOpenChange={setInspectorOpen} />
        </Suspense>
      )}
    </div>
  );
}
