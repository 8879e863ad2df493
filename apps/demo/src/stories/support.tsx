// Shared by the demo's stories (Storybook only; nothing here is imported by the app).
import type { Decorator } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
// The demo's layout styles (tokens.css comes with them), so its UI looks as it does in the app.
import '../styles.css';
import './stories.css';

/** Story globals that show it at a phone's width (390 × 844); the story test runs at that size too. */
export const phone = { viewport: { value: 'phone', isRotated: false } };
/** Story globals for a desktop (1280 × 800). */
export const desktop = { viewport: { value: 'desktop', isRotated: false } };

/**
 * A box that contains the demo's fixed-position UI (the consent banner, the inspector): a transform makes
 * it the containing block of its `position: fixed` children, so on the docs page each story keeps its
 * banner inside its own frame instead of stacking them all at the bottom of the page.
 */
export function Frame({ height, children }: { height: string; children: ReactNode }) {
  return <div style={{ position: 'relative', transform: 'translateZ(0)', minHeight: height }}>{children}</div>;
}

/** Wraps the story in `Frame`. */
export const framed =
  (height = '100vh'): Decorator =>
  (Story) => (
    <Frame height={height}>
      <Story />
    </Frame>
  );

/** A router at `path` (the demo's components read the location and render links). */
export const routed =
  (path = '/'): Decorator =>
  (Story) => (
    <MemoryRouter initialEntries={[path]}>
      <Story />
    </MemoryRouter>
  );
