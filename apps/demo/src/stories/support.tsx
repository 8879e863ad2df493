// Shared by the demo's stories (Storybook only; nothing here is imported by the app).
import type { Decorator } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
// The demo's layout styles (tokens.css comes with them), so its UI looks as it does in the app.
import '../styles.css';
import './stories.css';

/**
 * Story parameters: the story opens at a phone's width (390 × 844), a default the toolbar can change; its
 * test and its docs frame use that width too (.storybook/preview.tsx). Stories without it open at the
 * canvas's width (tests: the desktop's, 1280 × 800).
 */
export const phone = { width: 'phone' } as const;

/**
 * A box as tall as the screen that contains the demo's fixed-position UI (the consent banner, the
 * inspector): a transform makes it the containing block of its `position: fixed` children. On the docs
 * page such stories render in their own frame (`parameters: { docsHeight }`), so each keeps its banner in it.
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
