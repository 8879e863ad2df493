import { ErrorBoundary } from '@plinth/core';
import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { config } from '../config';
import { trackPageView } from '../telemetry';
import { ConsentBanner } from './ConsentBanner';
import { Inspector } from './Inspector';
import { SignInSlot } from './SignInSlot';

const NAV = [
  ['/', 'Home'],
  ['/article', 'Article'],
  ['/device', 'Your device'],
  ['/privacy', 'Privacy'],
] as const;

export function Layout() {
  const location = useLocation();
  // One page view per navigation (push, replace, pop; each has a new location key), after the page's
  // own effects have set its title. The ref keeps StrictMode's second effect run from counting twice.
  const tracked = useRef<string | null>(null);
  useEffect(() => {
    if (tracked.current === location.key) return;
    tracked.current = location.key;
    trackPageView();
  }, [location.key]);

  return (
    <div className="app">
      <header className="top">
        <NavLink to="/" className="brand">
          Plinth
        </NavLink>
        <nav aria-label="Main">
          {NAV.map(([to, label]) => (
            <NavLink key={to} to={to} end={to === '/'}>
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
          <Outlet />
        </ErrorBoundary>
      </main>
      <ConsentBanner />
      {config.inspector && <Inspector />}
    </div>
  );
}
