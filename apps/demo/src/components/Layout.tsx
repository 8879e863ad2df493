import { ErrorBoundary, useConsent } from '@plinth/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { config } from '../config';
import { pages } from '../pages';
import { trackPageView } from '../telemetry';
import { ConsentGate } from './ConsentGate';
import { PagePending } from './PagePending';
import { SignInSlot } from './SignInSlot';

// A development panel: its own chunk, so the first page does not wait for it. Its column (desktop) or
// bar (phone) is reserved by CSS from the first paint, so nothing moves when it arrives.
const Inspector = lazy(() => import('./Inspector').then((m) => ({ default: m.Inspector })));

/** Wide screens dock the inspector as a side column, open; narrow ones as a bottom bar, closed. */
const WIDE = '(min-width: 70rem)';

/**
 * One page view per navigation (push, replace, pop; each has a new location key). Rendered after the
 * page inside the same Suspense boundary, so its effect runs once the (lazy) page has mounted and its
 * own effects have set the title. The ref keeps StrictMode's second effect run from counting twice.
 */
function PageView() {
  const location = useLocation();
  const tracked = useRef<string | null>(null);
  useEffect(() => {
    if (tracked.current === location.key) return;
    tracked.current = location.key;
    trackPageView();
  }, [location.key]);
  return null;
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
      <div className="page">
        <header className="top">
          <NavLink to="/" className="brand">
            Plinth
          </NavLink>
          <nav aria-label="Main">
            {pages.map(({ path, label }) => (
              <NavLink key={path} to={path} end={path === '/'}>
                {label}
              </NavLink>
            ))}
          </nav>
          <SignInSlot />
        </header>
        <main>
          <ErrorBoundary
            key={location.pathname}
            context={{ route: location.pathname }}
            fallback={<p role="alert">This page failed to render. The error was reported.</p>}
          >
            <Suspense fallback={<PagePending />}>
              <Outlet />
              <PageView />
            </Suspense>
          </ErrorBoundary>
        </main>
      </div>
      <ConsentGate />
      {config.inspector && (
        <Suspense fallback={null}>
          <Inspector open={inspectorOpen} onOpenChange={setInspectorOpen} />
        </Suspense>
      )}
    </div>
  );
}
