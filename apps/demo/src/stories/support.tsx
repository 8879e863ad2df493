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
 * A box as tall as the screen that contains the demo's fixed-position UI (the consent banner, the
 * inspector): a transform makes it the containing block of its `position: fixed` children. On the docs
 * page such stories render in their own iframe (`docsInFrame`), so each keeps its banner in its frame.
 */
export function Frame({ height, children }: { height: string; children: ReactNode }) {
  return <div style={{ position: 'relative', transform: 'translateZ(0)', minHeight: height }}>{children}</div>;
}

/** Docs parameters: render each story of the page in an iframe of this height (fixed-position UI). */
export const docsInFrame = (height: string) => ({ story: { inline: false, height } });

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
