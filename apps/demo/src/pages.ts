import { type ComponentType, lazy } from 'react';

export interface Page {
  /** Route path, also the nav link's target. */
  path: string;
  /** The nav link's text. */
  label: string;
  Component: ComponentType;
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
    path: '/privacy',
    label: 'Privacy',
    Component: lazy(() => import('./pages/Privacy').then((m) => ({ default: m.Privacy }))),
  },
];
