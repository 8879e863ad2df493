import { ErrorBoundary } from '@plinth/core';
import { lazy, type MouseEvent, type ReactNode, Suspense, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { config } from '../config';
import { pages } from '../pages';
import { FacilityProviders, FacilitySurvey } from '../providers';
import { CONSENT_BANNER_ID, ConsentGate, useBannerShown } from './ConsentGate';
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

/** The id of `<main>`: the target of the skip link "Skip to content". */
const CONTENT_ID = 'content';

/**
 * A skip link: the first thing Tab reaches (hidden until focused, styles.css). It moves the focus itself (and so
 * the sequential focus starting point) to its target, which takes the focus by script only (`tabIndex={-1}`);
 * no fragment is added to the URL, so the router sees no navigation.
 */
function SkipLink({ to, children }: { to: string; children: ReactNode }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(to);
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
  return (
    <a className="skip-link" href={`#${to}`} onClick={skip}>
      {children}
    </a>
  );
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
      <main id={CONTENT_ID} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

export function Layout() {
  const location = useLocation();
  const [inspectorOpen, setInspectorOpen] = useState(() => window.matchMedia(WIDE).matches);
  const bannerShown = useBannerShown();

  return (
    <div
      className="app"
      data-inspector={config.inspector ? (inspectorOpen ? 'open' : 'closed') : undefined}
      data-consent={bannerShown ? 'pending' : undefined}
    >
      {/* First in the tab order: past the header and nav to the page, and, while it is open, to the consent
          banner (last in the page's order, so a keyboard visitor would otherwise meet it after every control). */}
      <SkipLink to={CONTENT_ID}>Skip to content</SkipLink>
      {bannerShown && <SkipLink to={CONSENT_BANNER_ID}>Skip to your privacy choices</SkipLink>}
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
            {/* PostHog's survey for this visitor, if there is one, below the page. No Suspense of its own: it comes
                from the facilities' chunk, loaded with FacilityProviders, inside the same boundary (the shell). */}
            <FacilitySurvey />
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
