import type { Decorator, Preview } from '@storybook/react-vite';
import { StrictMode } from 'react';
import { useEffect, useGlobals } from 'storybook/preview-api';
// The demo's design tokens and base element styles (font, colours, buttons, code): stories look like
// the app that composes them instead of rendering unstyled.
import '../apps/demo/src/tokens.css';
import './docs.css';
// A toolbar that flips any flag of the catalogue the flag stories use (their `withFlags` decorator reads it).
import { testFlags } from '../packages/flags/src/test-flags';
import { flagsToolbar } from '../packages/flags/src/testing';
import { StoryFrame } from './frames';
import { applyTheme, storyTestHooks, type Theme, WIDTHS, type Width } from './widths';

interface FrameParameters {
  /** The width the story opens at (a default: the toolbar can change it). Without it: the canvas's width. */
  width?: Width;
  /** On the docs page, the story's frame is this tall (fixed-position UI such as a banner or a bottom bar). */
  docsHeight?: string;
}

/** The toolbar's theme, on the whole canvas (a story) or around the story (a docs page). */
const withTheme: Decorator = (Story, { globals, viewMode }) => {
  const theme: Theme = globals.theme === 'dark' ? 'dark' : 'light';
  useEffect(() => {
    if (viewMode === 'story') applyTheme(document.documentElement, theme);
  }, [theme, viewMode]);
  if (viewMode !== 'docs' || theme === 'light') return <Story />;
  return (
    <div data-theme="dark" style={{ padding: '1rem' }}>
      <Story />
    </div>
  );
};

/**
 * A story opens at its own width, as a default the designer can change (a story's `globals.viewport`
 * would lock the toolbar). Applied once each time a story is opened; a link's own `globals=viewport:…`
 * wins on the first story.
 */
let opened: string | undefined;
const withStoryWidth: Decorator = (Story, { id, parameters, viewMode }) => {
  const [globals, updateGlobals] = useGlobals();
  useEffect(() => {
    // Only the canvas of Storybook itself (its manager's preview frame): not a docs page, not a story in a docs
    // page's frame (its globals would reach the docs page and reload it), not a test.
    const inManager = window.frameElement?.id === 'storybook-preview-iframe';
    if (viewMode !== 'story' || !inManager || storyTestHooks() || opened === id) return;
    const first = opened === undefined;
    opened = id;
    const wanted = (parameters as FrameParameters).width;
    const current = (globals.viewport as { value?: string } | undefined)?.value;
    if ((first && current) || current === wanted) return;
    updateGlobals({ viewport: { value: wanted, isRotated: false } });
  }, [id]);
  return <Story />;
};

/** In a story test, the browser takes the story's width (the desktop's when it names none) before it renders. */
const sizeForTest: Preview['beforeEach'] = async ({ parameters }) => {
  const hooks = storyTestHooks();
  if (!hooks) return;
  const { width, height } = WIDTHS[(parameters as FrameParameters).width ?? 'desktop'];
  await hooks.resize(width, height);
};

/**
 * On a docs page, a story that names a width, a height or has a play function is shown in its own frame
 * (see StoryFrame); the others render inline as usual.
 */
const withDocsFrame: Decorator = (Story, context) => {
  const { width, docsHeight } = context.parameters as FrameParameters;
  if (context.viewMode !== 'docs' || !(width || docsHeight || context.playFunction)) return <Story />;
  return (
    <StoryFrame
      id={context.id}
      title={`${context.title}: ${context.name}`}
      theme={context.globals.theme === 'dark' ? 'dark' : 'light'}
      width={width ? WIDTHS[width].width : undefined}
      height={docsHeight}
    />
  );
};

const preview: Preview = {
  tags: ['autodocs'],
  globalTypes: {
    ...flagsToolbar(testFlags, { theme: ['light', 'dark'], 'price-test': ['control', 'a', 'b'] }),
    theme: {
      description: 'Colour theme (the design tokens, light or dark)',
      toolbar: {
        title: 'Theme',
        icon: 'contrast',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  beforeEach: sizeForTest,
  // The last decorator is the outermost.
  decorators: [
    (Story) => (
      <StrictMode>
        <Story />
      </StrictMode>
    ),
    withTheme,
    withStoryWidth,
    withDocsFrame,
  ],
  parameters: {
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // The toolbar's widths; a story picks its default with `parameters: { width: 'phone' }`.
    viewport: {
      options: Object.fromEntries(
        Object.entries(WIDTHS).map(([key, { name, width, height, type }]) => [
          key,
          { name, styles: { width: `${width}px`, height: `${height}px` }, type },
        ]),
      ),
    },
    // Accessibility violations fail the story tests.
    a11y: { test: 'error' },
  },
};
export default preview;
