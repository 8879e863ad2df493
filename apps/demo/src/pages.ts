import { type ComponentType, lazy } from 'react';

export interface Page {
  /** Route path, also the nav link's target. */
  path: string;
  /** The nav link's text. */
  label: string;
  Component: ComponentType;
  /** `false` for routes that are steps of a flow, not destinations (sign-in, the OIDC callback). */
  nav?: boolean;
}

/**
 * Every page of the demo, in nav order: the router and the `<nav>` are both built from this list, so a
 * new page is one entry here. Every page is its own lazy chunk (the Article's rich text, SVG sanitiser
 * and lazy rendering, the device page's user-agent parser), fetched when first visited while
 * `<PagePending>` holds its place: the start-up bundle is the shell (layout, consent, telemetry queue).
 */
export const pages: readonly Page[] = [
  {
    path: '/',
    label: 'Home',
    Component: lazy(() => import('./pages/Home').then((m) => ({ default: m.Home }))),
  },
  {
    path: '/article',
    label: 'Article',
    Component: lazy(() => import('./pages/Article').then((m) => ({ default: m.Article }))),
  },
  {
    path: '/device',
    label: 'Your device',
    Component: lazy(() => import('./pages/Device').then((m) => ({ default: m.Device }))),
  },
  {
    path: '/interactions',
    label: 'Tracked interactions',
    Component: lazy(() => import('./pages/Interactions').then((m) => ({ default: m.Interactions }))),
  },
  {
    path: '/break',
    label: 'Break something',
    Component: lazy(() => import('./pages/Break').then((m) => ({ default: m.Break }))),
  },
  {
    path: '/account',
    label: 'Account',
    Component: lazy(() => import('./pages/Account').then((m) => ({ default: m.Account }))),
  },
  {
    path: '/privacy',
    label: 'Privacy',
    Component: lazy(() => import('./pages/Privacy').then((m) => ({ default: m.Privacy }))),
  },
  {
    path: '/signin',
    label: 'Sign in',
    nav: false,
    Component: lazy(() => import('./pages/SignIn').then((m) => ({ default: m.SignIn }))),
  },
  {
    path: '/auth/callback',
    label: 'Signing in',
    nav: false,
    Component: lazy(() => import('./pages/SignIn').then((m) => ({ default: m.AuthCallback }))),
  },
  {
    // The hidden iframe of a silent sign-in (after a reload): @plinth/auth's provider answers it.
    path: '/silent-callback',
    label: 'Silent sign-in',
    nav: false,
    Component: () => null,
  },
];
